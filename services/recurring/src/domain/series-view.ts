import { iso } from '@invoice-platform/common/contracts/wire';
import { atLocalTime } from '@invoice-platform/common/dates';
import { isOpen } from './occurrences.ts';
import type { OccurrenceDoc, SeriesDoc } from './records.ts';

/** The status clients see (OpenAPI `RecurringOccurrence`: pending, sent, failed): one being sent is still pending. */
export function publicStatus(status: OccurrenceDoc['status']): 'pending' | 'sent' | 'failed' {
  return status === 'sending' ? 'pending' : status;
}

/**
 * The figures (OpenAPI `RecurringSeries`) of a series, derived from its occurrences (sorted by
 * date). An occurrence counts as generated once its invoice exists, even while its email is still
 * to go out.
 */
export function seriesView(series: SeriesDoc, occurrences: readonly OccurrenceDoc[], withOccurrences: boolean) {
  const open = occurrences.filter(isOpen);
  const generated = occurrences.filter((o) => o.invoice_id || o.status === 'sent');
  const last = occurrences.at(-1);
  return {
    id: series._id,
    status: series.status,
    paused_reason: series.paused_reason ?? undefined,
    paused_message: series.paused_message ?? undefined,
    frequency: series.frequency,
    start_date: iso(occurrences[0]?.date),
    end_date: series.requested_end_date
      ? atLocalTime(series.requested_end_date, series.issue_seconds, series.time_zone).toISOString()
      : iso(last?.date),
    next_run_date: iso(open.map((o) => new Date(o.next_attempt_at)).sort((a, b) => a.getTime() - b.getTime())[0]),
    last_run_date: iso(generated.at(-1)?.date),
    invoice_number: series.invoice_number,
    customer_name: series.customer_name,
    customer_email: series.customer_email,
    currency: series.currency,
    amount: series.amount,
    generated_count: generated.length,
    remaining_count: open.length,
    occurrences: withOccurrences
      ? occurrences.map((o, i) => ({
          date: iso(o.date),
          due_date: iso(o.due_date),
          status: publicStatus(o.status),
          sent_at: iso(o.sent_at),
          invoice_id: o.invoice_id ?? undefined,
          index: i + 1,
          local_date: o.local_date,
          attempts: o.attempts,
          next_attempt_at: isOpen(o) ? iso(o.next_attempt_at) : undefined,
          last_error: o.last_error ?? undefined,
          invoice_number: o.invoice_number ?? undefined,
        }))
      : [],
    workspace_id: series.workspace_id,
    source_invoice_id: series.source_invoice_id,
    document_language: series.document_language,
    time_zone: series.time_zone,
    due_offset_days: series.due_offset_days,
    anchor_date: series.anchor_date,
    created_at: iso(series.created_at),
    updated_at: iso(series.updated_at),
  };
}
