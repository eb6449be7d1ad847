import test from 'ava';
import { addDays, addMonths, atLocalTime, daysBetween, isCalendarDate, overdueAt } from '../../src/dates.ts';

test('addDays: across month, year and leap-day ends, and backwards', (t) => {
  t.is(addDays('2027-01-28', 7), '2027-02-04');
  t.is(addDays('2026-12-25', 14), '2027-01-08');
  t.is(addDays('2028-02-28', 1), '2028-02-29');
  t.is(addDays('2027-02-28', 1), '2027-03-01');
  t.is(addDays('2027-03-01', -1), '2027-02-28');
  t.is(addDays('2027-03-01', 0), '2027-03-01');
});

test('addMonths: keeps the day, clamped to the month end', (t) => {
  t.deepEqual(
    [0, 1, 2, 3, 4].map((k) => addMonths('2027-01-31', k)),
    ['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31'],
  );
  t.is(addMonths('2028-01-31', 1), '2028-02-29', 'a leap year');
  t.is(addMonths('2028-02-29', 12), '2029-02-28');
  t.is(addMonths('2027-11-30', 3), '2028-02-29', 'across a year end');
  t.is(addMonths('2027-08-31', 18), '2029-02-28');
  t.is(addMonths('2027-03-31', -1), '2027-02-28', 'backwards');
  t.is(addMonths('2027-01-15', -13), '2025-12-15', 'backwards across a year end');
});

test('daysBetween: whole days, negative when the second is earlier', (t) => {
  t.is(daysBetween('2027-01-31', '2027-02-14'), 14);
  t.is(daysBetween('2027-03-01', '2027-03-01'), 0);
  t.is(daysBetween('2027-03-14', '2027-03-01'), -13);
  t.is(daysBetween('2027-12-31', '2028-12-31'), 366);
});

test('a calendar date is YYYY-MM-DD: anything else throws', (t) => {
  for (const bad of ['2027-1-31', '31.01.2027', '2027-01-31T00:00:00Z', ''])
    for (const fn of [() => addDays(bad, 1), () => addMonths(bad, 1), () => daysBetween(bad, '2027-01-01')])
      t.throws(fn, { message: `not a date: ${bad}` });
  t.true(isCalendarDate('2028-02-29'));
  t.false(isCalendarDate('2027-02-29'));
});

test('atLocalTime and overdueAt: local times in the time zone', (t) => {
  t.is(atLocalTime('2027-01-31', 3600, 'Asia/Jakarta').toISOString(), '2027-01-30T18:00:00.000Z');
  t.is(overdueAt('2027-01-31', 'UTC').toISOString(), '2027-02-01T00:00:00.000Z');
});
