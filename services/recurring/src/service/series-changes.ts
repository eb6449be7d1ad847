import type { ServiceClock } from '@invoice-platform/common/clock';
import { AppError } from '@invoice-platform/common/errors';
import type { OccurrenceDoc, SeriesDoc } from '../domain/records.ts';
import { becameActive, settledStatus } from '../domain/series-status.ts';
import type { OccurrenceStore } from '../store/occurrences.ts';
import type { SeriesChange, SeriesStore } from '../store/series.ts';

export interface SeriesChangesDeps {
  series: SeriesStore;
  occurrences: OccurrenceStore;
  clock: ServiceClock;
}

/**
 * How every change to a series is made: a compare-and-set on its version, decided on the series
 * and its occurrences as they are (decided again after a concurrent change), and followed by what
 * its new status asks for (a series active again finds its snoozed occurrences due at once).
 */
export class SeriesChanges {
  private readonly deps: SeriesChangesDeps;

  constructor(deps: SeriesChangesDeps) {
    this.deps = deps;
  }

  /** A change decided on the series and its occurrences (sorted by date) at the service clock's now. */
  async change(
    workspaceId: string,
    id: string,
    decide: (series: SeriesDoc, occurrences: OccurrenceDoc[], now: Date) => Partial<SeriesDoc> | null,
  ): Promise<SeriesChange> {
    const now = this.deps.clock.now();
    const change = await this.deps.series.change(
      workspaceId,
      id,
      (series) => this.deps.occurrences.ofSeries(series._id),
      (series, occurrences) => decide(series, occurrences, now),
      now,
    );
    await this.wakeIfActivated(change);
    return change;
  }

  /**
   * Brings the series' status in line with its occurrences (domain/series-status.ts settledStatus):
   * active with none open left becomes completed, completed with open ones (an extension racing the
   * last follow-up) active again. True when it became completed. A series deleted meanwhile has
   * no status to settle.
   */
  async settle(series: Pick<SeriesDoc, '_id' | 'workspace_id'>): Promise<boolean> {
    let change: SeriesChange;
    try {
      change = await this.deps.series.change(
        series.workspace_id,
        series._id,
        (current) => this.deps.occurrences.hasOpen(current._id),
        settledStatus,
        this.deps.clock.now(),
      );
    } catch (err) {
      if (AppError.isKind(err, 'not_found')) return false;
      throw err;
    }
    await this.wakeIfActivated(change);
    return change.after?.status === 'completed';
  }

  /**
   * A series that became active again finds its occurrences that a pass snoozed while it was not
   * due at once (a wake lost to a crash waits for the snooze to end).
   */
  private async wakeIfActivated({ before, after }: SeriesChange): Promise<void> {
    if (becameActive(before, after)) await this.deps.occurrences.wake(after!._id, this.deps.clock.now());
  }
}
