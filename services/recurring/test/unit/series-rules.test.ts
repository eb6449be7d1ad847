import { addDays } from '@invoice-platform/common/dates';
import { AppError } from '@invoice-platform/common/errors';
import test from 'ava';
import { newSeries } from '../../src/domain/new-series.ts';
import { newOccurrence } from '../../src/domain/occurrences.ts';
import type { OccurrenceDoc, SeriesDoc } from '../../src/domain/records.ts';
import { planExtension, planFrequencyChange, skipRefusal } from '../../src/domain/reschedule.ts';
import type { CreateSeriesInput } from '../../src/domain/series-input.ts';
import { settledStatus, statusMove } from '../../src/domain/series-status.ts';

const now = new Date('2027-01-20T00:00:00Z');
const input: CreateSeriesInput = {
  workspace_id: 'WSRULES',
  series_id: 'rs_rules',
  source_invoice_id: 'inv_1',
  invoice_number: 'INV-WSRULES-202701-0001',
  frequency: 'monthly',
  count: 3,
  anchor_date: '2027-01-31T02:00:00.000Z',
  first_due_date: '2027-02-14',
  customer_name: 'PT Rules',
  customer_email: 'rules@example.test',
  currency: 'IDR',
  amount: '1000',
  document_language: 'en',
  time_zone: 'Asia/Jakarta',
};

const validationPaths = (fn: () => unknown) => {
  const err = (() => {
    try {
      fn();
    } catch (e) {
      return e;
    }
    return undefined;
  })();
  return AppError.isKind(err, 'validation') ? JSON.stringify(err) : `not a validation error: ${String(err)}`;
};

test('newSeries: occurrence 1 is the first invoice, sent; the others pending from the local anchor', (t) => {
  const { series, occurrences } = newSeries(input, now);
  t.like(series, {
    _id: 'rs_rules',
    status: 'active',
    anchor_date: '2027-01-31',
    next_step: 3,
    issue_seconds: 9 * 3600,
    due_offset_days: 14,
    requested_end_date: null,
    version: 1,
  });
  t.deepEqual(
    occurrences.map((o) => [o._id, o.status, o.invoice_id, o.due_at?.toISOString() ?? null]),
    [
      ['rs_rules:2027-01-31', 'sent', 'inv_1', null],
      ['rs_rules:2027-02-28', 'pending', null, '2027-02-28T02:00:00.000Z'],
      ['rs_rules:2027-03-31', 'pending', null, '2027-03-31T02:00:00.000Z'],
    ],
  );
  t.is(occurrences[1]!.due_date.toISOString(), '2027-03-13T17:00:00.000Z', 'local midnight of the due date');
  t.false('lease_token' in occurrences[1]!, 'the store adds the lease');
});

test('newSeries: a single occurrence is completed; the checks name their fields', (t) => {
  const end = newSeries({ ...input, count: undefined, end_date: '2027-02-10' }, now);
  t.is(end.series.status, 'completed');
  t.is(end.series.requested_end_date, '2027-02-10');
  t.regex(
    validationPaths(() => newSeries({ ...input, frequency: 'daily' }, now)),
    /body\.recurring_interval/,
  );
  t.regex(
    validationPaths(() => newSeries({ ...input, count: 1 }, now)),
    /must be an integer from 2 to 121/,
  );
  t.regex(
    validationPaths(() => newSeries({ ...input, end_date: '2027-03-01' }, now)),
    /not both/,
  );
  t.regex(
    validationPaths(() => newSeries({ ...input, count: undefined, end_date: '2027-01-20' }, now)),
    /body\.recurring_end_date/,
  );
});

const { series } = newSeries(input, now);
const occurrencesOf = (s: SeriesDoc, dates: string[], extra: Partial<OccurrenceDoc> = {}) =>
  dates.map((d) => newOccurrence(s, d, 'pending', extra));

