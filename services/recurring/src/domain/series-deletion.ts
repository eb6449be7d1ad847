import { AppError } from '@invoice-platform/common/errors';
import { replaceableNow } from './occurrences.ts';
import type { OccurrenceDoc, SeriesDoc } from './records.ts';

/**
 * Deleting a series (the dashboard's "delete series", docs/architecture.md#recurring): a soft
 * delete. The occurrences not generated yet are removed and the series is marked deleted, so no
 * client reads it again and the scheduler makes nothing more for it; the record and the
 * occurrences that produced an invoice stay, for those invoices (which keep their numbers) and the
 * events about them. Deleting it again changes nothing and answers the same.
 */

export function isDeleted(series: Pick<SeriesDoc, 'status'>): boolean {
  return series.status === 'deleted';
}

/**
 * The delete on the series and its occurrences as they are: the fields it sets, or null when the
 * series is deleted already. Every occurrence not generated yet must be `held` by the delete (no
 * scheduler worker is generating one meanwhile, and none starts before they are removed); one
 * added since the hold is a conflict, decided again.
 */
export function planDeletion(
  series: SeriesDoc,
  occurrences: readonly OccurrenceDoc[],
  held: readonly string[],
  now: Date,
): Partial<SeriesDoc> | null {
  if (isDeleted(series)) return null;
  if (occurrences.filter(replaceableNow).some((o) => !held.includes(o._id)))
    throw new AppError('conflict', 'The series is being changed concurrently. Retry shortly.');
  return { status: 'deleted', paused_reason: null, deleted_at: now };
}

/** The answer of a delete (recurring.v1 DeleteSeriesResponse), the same for every repeat. */
export function deletionView(series: SeriesDoc, occurrences: readonly OccurrenceDoc[]) {
  return {
    series_id: series._id,
    deleted_at: new Date(series.deleted_at ?? series.updated_at).toISOString(),
    invoices: occurrences
      .filter((o) => o.invoice_id)
      .map((o) => ({ invoice_id: o.invoice_id!, invoice_number: o.invoice_number ?? '', local_date: o.local_date })),
  };
}
