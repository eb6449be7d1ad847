import test from 'ava';
import {
  amountToCharge,
  canTakePayment,
  checkoutExpiry,
  decideCheckout,
  isZeroAmount,
  maxRecheckIntervalMs,
  minRemainingMs,
  nextRecheckAt,
  notifyUrl,
  payableStatus,
  type ExistingCheckout,
} from '../../src/domain/checkouts.ts';

const now = new Date('2026-05-01T10:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const open: ExistingCheckout = {
  state: 'open',
  amount: '124.50',
  currency: 'EUR',
  redirect_url: 'https://checkout.example/cs_1',
  expires_at: later(3_600_000),
};
const invoice = { amount: '124.5', currency: 'EUR' };

test('decideCheckout: an open checkout for the same amount and currency with time left is reused', (t) => {
  t.is(decideCheckout(open, invoice, now, false), 'reuse');
  t.is(decideCheckout({ ...open, expires_at: null }, invoice, now, false), 'reuse');
});

test('decideCheckout: another amount or currency, little time left, or a settled checkout is replaced', (t) => {
  t.is(decideCheckout(open, { amount: '124.51', currency: 'EUR' }, now, false), 'replace');
  t.is(decideCheckout(open, { amount: '124.50', currency: 'USD' }, now, false), 'replace');
  t.is(decideCheckout({ ...open, expires_at: later(minRemainingMs - 1) }, invoice, now, false), 'replace');
  t.is(decideCheckout({ ...open, expires_at: later(-1) }, invoice, now, false), 'replace');
  t.is(decideCheckout({ ...open, state: 'closed' }, invoice, now, false), 'replace');
  t.is(decideCheckout({ ...open, state: 'paid' }, invoice, now, false), 'replace');
  t.is(decideCheckout({ ...open, redirect_url: null }, invoice, now, false), 'replace');
});

test('decideCheckout: one being created is waited for while its lease holds, then taken over', (t) => {
  const creating: ExistingCheckout = { ...open, state: 'creating', redirect_url: null };
  t.is(decideCheckout(creating, invoice, now, true), 'wait');
  t.is(decideCheckout(creating, invoice, now, false), 'replace');
});

test('checkoutExpiry: the provider expiry, bounded by the service limit', (t) => {
  t.deepEqual(checkoutExpiry(later(1000), now, 60_000), later(1000));
  t.deepEqual(checkoutExpiry(later(120_000), now, 60_000), later(60_000));
  t.deepEqual(checkoutExpiry(undefined, now, 60_000), later(60_000));
});

test('payableStatus and notifyUrl', (t) => {
  t.true(payableStatus('unpaid'));
  t.true(payableStatus('overdue'));
  t.false(payableStatus('paid'));
  t.false(payableStatus('cancelled'));
  t.is(notifyUrl('https://pay.example.com/', 'stripe'), 'https://pay.example.com/p/pay/stripe/notify');
});

test('canTakePayment: an unpaid or overdue, unarchived invoice of the checkout amount can take it', (t) => {
  const checkout = { amount: '124.50', currency: 'EUR' };
  const payable = { invoice_status: 'unpaid', is_archived: false, amount: '124.5', currency: 'EUR' };
  const cases: [string, typeof payable, typeof checkout][] = [
    ['unpaid', payable, checkout],
    ['overdue', { ...payable, invoice_status: 'overdue' }, checkout],
    ['the same amount written otherwise', { ...payable, amount: '124.500' }, checkout],
    ['the invoice currency in lower case', { ...payable, currency: 'eur' }, checkout],
    [
      'a zero-decimal currency',
      { ...payable, amount: '1388750', currency: 'IDR' },
      { amount: '1388750.00', currency: 'IDR' },
    ],
  ];
  for (const [name, invoice, c] of cases) t.is(canTakePayment(invoice, c), undefined, name);
});

