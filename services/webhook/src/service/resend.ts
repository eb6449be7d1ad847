import type { ServiceClock } from '@invoice-platform/common/clock';
import { AppError } from '@invoice-platform/common/errors';
import { newId } from '@invoice-platform/common/ids';
import type { DeliveryDoc } from '../domain/deliveries.ts';
import type { Endpoint } from '../domain/endpoints.ts';
import type { DeliveryStore } from '../store/deliveries.ts';
import type { EndpointStore } from '../store/endpoints.ts';
import { endpointNotFound } from './endpoints.ts';
import { openDelivery } from './fanout.ts';

export interface EventResendDeps {
  endpoints: EndpointStore;
  deliveries: DeliveryStore;
  clock: ServiceClock;
  /** Wakes the delivery dispatcher (resends go out at once). */
  wake: () => void;
}

/**
 * docs/architecture.md#webhooks: the stored event again, same id and bytes, as a new delivery
 * (signed afresh when sent).
 */
export class EventResend {
  private readonly deps: EventResendDeps;

  constructor(deps: EventResendDeps) {
    this.deps = deps;
  }

  /** To the endpoint `endpointId` (which must be enabled), or to every enabled endpoint subscribed to the event's type. */
  async resend(workspaceId: string, eventId: string, endpointId?: string): Promise<DeliveryDoc[]> {
    const event = eventId ? await this.deps.deliveries.findEvent(eventId) : null;
    if (!event || event.workspace_id !== workspaceId) {
      throw new AppError('not_found', `Event ${eventId} is not in this workspace's delivery logs (kept 30 days).`);
    }
    let targets: Endpoint[];
    if (endpointId) {
      const endpoint = await this.deps.endpoints.load(workspaceId, endpointId);
      if (!endpoint) throw endpointNotFound(endpointId);
      if (!endpoint.enabled) {
        throw new AppError('application', `Webhook endpoint ${endpointId} is disabled; enable it before resending.`);
      }
      targets = [endpoint];
    } else {
      targets = (await this.deps.endpoints.list(workspaceId)).filter(
        (e) => e.enabled && e.event_types.includes(event.type),
      );
    }
    const now = this.deps.clock.now();
    const made = [];
    for (const endpoint of targets) {
      made.push(await openDelivery(this.deps.deliveries, event, endpoint, newId('whd'), true, now));
    }
    if (made.length > 0) this.deps.wake();
    return made;
  }
}
