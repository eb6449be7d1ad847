import { AppError } from '@invoice-platform/common/errors';
import type { PlanLapse } from './plan.ts';
import type { SeriesDoc } from './records.ts';

/**
 * A series' status moves (docs/architecture.md#recurring): a client pauses an active series and
 * resumes a paused one; a lapsed plan pauses active ones; a series with nothing open left is
 * completed, and one with open occurrences again (an extension) active.
 */

/** OpenAPI `updateRecurringStatus`: pause from active, resume from paused; the fields it sets. */
export function statusMove(series: SeriesDoc, to: 'active' | 'paused'): Partial<SeriesDoc> {
  if (to === 'paused' && series.status !== 'active')
    throw new AppError('application', `Only an active series can be paused; this one is ${series.status}.`, {
      from: series.status,
      to,
    });
  if (to === 'active' && series.status !== 'paused')
    throw new AppError('application', `Only a paused series can be resumed; this one is ${series.status}.`, {
      from: series.status,
      to,
    });
  // A notice of an automatic pause not sent yet has nothing left to tell once the owner moved it.
  return { status: to, paused_reason: null, paused_message: null, pause_notice: null };
}

/** The automatic pause of an active series under a lapsed plan; null for one that is not active. */
export function planPause(series: SeriesDoc, reason: PlanLapse): Partial<SeriesDoc> | null {
  return series.status === 'active' ? { status: 'paused', paused_reason: reason } : null;
}

/**
 * The status that matches the series' occurrences: active with none open left becomes completed,
 * completed with open ones active again; null when it matches already.
 */
export function settledStatus(series: SeriesDoc, hasOpen: boolean): Partial<SeriesDoc> | null {
  if (series.status === 'active' && !hasOpen) return { status: 'completed' };
  if (series.status === 'completed' && hasOpen) return { status: 'active' };
  return null;
}

/** A series that became active again: its occurrences snoozed while it was not are due at once. */
export function becameActive(before: SeriesDoc, after: SeriesDoc | null): boolean {
  return after?.status === 'active' && before.status !== 'active';
}

/** Its last follow-up went out between the plan check and the change, which would now reactivate it unchecked. */
export function completedMeanwhile(): AppError {
  return new AppError('conflict', 'The series completed while it was being changed. Retry shortly.');
}
