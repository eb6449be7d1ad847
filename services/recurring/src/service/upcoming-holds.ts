import { AppError } from '@invoice-platform/common/errors';
import { setTimeout as sleep } from 'node:timers/promises';
import { replaceableNow } from '../domain/occurrences.ts';
import type { OccurrenceStore } from '../store/occurrences.ts';

export interface UpcomingHoldsDeps {
  occurrences: OccurrenceStore;
  /** How long a change holds the occurrences (given back when it ends; this bounds a crashed one's). */
  holdMs: number;
  /** How long a change waits for an occurrence a scheduler worker is generating before it gives up (409). */
  busyWaitMs: number;
}

/**
 * Runs `change` while it holds every occurrence of the series not generated yet (pending or failed
 * without an invoice; OccurrenceStore.hold, all under one token), so no scheduler worker starts on
 * one until the change is written and the holds are given back: a follow-up is made from the
 * series as it was before the change or as it is after it, never while it is being changed. It is
 * what an edit of the content and a delete need (a frequency change refuses at once instead).
 *
 * An occurrence a worker is on already is being generated right now: the change waits for it
 * (the worker records its invoice, and the occurrence is no longer the change's), and so does a
 * change that lost to a concurrent one (`change` throws a ConflictError: decided again on fresh
 * holds), for `busyWaitMs` at most; then the ConflictError says to retry.
 */
export async function whileHoldingUpcoming<T>(
  deps: UpcomingHoldsDeps,
  seriesId: string,
  change: (held: string[], token: string) => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + deps.busyWaitMs;
  for (let attempt = 0; ; attempt++) {
    const upcoming = (await deps.occurrences.ofSeries(seriesId)).filter(replaceableNow);
    const ids = upcoming.map((o) => o._id);
    const hold = await deps.occurrences.hold(ids, new Date(), deps.holdMs);
    if (hold.busy === undefined) {
      try {
        return await change(ids, hold.token);
      } catch (err) {
        if (!AppError.isKind(err, 'conflict') || Date.now() >= deadline) throw err;
      } finally {
        await deps.occurrences.releaseHold(ids, hold.token);
      }
    } else if (Date.now() >= deadline) {
      const date = upcoming.find((o) => o._id === hold.busy)?.local_date ?? 'one date';
      throw new AppError(
        'conflict',
        `The occurrence on ${date} is being generated right now; retry in a few seconds.`,
        { date },
      );
    }
    // With jitter, so concurrent changes of one series do not collide again.
    await sleep(Math.min(500, 20 * 2 ** attempt) * (0.5 + Math.random()));
  }
}
