import { type RecurringInterval, recurringIntervals } from '@invoice-platform/common/contracts/values';
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

function parse(date: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`not a date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function format(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The local date of step `k` (0 = the anchor itself). */
export function stepDate(anchor: string, frequency: Frequency, k: number): string {
  const [y, m, d] = parse(anchor);
  const days = daysOf[frequency];
  if (days !== undefined) return new Date(Date.UTC(y, m - 1, d + days * k)).toISOString().slice(0, 10);
  const months = m - 1 + monthsOf[frequency]! * k;
  const year = y + Math.floor(months / 12);
  const month = (months % 12) + 1;
  return format(year, month, Math.min(d, daysInMonth(year, month)));
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

export function addDays(date: string, days: number): string {
  const [y, m, d] = parse(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parse(from);
  const [y2, m2, d2] = parse(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** Retry delay of a failed occurrence: 1, 2, 4 … minutes, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}
