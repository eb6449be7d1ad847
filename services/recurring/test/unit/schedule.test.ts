import test from 'ava';
import { planDates, retryDelayMs, stepDate } from '../../src/domain/schedule.ts';

const steps: [string, string, string[]][] = [
  [
    'monthly from 31 January clamps to month end',
    'monthly',
    ['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31'],
  ],
  ['monthly from 31 January in a leap year', 'monthly', ['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30']],
  ['weekly steps 7 days across a month end', 'weekly', ['2027-01-28', '2027-02-04', '2027-02-11', '2027-02-18']],
  ['fortnightly steps 14 days across a year end', 'fortnightly', ['2026-12-25', '2027-01-08', '2027-01-22']],
  ['quarterly keeps the anchor day, clamped', 'quarterly', ['2027-11-30', '2028-02-29', '2028-05-30', '2028-08-30']],
  ['semi-annually from 31 August', 'semi-annually', ['2027-08-31', '2028-02-29', '2028-08-31', '2029-02-28']],
  ['yearly from 29 February', 'yearly', ['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']],
];
for (const [title, frequency, expected] of steps) {
  test(`stepDate: ${title}`, (t) => {
    const got = expected.map((_, k) => stepDate(expected[0]!, frequency as 'monthly', k));
    t.deepEqual(got, expected);
  });
}

test('planDates: by count, from a step, and by end date (inclusive)', (t) => {
  t.deepEqual(planDates('2027-01-31', 'monthly', 0, { count: 3 }, 1000), ['2027-01-31', '2027-02-28', '2027-03-31']);
  t.deepEqual(planDates('2027-01-31', 'monthly', 3, { count: 2 }, 1000), ['2027-04-30', '2027-05-31']);
  t.deepEqual(planDates('2027-01-01', 'weekly', 0, { endDate: '2027-01-22' }, 1000), [
    '2027-01-01',
    '2027-01-08',
    '2027-01-15',
    '2027-01-22',
  ]);
  t.deepEqual(planDates('2027-01-01', 'weekly', 1, { endDate: '2027-01-07' }, 1000), []);
});

test('planDates: never more than the cap (1000 occurrences per series)', (t) => {
  t.is(planDates('2027-01-01', 'weekly', 0, { endDate: '2099-12-31' }, 1000).length, 1000);
  t.is(planDates('2027-01-01', 'weekly', 0, { count: 121 }, 50).length, 50);
});

test('retryDelayMs: exponential from one minute, capped at six hours', (t) => {
  t.deepEqual([1, 2, 3, 4].map(retryDelayMs), [60_000, 120_000, 240_000, 480_000]);
  t.is(retryDelayMs(20), 6 * 60 * 60 * 1000);
});
