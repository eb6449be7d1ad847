/**
 * Calendar arithmetic in a workspace's time zone (docs/architecture.md#times: stored UTC, date-only
 * fields read in the workspace time zone).
 */

import { dateTimeFormat } from './intl.ts';

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar date (YYYY-MM-DD) of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  const parts = dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Year, month (1–12) and day of a calendar date (YYYY-MM-DD); anything else throws. */
function dateParts(date: string): [number, number, number] {
  const m = datePattern.exec(date);
  if (!m) throw new Error(`not a date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** The calendar date `days` days after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = dateParts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The calendar date `months` months after `date`, on the same day of the month, clamped to the
 * month's end when it has fewer days (31 Jan + 1 → 28/29 Feb, 31 Jan + 3 → 30 Apr); before it when
 * negative.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = dateParts(date);
  const monthIndex = m - 1 + months;
  const year = y + Math.floor(monthIndex / 12);
  const month = (((monthIndex % 12) + 12) % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = dateParts(from);
  const [y2, m2, d2] = dateParts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** Offset of `timeZone` from UTC at `instant`, in minutes. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant local midnight starts `date` in `timeZone`. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  return atLocalTime(date, 0, timeZone);
}

/** The instant of `date` at `secondsOfDay` past local midnight in `timeZone`. */
export function atLocalTime(date: string, secondsOfDay: number, timeZone: string): Date {
  const [y, m, d] = dateParts(date);
  const guess = Date.UTC(y, m - 1, d) + secondsOfDay * 1000;
  // Two passes settle the offset even near a daylight-saving change.
  let instant = guess - offsetMinutes(new Date(guess), timeZone) * 60_000;
  instant = guess - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}

/** Seconds past local midnight of `instant` in `timeZone`. */
export function localSecondsOfDay(instant: Date, timeZone: string): number {
  const start = startOfLocalDay(localDate(instant, timeZone), timeZone);
  return Math.round((instant.getTime() - start.getTime()) / 1000);
}

/**
 * When an unpaid invoice becomes overdue: the start of the day after its due date
 * (docs/architecture.md#status-moves).
 */
export function overdueAt(dueDate: string, timeZone: string): Date {
  return startOfLocalDay(addDays(dueDate, 1), timeZone);
}

/** YYYYMM of `instant` in `timeZone`, the period of the invoice number (docs/architecture.md#numbering). */
export function numberPeriod(instant: Date, timeZone: string): string {
  return localDate(instant, timeZone).slice(0, 7).replace('-', '');
}

export function isCalendarDate(value: string): boolean {
  const m = datePattern.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}
