import type { Logger } from '@invoice-platform/common/logger';
import { keepRenewed, type LeaseRenewal } from '@invoice-platform/common/store/leases';
import type { OccurrenceLease, OccurrenceStore } from '../store/occurrences.ts';

/**
 * An occurrence a scheduler worker holds: its lease, renewed every third of its length while the
 * work lasts (keepRenewed), so work that outlives SCHEDULER_LEASE_MS is never taken over while its
 * replica lives. A replica that dies or stalls stops renewing, and its occurrence is due again for
 * others once the lease runs out.
 */
export interface HeldOccurrence {
  lease: OccurrenceLease;
  renewal: LeaseRenewal;
}

export interface OccurrenceLeasesDeps {
  occurrences: OccurrenceStore;
  leaseMs: number;
  log: Logger;
}

/** The occurrence leases one replica's workers hold: their renewals, so that they stop with the scheduler. */
export class OccurrenceLeases {
  private readonly deps: OccurrenceLeasesDeps;
  private readonly renewals = new Set<LeaseRenewal>();

  constructor(deps: OccurrenceLeasesDeps) {
    this.deps = deps;
  }

  /** Keeps `lease` renewed until `release` (or `releaseAll`). */
  hold(lease: OccurrenceLease): HeldOccurrence {
    const { occurrences, leaseMs, log } = this.deps;
    const renewal = keepRenewed({
      leaseMs,
      renew: () => occurrences.renewLease(lease, new Date(Date.now() + leaseMs)),
      onError: (err) => log.warn({ occurrence: lease.doc._id, err: (err as Error).message }, 'renewing a lease failed'),
    });
    this.renewals.add(renewal);
    return { lease, renewal };
  }

  /** The worker is done with the occurrence: its renewals end (the lease itself was completed or lapses). */
  release(held: HeldOccurrence): void {
    held.renewal.stop();
    this.renewals.delete(held.renewal);
  }

  /** Ends the renewals of leases still out (a hung call): the replica is stopping. */
  releaseAll(): void {
    for (const renewal of this.renewals) renewal.stop();
    this.renewals.clear();
  }
}