test('canTakePayment: paid, cancelled, draft, archived, another amount or currency is refused with a reason', (t) => {
  const checkout = { amount: '124.50', currency: 'EUR' };
  const payable = { invoice_status: 'unpaid', is_archived: false, amount: '124.50', currency: 'EUR' };
  const otherAmount = 'the amount due is not the amount the checkout was opened for';
  const cases: [string, typeof payable, string][] = [
    ['paid', { ...payable, invoice_status: 'paid' }, 'the invoice is paid'],
    ['cancelled', { ...payable, invoice_status: 'cancelled' }, 'the invoice is cancelled'],
    ['draft', { ...payable, invoice_status: 'draft' }, 'the invoice is draft'],
    ['an unknown status', { ...payable, invoice_status: '' }, 'the invoice is '],
    ['archived', { ...payable, is_archived: true }, 'the invoice is archived'],
    [
      'archived and paid: the status first',
      { ...payable, invoice_status: 'paid', is_archived: true },
      'the invoice is paid',
    ],
    ['a cent more', { ...payable, amount: '124.51' }, otherAmount],
    ['a cent less', { ...payable, amount: '124.49' }, otherAmount],
    ['another currency', { ...payable, currency: 'USD' }, otherAmount],
    ['no amount (the service passes "")', { ...payable, amount: '' }, otherAmount],
    ['no currency (the service passes "")', { ...payable, currency: '' }, otherAmount],
    ['an amount that is no decimal', { ...payable, amount: '1.245e2' }, otherAmount],
  ];
  for (const [name, invoice, reason] of cases) t.is(canTakePayment(invoice, checkout), reason, name);
});

test('amountToCharge: a checkout charges amount_due; an invoice service without it sends the amount, which was the due', (t) => {
  const cases: [string, { amount?: string; amount_due?: string }, string][] = [
    ['nothing paid or credited', { amount: '124.50', amount_due: '124.50' }, '124.50'],
    ['after a recorded payment', { amount: '124.50', amount_due: '24.50' }, '24.50'],
    ['after a credit note', { amount: '124.50', amount_due: '100.00' }, '100.00'],
    ['nothing due', { amount: '124.50', amount_due: '0.00' }, '0.00'],
    ['an invoice service before partial payments', { amount: '124.50', amount_due: '' }, '124.50'],
    ['no field at all', {}, ''],
  ];
  for (const [name, invoice, expected] of cases) t.is(amountToCharge(invoice), expected, name);
  // The due changed: the stored checkout (for 124.50) is for an old amount and is replaced, never reused.
  t.is(
    decideCheckout(
      open,
      { amount: amountToCharge({ amount: '124.50', amount_due: '24.50' }), currency: 'EUR' },
      now,
      false,
    ),
    'replace',
  );
});

test('isZeroAmount: nothing to pay online in every currency form of zero, anything else is payable', (t) => {
  for (const zero of ['0', '0.00', '0.000', '00', '0.']) t.true(isZeroAmount(zero), zero);
  for (const some of ['0.01', '0.001', '1', '10.00', '100']) t.false(isZeroAmount(some), some);
});

test('nextRecheckAt: a PayPal order is re-checked a minute after opening, then twice as long after each, at most hourly, never past its schedule', (t) => {
  const schedule = { firstMs: 60_000, forMs: 6 * 3_600_000 };
  const min = 60_000;
  const cases: [string, number, number, number | null][] = [
    // [case, re-checks done, minutes since opening now, minutes since opening of the next, or null]
    ['at opening: the first', 0, 0, 1],
    ['after the first: 2 min later', 1, 1, 3],
    ['after the second: 4 min later', 2, 3, 7],
    ['after the sixth: 64 min would pass the hour, so an hour', 6, 63, 123],
    ['after many: still an hour apart', 40, 200, 260],
    ['the last that fits the schedule', 8, 300, 360],
    ['one that would fall past it: none', 8, 301, null],
    ['a re-check late past the schedule: none', 3, 400, null],
  ];
  for (const [name, done, nowMin, nextMin] of cases) {
    const next = nextRecheckAt(now, done, later(nowMin * min), schedule);
    t.is(next?.getTime() ?? null, nextMin === null ? null : later(nextMin * min).getTime(), name);
  }
  t.is(maxRecheckIntervalMs, 60 * min);
});
