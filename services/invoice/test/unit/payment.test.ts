import { AppError } from '@invoice-platform/common/errors';
import test from 'ava';
import { exactMinorUnits, sameAmount } from '@invoice-platform/common/money';
import { addAmounts } from '@invoice-platform/common/invoice-money';
import { balanceOf, type BalanceInput } from '../../src/domain/balance.ts';
import {
  assertPaysInvoice,
  assertRecordable,
  maxPaymentsPerInvoice,
  type OnlineApplication,
  type PaymentInput,
  readPayment,
  readRecordedPayment,
  type RecordPaymentInput,
} from '../../src/domain/payment.ts';
import { paymentMovesToPaid } from '../../src/domain/status.ts';

const input = (fields: Partial<PaymentInput> = {}): PaymentInput => ({
  workspace_id: 'ws_1',
  invoice_id: 'inv_1',
  payment_gateway: 'stripe',
  provider_payment_id: 'pi_123',
  amount: '330000.00',
  currency: 'USD',
  ...fields,
});

test('exactMinorUnits: exact amounts in the currency minor units, nothing rounded', (t) => {
  t.is(exactMinorUnits('1500.5', 'USD'), 150050n);
  t.is(exactMinorUnits('1500.50', 'USD'), 150050n);
  t.is(exactMinorUnits('1500.500', 'USD'), 150050n);
  t.is(exactMinorUnits('1500.505', 'USD'), null);
  t.is(exactMinorUnits('300000.00', 'IDR'), 300000n);
  t.is(exactMinorUnits('300000.5', 'IDR'), null);
  t.is(exactMinorUnits('1.234', 'KWD'), 1234n);
  t.is(exactMinorUnits('1e3', 'USD'), null);
  t.is(exactMinorUnits('', 'USD'), null);
});

test('sameAmount and addAmounts compare and add in minor units', (t) => {
  t.true(sameAmount('USD', '330000.00', '330000'));
  t.false(sameAmount('USD', '330000.00', '330000.001'));
  t.false(sameAmount('USD', '330000.00', '329999.99'));
  t.false(sameAmount('USD', '330000.00', 'abc'));
  t.is(addAmounts('USD', '0', '330000'), '330000.00');
  t.is(addAmounts('USD', '330000.00', '0.1'), '330000.10');
  t.is(addAmounts('IDR', '300000', '300000.00'), '600000');
  t.throws(() => addAmounts('USD', '1', '0.001'), { instanceOf: RangeError });
});

test('readPayment: a valid request, the currency upper case and paid_at parsed', (t) => {
  t.deepEqual(readPayment(input({ currency: 'usd', paid_at: '2026-11-20T08:30:00+07:00' })), {
    gateway: 'stripe',
    providerPaymentId: 'pi_123',
    amount: '330000.00',
    currency: 'USD',
    paidAt: new Date('2026-11-20T01:30:00Z'),
    test: false,
  });
  t.is(readPayment(input()).paidAt, undefined);
});

test('readPayment: test_payment marks a test payment (docs/payments.md "Test mode"); absent, a real one', (t) => {
  t.true(readPayment(input({ test_payment: true })).test);
  t.false(readPayment(input({ test_payment: false })).test);
  t.false(readPayment(input()).test);
});

test('readPayment: every bad field is named in one ValidationError', (t) => {
  const err = t.throws(() =>
    readPayment(
      input({
        payment_gateway: 'cash',
        provider_payment_id: '',
        amount: '0',
        currency: 'dollars',
        paid_at: '2026-11-20',
      }),
    ),
  );
  t.true(AppError.isKind(err, 'validation'));
  t.deepEqual(
    ((err as AppError).details?.errors as { path: string }[]).map((e) => e.path),
    ['payment_gateway', 'provider_payment_id', 'currency', 'amount', 'paid_at'],
  );
  for (const amount of ['-1', '1e5', '0.00', ' 1', '1,00'])
    t.throws(() => readPayment(input({ amount })), undefined, amount);
  t.throws(() => readPayment(input({ provider_payment_id: 'x'.repeat(201) })));
  t.throws(() => readPayment(input({ paid_at: '2026-02-30T00:00:00Z' })));
});

