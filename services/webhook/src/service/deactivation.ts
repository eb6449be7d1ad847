import type { ServiceClock } from '@invoice-platform/common/clock';
import type { Logger } from '@invoice-platform/common/logger';
import type { DeliveryDoc } from '../domain/deliveries.ts';
import type { Endpoint } from '../domain/endpoints.ts';
import type { DeliveryStore } from '../store/deliveries.ts';
import type { EndpointStore } from '../store/endpoints.ts';

export interface EndpointDeactivationDeps {
  endpoints: EndpointStore;
  deliveries: DeliveryStore;
  clock: ServiceClock;
  log: Logger;
}

/** The deactivation rule (docs/architecture.md#webhooks): an endpoint an event failed to reach with all its attempts. */
export class EndpointDeactivation {
  private readonly deps: EndpointDeactivationDeps;

  constructor(deps: EndpointDeactivationDeps) {
    this.deps = deps;
  }

  /** The delivery's endpoint when it is deactivated for failing in the delivery's epoch. */
  async deactivatedForFailing(delivery: DeliveryDoc): Promise<Endpoint | undefined> {
    const endpoint = await this.deps.endpoints.load(delivery.workspace_id, delivery.endpoint_id);
    const off =
      endpoint &&
      !endpoint.enabled &&
      endpoint.disabled_reason === 'failing' &&
      endpoint.enabled_epoch === delivery.endpoint_epoch;
    return off ? endpoint : undefined;
  }

  /**
   * docs/architecture.md#webhooks: after `delivery` used its last attempt, deactivates its endpoint
   * when no delivery to it succeeded since the delivery's first attempt. Returns the endpoint when
   * this call deactivated it.
   */
  async deactivateIfFailing(delivery: DeliveryDoc, firstAttemptAt: Date): Promise<Endpoint | undefined> {
    if (await this.deps.deliveries.succeededSince(delivery.endpoint_id, firstAttemptAt)) return undefined;
    const now = this.deps.clock.now();
    const { endpoint, changed } = await this.deps.endpoints.change(delivery.workspace_id, delivery.endpoint_id, (e) =>
      e.enabled && e.enabled_epoch === delivery.endpoint_epoch
        ? { enabled: false, disabled_reason: 'failing', disabled_at: now, updated_at: now }
        : null,
    );
    if (!endpoint || !changed) return undefined;
    await this.deps.deliveries.cancelOpen(endpoint.id, now);
    this.deps.log.warn(
      { workspace_id: endpoint.workspace_id, endpoint_id: endpoint.id, event_id: delivery.event_id },
      'webhook endpoint deactivated: an event used all its attempts',
    );
    return endpoint;
  }
}
