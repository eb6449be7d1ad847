import { AppError } from '@invoice-platform/common/errors';
import test from 'ava';
import { exactMinorUnits, sameAmount } from '@invoice-platform/common/money';
import { addAmounts } from '@invoice-platform/common/invoice-money';
import { assertPaysInvoice, type PaymentInput, readPayment } from '../../src/domain/payment.ts';
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

test('assertPaysInvoice: only the invoice total in its currency pays it', (t) => {
  const invoice = { amount: '330000.00', currency: 'USD' };
  t.notThrows(() => assertPaysInvoice(invoice, readPayment(input({ amount: '330000' }))));
  for (const [amount, currency] of [
    ['329999.99', 'USD'],
    ['330000.01', 'USD'],
    ['330000.001', 'USD'],
    ['330000.00', 'EUR'],
  ]) {
    const err = t.throws(() => assertPaysInvoice(invoice, readPayment(input({ amount, currency }))));
    t.true(AppError.isKind(err, 'application'), `${amount} ${currency}`);
    t.like((err as AppError).details, { amount, currency, invoice_amount: '330000.00', invoice_currency: 'USD' });
  }
});

test('paymentMovesToPaid: only unpaid and overdue invoices are moved by a payment', (t) => {
  t.true(paymentMovesToPaid('unpaid'));
  t.true(paymentMovesToPaid('overdue'));
  t.false(paymentMovesToPaid('paid'));
  t.false(paymentMovesToPaid('cancelled'));
});
