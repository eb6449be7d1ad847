/**
 * A recurring series as the API answers it (OpenAPI `RecurringSeries`, `RecurringSeriesSummary`,
 * `RecurringOccurrence`), written once, and its mapping from the recurring.v1 RecurringSeries
 * message (contracts/json.ts).
 */
import type { RecurringSeries__Output } from '@invoice-platform/protos/invoiceplatform/recurring/v1/RecurringSeries';
import { type Static, Type } from '@sinclair/typebox';
import { fromMessage } from './json.ts';
import { DateTimeString, Nullable, RecurringInterval, StringEnum } from './schema.ts';

export const SeriesStatus = StringEnum(['active', 'paused', 'completed', 'draft'] as const, {
  title: 'RecurringSeriesStatus',
});

export const RecurringOccurrence = Type.Object(
  {
    date: DateTimeString,
    due_date: Nullable(DateTimeString),
    status: StringEnum(['pending', 'sent', 'failed'] as const, {
      description: 'pending until generated, then sent; failed when generation failed (it is retried).',
    }),
    sent_at: Nullable(DateTimeString),
    invoice_id: Nullable(Type.String({ description: 'The invoice this occurrence produced, once generated.' })),
  },
  { title: 'RecurringOccurrence' },
);

const seriesFields = {
  id: Type.String({ description: 'Series id, equal to recurring.schedule_id from generate.' }),
  status: SeriesStatus,
  paused_reason: Nullable(
    StringEnum(['plan_ended', 'plan_downgrade', 'follow_up_refused'] as const, {
      description:
        'Set when the series was paused automatically: because of the plan, or because its next invoice kept being refused (follow_up_refused, see paused_message).',
    }),
  ),
  paused_message: Nullable(
    Type.String({
      description:
        'With paused_reason follow_up_refused: why the next invoice was refused, naming each field to fix before resuming the series.',
    }),
  ),
  frequency: RecurringInterval,
  start_date: Nullable(DateTimeString),
  end_date: Nullable(DateTimeString),
  next_run_date: Nullable(DateTimeString),
  last_run_date: Nullable(DateTimeString),
  invoice_number: Nullable(Type.String({ description: 'Number of the series template.' })),
  customer_name: Nullable(Type.String()),
  customer_email: Nullable(Type.String({ format: 'email' })),
  currency: Nullable(Type.String()),
  amount: Nullable(Type.Number()),
  generated_count: Type.Integer(),
  remaining_count: Type.Integer(),
};

/** A series as listed: without its occurrences. */
export const RecurringSeriesSummary = Type.Object(seriesFields, { title: 'RecurringSeriesSummary' });
export type RecurringSeriesSummaryJson = Static<typeof RecurringSeriesSummary>;

/** A single series, with all its occurrences. */
export const RecurringSeries = Type.Object(
  { ...seriesFields, occurrences: Type.Array(RecurringOccurrence) },
  { title: 'RecurringSeries' },
);
export type RecurringSeriesJson = Static<typeof RecurringSeries>;

/** OpenAPI `RecurringSeriesSummary` (a `listRecurring` item) from a recurring.v1 RecurringSeries. */
export function seriesSummaryJson(message: RecurringSeries__Output): RecurringSeriesSummaryJson {
  return fromMessage(RecurringSeriesSummary, message);
}

/** OpenAPI `RecurringSeries`, occurrences included, from a recurring.v1 RecurringSeries. */
export function seriesJson(message: RecurringSeries__Output): RecurringSeriesJson {
  return fromMessage(RecurringSeries, message);
}