test('assertPaysInvoice: an online payment pays amount_due; more closes it with the excess received, less is partial', (t) => {
  const invoice = (fields: Partial<BalanceInput> = {}): BalanceInput => ({
    amount: '330000.00',
    currency: 'USD',
    invoice_status: 'unpaid',
    ...fields,
  });
  const pays = (amount: string, fields: Partial<BalanceInput> = {}) =>
    assertPaysInvoice(invoice(fields), readPayment(input({ amount })));
  const partly = { payments: [{ amount: '30000.00', applies: true }] };
  const cases: [string, string, Partial<BalanceInput>, OnlineApplication][] = [
    ['the whole amount', '330000', {}, { applies: true, closes: true }],
    ['the due after a recorded payment', '300000.00', partly, { applies: true, closes: true }],
    [
      'the old amount after a recorded payment: the excess is received',
      '330000.00',
      partly,
      { applies: true, closes: true, amountApplied: '300000.00' },
    ],
    ['a cent short of the due: partial', '299999.99', partly, { applies: true, closes: false }],
    [
      'the due after a credit note',
      '300000',
      { credit_notes: [{ amount: '30000.00' }] },
      { applies: true, closes: true },
    ],
    ['an overdue invoice', '330000.00', { invoice_status: 'overdue' }, { applies: true, closes: true }],
    [
      'a paid invoice: received, not applied',
      '330000.00',
      { invoice_status: 'paid' },
      { applies: false, closes: false },
    ],
    ['a cancelled invoice', '1.00', { invoice_status: 'cancelled' }, { applies: false, closes: false }],
  ];
  for (const [title, amount, fields, expected] of cases) t.deepEqual(pays(amount, fields), expected, title);
});

test('assertPaysInvoice: another currency or an amount finer than its minor unit is refused', (t) => {
  const invoice: BalanceInput = { amount: '330000.00', currency: 'USD', invoice_status: 'unpaid' };
  for (const [amount, currency] of [
    ['330000.001', 'USD'],
    ['330000.00', 'EUR'],
  ]) {
    const err = t.throws(() => assertPaysInvoice(invoice, readPayment(input({ amount, currency }))));
    t.true(AppError.isKind(err, 'application'), `${amount} ${currency}`);
    t.like((err as AppError).details, { amount, currency, invoice_amount: '330000.00', invoice_currency: 'USD' });
  }
  const idr: BalanceInput = { amount: '300000', currency: 'IDR', invoice_status: 'unpaid' };
  t.throws(() => assertPaysInvoice(idr, readPayment(input({ amount: '300000.5', currency: 'IDR' }))));
  t.like(assertPaysInvoice(idr, readPayment(input({ amount: '300000.00', currency: 'IDR' }))), { closes: true });
});

const now = new Date('2026-11-20T10:00:00Z');
const fieldErrors = (err: unknown) => (err as AppError).details?.errors as { path: string; message: string }[];
const fieldsOf = (err: unknown) => fieldErrors(err).map((e) => e.path);

test('readRecordedPayment: amounts exact to the currency minor unit (0, 2 and 3 decimals), normalized', (t) => {
  const cases: [currency: string, amount: string, expected: string | null][] = [
    ['JPY', '1500', '1500'],
    ['JPY', '1500.0', '1500'],
    ['JPY', '1500.5', null],
    ['IDR', '300000.00', '300000'],
    ['USD', '12.5', '12.50'],
    ['USD', '12.50', '12.50'],
    ['USD', '12.500', '12.50'],
    ['USD', '12.505', null],
    ['USD', '0.01', '0.01'],
    ['USD', '0.001', null],
    ['KWD', '1.234', '1.234'],
    ['KWD', '1.2345', null],
    ['KWD', '0.001', '0.001'],
  ];
  for (const [currency, amount, expected] of cases) {
    const title = `${amount} ${currency}`;
    if (expected === null) {
      const err = t.throws(() => readRecordedPayment({ amount }, currency, now), undefined, title);
      t.deepEqual(fieldsOf(err), ['body.amount'], title);
      t.regex(fieldErrors(err)[0]!.message, /minor unit/, title);
    } else t.is(readRecordedPayment({ amount }, currency, now).amount, expected, title);
  }
});

