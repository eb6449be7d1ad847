/**
 * Recurring series (OpenAPI `listRecurring` … `skipRecurringOccurrence`). `RecurringSeries`,
 * `RecurringSeriesSummary` and `RecurringOccurrence` are the contracts' (common/contracts/recurring.ts).
 */
import { RecurringSeries, RecurringSeriesSummary, SeriesStatus } from '@invoice-platform/common/contracts/recurring';
import { Type, type Static } from '@sinclair/typebox';
import type { FieldError } from '@invoice-platform/common/errors';
import { DataOf, DateString, PageOf, RecurringInterval, StringEnum, listQuery } from './common.ts';

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