test('statusMove and settledStatus', (t) => {
  // A move by the client clears an automatic pause's reason, and a notice of it not sent yet.
  const cleared = { paused_reason: null, paused_message: null, pause_notice: null };
  t.deepEqual(statusMove(series, 'paused'), { status: 'paused', ...cleared });
  t.throws(() => statusMove(series, 'active'), { message: 'Only a paused series can be resumed; this one is active.' });
  t.deepEqual(statusMove({ ...series, status: 'paused' }, 'active'), { status: 'active', ...cleared });
  t.throws(() => statusMove({ ...series, status: 'completed' }, 'paused'), {
    message: 'Only an active series can be paused; this one is completed.',
  });
  t.deepEqual(settledStatus(series, false), { status: 'completed' });
  t.is(settledStatus(series, true), null);
  t.deepEqual(settledStatus({ ...series, status: 'completed' }, true), { status: 'active' });
  t.is(settledStatus({ ...series, status: 'paused' }, false), null);
});

test('planExtension: after the last occurrence, within the cap; a completed series only with its plan checked', (t) => {
  const occurrences = occurrencesOf(series, ['2027-01-31', '2027-02-28', '2027-03-31']);
  const { patch, added } = planExtension(series, occurrences, { count: 2 }, false);
  t.deepEqual(
    added.map((o) => o.local_date),
    ['2027-04-30', '2027-05-31'],
  );
  t.deepEqual(patch, { next_step: 5 });
  t.deepEqual(planExtension(series, occurrences, { endDate: '2027-04-30' }, false).patch, {
    next_step: 4,
    requested_end_date: '2027-04-30',
  });
  t.regex(
    validationPaths(() => planExtension(series, occurrences, { endDate: '2027-03-31' }, false)),
    /must be after the last occurrence of the series \(2027-03-31\)/,
  );
  const completed = { ...series, status: 'completed' as const };
  t.throws(() => planExtension(completed, occurrences, { count: 1 }, false), { message: /completed while/ });
  t.is(planExtension(completed, occurrences, { count: 1 }, true).patch.status, 'active');
  const full = occurrencesOf(
    series,
    Array.from({ length: 999 }, (_, i) => addDays('2020-01-01', i)),
  );
  t.throws(() => planExtension(series, full, { count: 2 }, false), {
    message: 'A series holds at most 1000 occurrences; 1 more fit.',
  });
});

test('planFrequencyChange: the occurrences not generated are replaced, if all of them are held', (t) => {
  const occurrences = [
    ...occurrencesOf(series, ['2027-01-31'], { status: 'sent', invoice_id: 'inv_1' }),
    ...occurrencesOf(series, ['2027-02-28'], { invoice_id: 'inv_2' }),
    ...occurrencesOf(series, ['2027-03-31']),
  ];
  const change = { frequency: 'weekly' as const, start: '2027-02-28', limit: { count: 3 } };
  const plan = planFrequencyChange(series, occurrences, ['rs_rules:2027-03-31'], change, false);
  t.deepEqual(
    plan.replaced.map((o) => o.local_date),
    ['2027-03-31'],
  );
  t.deepEqual(
    plan.added.map((o) => o.local_date),
    ['2027-03-07', '2027-03-14'],
    'a date kept (2027-02-28) is not added again',
  );
  t.deepEqual(plan.patch, {
    frequency: 'weekly',
    anchor_date: '2027-02-28',
    next_step: 2,
    requested_end_date: null,
  });
  t.throws(() => planFrequencyChange(series, occurrences, [], change, false), {
    message: 'The series is being changed concurrently. Retry shortly.',
  });
});

test('skipRefusal: none there, already invoiced, or being generated', (t) => {
  const [o] = occurrencesOf(series, ['2027-02-28']);
  t.is(skipRefusal(null, '2027-02-28').message, 'The series has no upcoming occurrence on 2027-02-28.');
  t.regex(skipRefusal({ ...o!, invoice_id: 'inv_2' }, '2027-02-28').message, /already produced an invoice/);
  t.regex(skipRefusal({ ...o!, status: 'sent' }, '2027-02-28').message, /already produced an invoice/);
  t.regex(skipRefusal(o!, '2027-02-28').message, /being generated right now; retry in a few seconds/);
});