test('readRecordedPayment: defaults, and every bad field named under body.', (t) => {
  t.deepEqual(readRecordedPayment({ amount: '10' }, 'EUR', now), {
    amount: '10.00',
    method: 'other',
    reference: null,
    paidAt: null,
  });
  t.deepEqual(
    readRecordedPayment(
      { amount: '10', method: 'bank_transfer', reference: 'SEPA 4711', paid_at: '2026-11-19T08:00:00+01:00' },
      'EUR',
      now,
    ),
    { amount: '10.00', method: 'bank_transfer', reference: 'SEPA 4711', paidAt: new Date('2026-11-19T07:00:00Z') },
  );
  for (const method of ['bank_transfer', 'cash', 'card', 'other'] as const)
    t.is(readRecordedPayment({ amount: '1', method }, 'EUR', now).method, method);
  t.is(readRecordedPayment({ amount: '1', reference: 'r'.repeat(200) }, 'EUR', now).reference?.length, 200);

  const bad: [fields: Partial<RecordPaymentInput>, path: string][] = [
    [{ amount: '' }, 'body.amount'],
    [{ amount: '0' }, 'body.amount'],
    [{ amount: '0.00' }, 'body.amount'],
    [{ amount: '-5' }, 'body.amount'],
    [{ amount: '1e3' }, 'body.amount'],
    [{ amount: '1,00' }, 'body.amount'],
    [{ amount: '9'.repeat(401) }, 'body.amount'],
    [{ method: 'online' }, 'body.method'],
    [{ method: 'cheque' }, 'body.method'],
    [{ reference: 'r'.repeat(201) }, 'body.reference'],
    [{ paid_at: '2026-11-19' }, 'body.paid_at'],
    [{ paid_at: '2026-02-30T00:00:00Z' }, 'body.paid_at'],
    [{ paid_at: 'yesterday' }, 'body.paid_at'],
    // The future: past the five minutes allowed for a client's clock running fast.
    [{ paid_at: '2026-11-20T10:05:01Z' }, 'body.paid_at'],
    [{ paid_at: '2027-01-01T00:00:00Z' }, 'body.paid_at'],
  ];
  for (const [fields, path] of bad) {
    const err = t.throws(() => readRecordedPayment({ amount: '10', ...fields }, 'EUR', now), undefined, path);
    t.true(AppError.isKind(err, 'validation'), JSON.stringify(fields));
    t.deepEqual(fieldsOf(err), [path], JSON.stringify(fields));
  }
  t.is(
    readRecordedPayment({ amount: '1', paid_at: '2026-11-20T10:05:00Z' }, 'EUR', now).paidAt?.getTime(),
    now.getTime() + 300_000,
  );
  const all = t.throws(() =>
    readRecordedPayment({ amount: 'x', method: 'x', reference: 'r'.repeat(201), paid_at: 'x' }, 'EUR', now),
  );
  t.deepEqual(fieldsOf(all), ['body.amount', 'body.method', 'body.reference', 'body.paid_at']);
});

