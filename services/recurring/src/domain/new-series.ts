import { daysBetween, localDate, localSecondsOfDay } from '@invoice-platform/common/dates';
import { newOccurrence } from './occurrences.ts';
import type { OccurrenceDoc, SeriesDoc } from './records.ts';
import { MAX_OCCURRENCES, planDates } from './schedule.ts';
import { type CreateSeriesInput, limitOf, requireFrequency, requireFutureDate } from './series-input.ts';

/**
 * The series a generate with recurring fields starts (docs/architecture.md#recurring), checked,
 * and its occurrences: occurrence 1 is the generated invoice itself (sent, never emailed), the
 * others pending from the anchor (the first invoice's issue date in the workspace time zone).
 */
export function newSeries(input: CreateSeriesInput, now: Date): { series: SeriesDoc; occurrences: OccurrenceDoc[] } {
  const frequency = requireFrequency(input.frequency, 'body.recurring_interval');
  const limit = limitOf(input, [2, 121]);
  const anchorInstant = new Date(input.anchor_date);
  const anchor = localDate(anchorInstant, input.time_zone);
  if ('endDate' in limit) requireFutureDate(limit.endDate, now, input.time_zone, 'body.recurring_end_date');
  const dates = planDates(anchor, frequency, 0, limit, MAX_OCCURRENCES);
  const series: SeriesDoc = {
    _id: input.series_id,
    workspace_id: input.workspace_id,
    status: dates.length > 1 ? 'active' : 'completed',
    paused_reason: null,
    frequency: input.frequency,
    anchor_date: anchor,
    next_step: dates.length,
    issue_seconds: localSecondsOfDay(anchorInstant, input.time_zone),
    requested_end_date: 'endDate' in limit ? limit.endDate : null,
    source_invoice_id: input.source_invoice_id,
    invoice_number: input.invoice_number,
    customer_name: input.customer_name,
    customer_email: input.customer_email,
    currency: input.currency,
    amount: input.amount,
    document_language: input.document_language,
    time_zone: input.time_zone,
    due_offset_days: daysBetween(anchor, input.first_due_date),
    version: 1,
    created_at: now,
    updated_at: now,
  };
  const first = newOccurrence(series, anchor, 'sent', {
    invoice_id: input.source_invoice_id,
    invoice_number: input.invoice_number,
    date: anchorInstant,
    next_attempt_at: anchorInstant,
    email_sent: true,
  });
  return { series, occurrences: [first, ...dates.slice(1).map((d) => newOccurrence(series, d, 'pending'))] };
}
