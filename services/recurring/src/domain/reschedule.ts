import { AppError } from '@invoice-platform/common/errors';
import { newOccurrence, replaceableNow } from './occurrences.ts';
import type { OccurrenceDoc, SeriesDoc } from './records.ts';
import { type Frequency, MAX_OCCURRENCES, planDates } from './schedule.ts';
import type { Limit } from './series-input.ts';
import { completedMeanwhile } from './series-status.ts';

/** A change to a series' schedule: the fields it sets, and the occurrences it adds. */
export interface ScheduleChange {
  patch: Partial<SeriesDoc>;
  added: OccurrenceDoc[];
}

/**
 * OpenAPI `extendRecurring` on the series and its occurrences (sorted by date) as they are:
 * occurrences after the last one; a completed series becomes active again (only when its plan was
 * checked first, `planChecked`). An end_date must lie after the last occurrence, and nothing is
 * added past the 1000 cap.
 */
export function planExtension(
  series: SeriesDoc,
  occurrences: readonly OccurrenceDoc[],
  limit: Limit,
  planChecked: boolean,
): ScheduleChange {
  if (series.status === 'completed' && !planChecked) throw completedMeanwhile();
  const last = occurrences.at(-1)?.local_date ?? series.anchor_date;
  if ('endDate' in limit && limit.endDate <= last)
    throw AppError.validation([
      { path: 'body.end_date', message: `must be after the last occurrence of the series (${last})` },
    ]);
  const room = Math.max(0, MAX_OCCURRENCES - occurrences.length);
  // One date more than fits tells an extension that passes the cap from one that reaches it.
  const dates = planDates(series.anchor_date, series.frequency as Frequency, series.next_step, limit, room + 1).filter(
    (d) => d > last,
  );
  if (dates.length > room)
    throw new AppError('application', `A series holds at most ${MAX_OCCURRENCES} occurrences; ${room} more fit.`);
  const added = dates.map((d) => newOccurrence(series, d, 'pending'));
  const patch: Partial<SeriesDoc> = { next_step: series.next_step + dates.length };
  if ('endDate' in limit) patch.requested_end_date = limit.endDate;
  else if (series.requested_end_date) patch.requested_end_date = null;
  if (added.length > 0 && series.status === 'completed') patch.status = 'active';
  return { patch, added };
}

/**
 * OpenAPI `changeRecurringFrequency` on the series and its occurrences as they are: the
 * occurrences not generated yet (all of them `held` by the change) are replaced by a new schedule
 * from `start`. `wasCompleted`: the series was completed when the change began (its plan was
 * checked then).
 */
export function planFrequencyChange(
  series: SeriesDoc,
  occurrences: readonly OccurrenceDoc[],
  held: readonly string[],
  change: { frequency: Frequency; start: string; limit: Limit },
  wasCompleted: boolean,
): ScheduleChange & { replaced: OccurrenceDoc[] } {
  if (series.status === 'completed' && !wasCompleted) throw completedMeanwhile();
  const replaced = occurrences.filter(replaceableNow);
  // An occurrence added since the hold (a concurrent extension) is not held: decide again later.
  if (replaced.some((o) => !held.includes(o._id)))
    throw new AppError('conflict', 'The series is being changed concurrently. Retry shortly.');
  const kept = occurrences.length - replaced.length;
  const keptDates = new Set(occurrences.filter((o) => !replaced.includes(o)).map((o) => o.local_date));
  const dates = planDates(change.start, change.frequency, 0, change.limit, Math.max(0, MAX_OCCURRENCES - kept)).filter(
    (d) => !keptDates.has(d),
  );
  const next: SeriesDoc = { ...series, frequency: change.frequency, anchor_date: change.start };
  const added = dates.map((d) => newOccurrence(next, d, 'pending'));
  const patch: Partial<SeriesDoc> = {
    frequency: change.frequency,
    anchor_date: change.start,
    next_step: dates.length,
    requested_end_date: 'endDate' in change.limit ? change.limit.endDate : null,
  };
  if (added.length > 0 && series.status === 'completed') patch.status = 'active';
  return { patch, added, replaced };
}

/** Why a frequency change is refused when one of the occurrences it replaces is held by a worker. */
export function beingGenerated(date: string): AppError {
  return new AppError(
    'application',
    `The occurrence on ${date} is being generated right now; retry in a few seconds.`,
    { date },
  );
}

/**
 * Why the upcoming occurrence on `date` was not skipped (the conditional delete removed nothing):
 * there is none, it produced an invoice, or a worker is generating it right now.
 */
export function skipRefusal(target: OccurrenceDoc | null, date: string): AppError {
  if (!target) return new AppError('application', `The series has no upcoming occurrence on ${date}.`, { date });
  if (target.invoice_id || target.status === 'sent')
    return new AppError('application', `The occurrence on ${date} already produced an invoice and cannot be removed.`, {
      date,
    });
  return beingGenerated(date);
}