test('assertRecordable: at most amount_due (exactly it closes the invoice), only on unpaid or overdue, at most 200', (t) => {
  const invoice = (fields: Partial<BalanceInput & { payments: unknown[] }> = {}) => ({
    amount: '100.00',
    currency: 'USD',
    invoice_status: 'unpaid',
    ...fields,
  });
  const half = { payments: [{ amount: '50.00', applies: true }] };
  const credited = { credit_notes: [{ amount: '20.00' }] };
  const ok: [string, ReturnType<typeof invoice>, string, boolean][] = [
    ['less than due', invoice(), '99.99', false],
    ['exactly amount_due', invoice(), '100', true],
    ['exactly the due after a payment', invoice(half), '50.00', true],
    ['exactly the due after a credit note and a payment', invoice({ ...half, ...credited }), '30', true],
    ['on an overdue invoice', invoice({ invoice_status: 'overdue' }), '100.00', true],
  ];
  for (const [title, inv, amount, closes] of ok) t.deepEqual(assertRecordable(inv, { amount }), { closes }, title);

  const over: [string, ReturnType<typeof invoice>, string][] = [
    ['0.01 over the amount', invoice(), '100.01'],
    ['0.01 over the due after a payment', invoice(half), '50.01'],
    ['0.01 over the due after a credit note and a payment', invoice({ ...half, ...credited }), '30.01'],
    ['0.001 KWD over', { amount: '1.500', currency: 'KWD', invoice_status: 'unpaid' }, '1.501'],
    ['1 JPY over', { amount: '1500', currency: 'JPY', invoice_status: 'unpaid' }, '1501'],
  ];
  for (const [title, inv, amount] of over) {
    const err = t.throws(() => assertRecordable(inv, { amount }), undefined, title);
    t.true(AppError.isKind(err, 'validation'), title);
    t.deepEqual(fieldsOf(err), ['body.amount'], title);
    t.regex(fieldErrors(err)[0]!.message, /at most the amount due/, title);
  }

  for (const status of ['paid', 'cancelled']) {
    const err = t.throws(() => assertRecordable(invoice({ invoice_status: status }), { amount: '1' }));
    t.true(AppError.isKind(err, 'application'), status);
    t.like((err as AppError).details, { invoice_status: status });
  }
  const full = invoice({
    amount: '1000.00',
    payments: Array.from({ length: maxPaymentsPerInvoice }, () => ({ amount: '1.00', applies: true })),
  });
  t.true(
    AppError.isKind(
      t.throws(() => assertRecordable(full, { amount: '1' })),
      'application',
    ),
  );
  t.notThrows(() => assertRecordable({ ...full, payments: full.payments!.slice(1) }, { amount: '1' }));
});

test('balanceOf: a record counts by applies, amount_applied, and for legacy records the status it found', (t) => {
  const inv = (payments: BalanceInput['payments'], invoice_status = 'unpaid'): BalanceInput => ({
    amount: '100.00',
    currency: 'USD',
    invoice_status,
    payments,
  });
  t.like(balanceOf(inv([{ amount: '40.00', applies: true }])), { amount_paid: '40.00', amount_due: '60.00' });
  t.like(balanceOf(inv([{ amount: '40.00', applies: false }])), { amount_paid: '0.00', amount_due: '100.00' });
  t.like(balanceOf(inv([{ amount: '130.00', applies: true, amount_applied: '100.00' }], 'paid')), {
    amount_paid: '100.00',
    amount_due: '0.00',
  });
  // Before `applies`: a payment that found the invoice unpaid counted; one that found it paid did not.
  t.like(
    balanceOf(
      inv(
        [
          { amount: '100.00', invoice_status: 'unpaid' },
          { amount: '100.00', invoice_status: 'paid' },
        ],
        'paid',
      ),
    ),
    {
      amount_paid: '100.00',
    },
  );
  t.like(balanceOf(inv([{ amount: '100.00', invoice_status: 'cancelled' }], 'cancelled')), {
    amount_paid: '0.00',
    amount_due: '100.00',
  });
});

test('paymentMovesToPaid: only unpaid and overdue invoices are moved by a payment', (t) => {
  t.true(paymentMovesToPaid('unpaid'));
  t.true(paymentMovesToPaid('overdue'));
  t.false(paymentMovesToPaid('paid'));
  t.false(paymentMovesToPaid('cancelled'));
});
