import type { PageOf, PageRequest } from '@invoice-platform/common/paging';
import type { DeliveryDoc, DeliveryFilter } from '../domain/deliveries.ts';
import type { DeliveryStore } from '../store/deliveries.ts';

const dayMs = 86_400_000;

export interface DeliveryLogsDeps {
  deliveries: DeliveryStore;
}

/**
 * The delivery logs a workspace reads (ListDeliveries) and their retention (docs/architecture.md#webhooks:
 * 30 days, a purge job since TTL indexes are not portable).
 */
export class DeliveryLogs {
  private readonly deps: DeliveryLogsDeps;

  constructor(deps: DeliveryLogsDeps) {
    this.deps = deps;
  }

  list(filter: DeliveryFilter, page: PageRequest): Promise<PageOf<DeliveryDoc>> {
    return this.deps.deliveries.listDeliveries(filter, page);
  }

  /**
   * Deletes the logs older than `retentionDays` at `at`: deliveries with their attempts, events and
   * notices. Deleting what is already gone is harmless, so any number of replicas may run it.
   */
  async purge(at: Date, retentionDays: number): Promise<{ deliveries: number; events: number; cutoff: Date }> {
    const cutoff = new Date(at.getTime() - retentionDays * dayMs);
    const purged = await this.deps.deliveries.purge(cutoff);
    return { ...purged, cutoff };
  }
}
