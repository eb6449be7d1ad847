import { addDays, atLocalTime } from '@invoice-platform/common/dates';
import type { OccurrenceDoc, SeriesDoc } from './records.ts';

/**
 * Occurrences left to generate or email; a series with none is completed
 * (docs/architecture.md#recurring). One being sent (or whose send has no known outcome) is not
 * sent as far as the series knows.
 */
export const openStatuses: OccurrenceDoc['status'][] = ['pending', 'failed', 'sending'];

export function isOpen(o: Pick<OccurrenceDoc, 'status'>): boolean {
  return openStatuses.includes(o.status);
}

/** What a frequency change replaces: the occurrences not generated yet. */
export function replaceableNow(o: OccurrenceDoc): boolean {
  return isOpen(o) && !o.invoice_id;
}

/** The id of a series' occurrence on a local date: one occurrence per date. */
export function occurrenceId(seriesId: string, localDate: string): string {
  return `${seriesId}:${localDate}`;
}

/** The local due date of the follow-up issued on `localDate`: the first invoice's issue-to-due offset kept. */
export function followUpDueDate(series: Pick<SeriesDoc, 'due_offset_days'>, localDate: string): string {
  return addDays(localDate, series.due_offset_days);
}

/**
 * The occurrence of `series` on the local date `local`, issued at the first invoice's time of
 * day: due for the scheduler at once when pending, never when it is born sent (occurrence 1).
 */
export function newOccurrence(
  series: SeriesDoc,
  local: string,
  status: OccurrenceDoc['status'],
  extra: Partial<OccurrenceDoc> = {},
): OccurrenceDoc {
  const date = atLocalTime(local, series.issue_seconds, series.time_zone);
  return {
    _id: occurrenceId(series._id, local),
    series_id: series._id,
    workspace_id: series.workspace_id,
    local_date: local,
    date,
    due_date: atLocalTime(followUpDueDate(series, local), 0, series.time_zone),
    status,
    sent_at: null,
    invoice_id: null,
    invoice_number: null,
    attempts: 0,
    next_attempt_at: date,
    due_at: status === 'pending' ? date : null,
    last_error: null,
    email_sent: false,
    message_id: null,
    ...extra,
  };
}
