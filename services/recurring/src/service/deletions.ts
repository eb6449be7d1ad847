import type { ServiceClock } from '@invoice-platform/common/clock';
import type { OccurrenceDoc } from '../domain/records.ts';
import { deletionView, planDeletion } from '../domain/series-deletion.ts';
import type { OccurrenceStore } from '../store/occurrences.ts';
import type { SeriesStore } from '../store/series.ts';
import { whileHoldingUpcoming } from './upcoming-holds.ts';

export interface DeletionsDeps {
  series: SeriesStore;
  occurrences: OccurrenceStore;
  clock: ServiceClock;
  /** How long a delete holds the occurrences it removes (a crashed delete's holds end then). */
  holdMs: number;
  /** How long a delete waits for a follow-up being generated right now (then 409). */
  busyWaitMs: number;
}

/**
 * DeleteSeries (the dashboard's "delete series"; domain/series-deletion.ts): while it holds every
 * occurrence not generated yet (service/upcoming-holds.ts), so no scheduler worker is generating
 * one, it marks the series deleted, then removes those occurrences; the open ones that produced an
 * invoice (their email still to go) leave the scheduler's range. Idempotent: a deleted series gets
 * the same cleanup (nothing, unless a delete crashed half way) and the same answer.
 */
export class Deletions {
  private readonly deps: DeletionsDeps;

  constructor(deps: DeletionsDeps) {
    this.deps = deps;
  }

  async delete(workspaceId: string, id: string) {
    const { series, occurrences } = this.deps;
    await series.getStored(workspaceId, id);
    await whileHoldingUpcoming(this.deps, id, async (held, token) => {
      const now = this.deps.clock.now();
      await series.change(
        workspaceId,
        id,
        (current) => occurrences.ofSeries(current._id),
        (current, all: OccurrenceDoc[]) => planDeletion(current, all, held, now),
        now,
        true,
      );
      await occurrences.deleteHeld(held, token);
      await occurrences.retireOpen(id, new Date());
    });
    return deletionView(await series.getStored(workspaceId, id), await occurrences.ofSeries(id));
  }
}
