import { type RecurringInterval, recurringIntervals } from '@invoice-platform/common/contracts/values';
import { addDays, addMonths } from '@invoice-platform/common/dates';
/**
 * Occurrence dates of a series (docs/architecture.md#recurring): they step from the anchor (the first
 * invoice's issue date, in the workspace time zone) by 7 or 14 days, or by 1/3/6/12 months keeping
 * the anchor's day and clamping to the month's end (31 Jan → 28/29 Feb → 31 Mar → 30 Apr).
 */
export const frequencies = recurringIntervals;
export type Frequency = RecurringInterval;

export const MAX_OCCURRENCES = 1000;

export function isFrequency(value: string): value is Frequency {
  return (frequencies as readonly string[]).includes(value);
}

const monthsOf: Partial<Record<Frequency, number>> = { monthly: 1, quarterly: 3, 'semi-annually': 6, yearly: 12 };
const daysOf: Partial<Record<Frequency, number>> = { weekly: 7, fortnightly: 14 };

/** The local date of step `k` (0 = the anchor itself). */
export function stepDate(anchor: string, frequency: Frequency, k: number): string {
  const days = daysOf[frequency];
  return days !== undefined ? addDays(anchor, days * k) : addMonths(anchor, monthsOf[frequency]! * k);
}

/**
 * Dates of steps fromStep, fromStep+1, … : `count` of them, or all on or before `endDate`,
 * never more than `cap`.
 */
export function planDates(
  anchor: string,
  frequency: Frequency,
  fromStep: number,
  limit: { count: number } | { endDate: string },
  cap: number,
): string[] {
  const out: string[] = [];
  for (let k = fromStep; out.length < cap; k++) {
    if ('count' in limit && out.length >= limit.count) break;
    const date = stepDate(anchor, frequency, k);
    if ('endDate' in limit && date > limit.endDate) break;
    out.push(date);
  }
  return out;
}

/** Retry delay of a failed occurrence: 1, 2, 4 … minutes, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}
