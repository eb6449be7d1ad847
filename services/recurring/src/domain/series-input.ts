import { isCalendarDate, localDate } from '@invoice-platform/common/dates';
import { AppError } from '@invoice-platform/common/errors';
import type { SeriesDoc } from './records.ts';
import { type Frequency, isFrequency } from './schedule.ts';

/**
 * The checks of what clients ask of a series (OpenAPI `generateInvoice` recurring fields,
 * `extendRecurring`, `changeRecurringFrequency`, `skipRecurringOccurrence`): each refusal a
 * ValidationError on the field it names.
 */

/** CreateSeries: a generate with recurring fields; the series keeps the first invoice's copies as given. */
export interface CreateSeriesInput extends Pick<
  SeriesDoc,
  | 'workspace_id'
  | 'source_invoice_id'
  | 'invoice_number'
  | 'frequency'
  | 'customer_name'
  | 'customer_email'
  | 'currency'
  | 'amount'
  | 'document_language'
  | 'time_zone'
> {
  series_id: string;
  count?: number;
  end_date?: string;
  /** The first invoice's issue instant: the anchor (in `time_zone`) and the time of day of every follow-up. */
  anchor_date: string;
  /** The first invoice's due date: follow-ups keep its offset from the anchor. */
  first_due_date: string;
}

export interface ExtendInput {
  count?: number;
  end_date?: string;
}

export interface FrequencyChangeInput {
  frequency: string;
  start_date: string;
  count?: number;
  end_date?: string;
}

/** How far a schedule runs: a number of occurrences, or every one on or before a date. */
export type Limit = { count: number } | { endDate: string };

/** The one limit the input gives: a count within `countRange`, or an end date. */
export function limitOf(input: { count?: number; end_date?: string }, countRange: [number, number]): Limit {
  const hasCount = input.count !== undefined && input.count !== 0;
  const hasEnd = input.end_date !== undefined && input.end_date !== '';
  if (hasCount && hasEnd) throw AppError.validation([{ path: 'body', message: 'send count or end_date, not both' }]);
  if (!hasCount && !hasEnd) throw AppError.validation([{ path: 'body', message: 'must have count or end_date' }]);
  if (hasCount) {
    const [min, max] = countRange;
    if (!Number.isInteger(input.count) || input.count! < min || input.count! > max)
      throw AppError.validation([{ path: 'body.count', message: `must be an integer from ${min} to ${max}` }]);
    return { count: input.count! };
  }
  if (!isCalendarDate(input.end_date!))
    throw AppError.validation([{ path: 'body.end_date', message: 'must be a date (YYYY-MM-DD)' }]);
  return { endDate: input.end_date! };
}

export function requireFrequency(value: string, path: string): Frequency {
  if (!isFrequency(value)) throw AppError.validation([{ path, message: 'must be a recurring interval' }]);
  return value;
}

export function requireCalendarDate(value: string, path: string): string {
  if (!isCalendarDate(value)) throw AppError.validation([{ path, message: 'must be a date (YYYY-MM-DD)' }]);
  return value;
}

/** A date the schedule starts or ends on must come after today in the series' time zone. */
export function requireFutureDate(date: string, now: Date, timeZone: string, path: string): void {
  if (date <= localDate(now, timeZone)) throw AppError.validation([{ path, message: 'must be a date in the future' }]);
}

/** The pause (from active) or resume (from paused) a client asks for. */
export function requireStatusMove(status: string): 'active' | 'paused' {
  if (status !== 'active' && status !== 'paused')
    throw AppError.validation([{ path: 'body.status', message: 'must be one of: active, paused' }]);
  return status;
}

/** A frequency change: its new frequency, a start date, and a limit (checked in this order). */
export function checkFrequencyChange(input: FrequencyChangeInput): { frequency: Frequency; limit: Limit } {
  const frequency = requireFrequency(input.frequency, 'body.frequency');
  requireCalendarDate(input.start_date, 'body.start_date');
  return { frequency, limit: limitOf(input, [1, 120]) };
}

/** A frequency change's dates against today in the series' time zone: a future start, an end not before it. */
export function checkFrequencyChangeDates(start: string, limit: Limit, now: Date, timeZone: string): void {
  requireFutureDate(start, now, timeZone, 'body.start_date');
  if ('endDate' in limit && limit.endDate < start)
    throw AppError.validation([{ path: 'body.end_date', message: 'must not be before start_date' }]);
}
