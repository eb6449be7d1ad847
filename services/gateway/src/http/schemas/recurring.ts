/**
 * Recurring series (OpenAPI `RecurringSeries`, `RecurringOccurrence` and `listRecurring` …
 * `skipRecurringOccurrence`).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FieldError } from '@invoice-platform/common/errors';
import {
  DataOf,
  DateString,
  DateTimeString,
  Nullable,
  PageOf,
  RecurringInterval,
  StringEnum,
  listQuery,
} from './common.ts';

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
    StringEnum(['plan_ended', 'plan_downgrade'] as const, {
      description: 'Set when the series was paused automatically because of the plan.',
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

/** A single series, with all its occurrences. */
export const RecurringSeries = Type.Object(
  { ...seriesFields, occurrences: Type.Array(RecurringOccurrence) },
  { title: 'RecurringSeries' },
);

export const ListRecurringQuery = listQuery(SeriesStatus);
export type ListRecurringQuery = Static<typeof ListRecurringQuery>;

export const RecurringStatusBody = Type.Object(
  { status: StringEnum(['active', 'paused'] as const) },
  { title: 'UpdateRecurringStatusRequest', additionalProperties: false },
);
export type RecurringStatusBody = Static<typeof RecurringStatusBody>;

const Count = Type.Integer({
  minimum: 1,
  maximum: 120,
  description: 'Occurrences to add. Send count or end_date, not both.',
});
const EndDate = { ...DateString, description: 'Add occurrences up to this date. Send count or end_date, not both.' };

export const ExtendRecurringBody = Type.Object(
  { count: Type.Optional(Count), end_date: Type.Optional(EndDate) },
  {
    title: 'ExtendRecurringRequest',
    additionalProperties: false,
    description: 'Exactly one of count and end_date.',
  },
);
export type ExtendRecurringBody = Static<typeof ExtendRecurringBody>;

export const ChangeFrequencyBody = Type.Object(
  {
    frequency: RecurringInterval,
    start_date: { ...DateString, description: 'Must be in the future.' },
    count: Type.Optional(Count),
    end_date: Type.Optional(EndDate),
  },
  {
    title: 'ChangeRecurringFrequencyRequest',
    additionalProperties: false,
    description: 'frequency and start_date, plus exactly one of count and end_date.',
  },
);
export type ChangeFrequencyBody = Static<typeof ChangeFrequencyBody>;

/**
 * Extend and change-frequency take either count or end_date (OpenAPI `extendRecurring`,
 * `changeRecurringFrequency`): exactly one.
 */
export function checkCountOrEndDate(body: { count?: number; end_date?: string }): FieldError[] {
  if (body.count === undefined && body.end_date === undefined) {
    return [{ path: 'body', message: 'must have count or end_date' }];
  }
  if (body.count !== undefined && body.end_date !== undefined) {
    return [{ path: 'body.end_date', message: 'is not allowed together with count' }];
  }
  return [];
}

export const SkipOccurrenceBody = Type.Object(
  { date: { ...DateString, description: 'Date of the upcoming occurrence to remove.' } },
  { title: 'SkipRecurringOccurrenceRequest', additionalProperties: false },
);
export type SkipOccurrenceBody = Static<typeof SkipOccurrenceBody>;

export const RecurringListResponse = PageOf(RecurringSeriesSummary, 'RecurringSeriesListResponse');
export const RecurringSeriesResponse = DataOf(RecurringSeries, 'RecurringSeriesResponse');

export const ExtendRecurringResponse = Type.Object(
  { data: RecurringSeries, meta: Type.Object({ added: Type.Integer({ minimum: 0 }) }) },
  { title: 'ExtendRecurringResponse' },
);

export const ChangeFrequencyResponse = Type.Object(
  {
    data: RecurringSeries,
    meta: Type.Object({
      replaced: Type.Integer({ minimum: 0, description: 'Upcoming occurrences removed.' }),
      added: Type.Integer({ minimum: 0 }),
    }),
  },
  { title: 'ChangeRecurringFrequencyResponse' },
);
