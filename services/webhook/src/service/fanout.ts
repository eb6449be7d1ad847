import { currentTraceHeaders } from '@invoice-platform/common/kafka';
import type { Logger } from '@invoice-platform/common/logger';
import type { CrashHook } from '@invoice-platform/common/test-hooks';
import { type EventDoc, type LifecycleEnvelope, toPublicEvent } from '../domain/events.ts';
import { fanOutDeliveryId } from '../domain/ids.ts';
import type { DeliveryDoc } from '../domain/deliveries.ts';
import type { Endpoint } from '../domain/endpoints.ts';
import type { DeliveryStore } from '../store/deliveries.ts';
import type { EndpointStore } from '../store/endpoints.ts';
import type { ServiceClock } from '@invoice-platform/common/clock';

/**
 * Creates a delivery whose first attempt is due now: the senders take it from there. Idempotent
 * for a given id: a repeat finds the delivery as it is.
 */
export async function openDelivery(
  store: DeliveryStore,
  event: EventDoc,
  endpoint: Endpoint,
  id: string,
  resend: boolean,
  now: Date,
): Promise<DeliveryDoc> {
  const doc: DeliveryDoc = {
    _id: id,
    workspace_id: event.workspace_id,
    endpoint_id: endpoint.id,
    endpoint_epoch: endpoint.enabled_epoch,
    event_id: event._id,
    event_type: event.type,
    invoice_id: event.invoice_id,
    status: 'pending',
    attempt_count: 0,
    attempts: [],
    next_attempt_at: now,
    first_attempt_at: null,
    succeeded_at: null,
    resend,
    due_at: now,
    lease_token: null,
    trace_headers: currentTraceHeaders(),
    created_at: now,
    updated_at: now,
  };
  if (await store.insertDelivery(doc)) return doc;
  return (await store.findDelivery(id)) ?? doc;
}

export interface FanOutDeps {
  endpoints: EndpointStore;
  deliveries: DeliveryStore;
  clock: ServiceClock;
  log: Logger;
  /** Wakes the delivery dispatcher so first attempts go out at once. */
  wake: () => void;
  /** The crash tests' hook (common/test-hooks.ts); none in production. */
  crash?: CrashHook;
}

/**
 * invoice.lifecycle.v1 → deliveries (docs/contracts.md §5.4): each public event of a workspace with
 * webhook endpoints is stored once (deduped on its id) and gets one delivery per enabled endpoint
 * subscribed to its type. A redelivered event whose fan-out did not finish is fanned out again;
 * the delivery ids are derived from (event, endpoint), so nothing is created or sent twice.
 */
export class FanOut {
  private readonly deps: FanOutDeps;

  constructor(deps: FanOutDeps) {
    this.deps = deps;
  }

  async handle(envelope: LifecycleEnvelope): Promise<number> {
    const event = toPublicEvent(envelope);
    if (!event) return 0;
    const { endpoints, deliveries, clock, log } = this.deps;
    const all = await endpoints.list(event.workspaceId);
    // Workspaces without webhook settings keep nothing: there is nothing to send or resend.
    if (all.length === 0) return 0;
    const now = clock.now();
    const { event: stored } = await deliveries.insertEvent({
      _id: event.id,
      workspace_id: event.workspaceId,
      type: event.type,
      invoice_id: event.invoiceId,
      created: event.created,
      body: event.body,
      received_at: now,
      fanned_out: false,
    });
    if (stored.fanned_out) return 0;
    const targets = all.filter((e) => e.enabled && e.event_types.includes(event.type));
    let made = 0;
    for (const endpoint of targets) {
      await openDelivery(deliveries, stored, endpoint, fanOutDeliveryId(event.id, endpoint.id), false, now);
      made++;
      if (targets.length >= 2 && made === 1) this.deps.crash?.('webhook.mid-fanout', { event_id: event.id });
    }
    await deliveries.markFannedOut(event.id);
    if (made > 0) {
      log.debug({ event_id: event.id, type: event.type, deliveries: made }, 'event fanned out');
      this.deps.wake();
    }
    return made;
  }
}
