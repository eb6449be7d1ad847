import { createHash } from 'node:crypto';
import test from 'ava';
import { AppError } from '@invoice-platform/common/errors';
import type { Connection, RawNotification } from '../../src/domain/adapter.ts';
import { refusesAmounts, refusesNotifications } from './hosted-checks.ts';
import {
  MidtransAdapter,
  fromGrossAmount,
  invoiceIdOfOrderId,
  newOrderId,
  toGrossAmount,
} from '../../src/adapters/midtrans.ts';

const serverKey = 'SB-Mid-server-unit-test-key';
const conn: Connection = { mode: 'sandbox', credentials: { server_key: serverKey } };
const adapter = new MidtransAdapter();
const invoiceId = 'inv_0123456789abcdefghijkl';
const orderId = `${invoiceId}-Ab3dE9z`;

/** A notification as Midtrans documents it, signed SHA-512(order_id + status_code + gross_amount + key). */
function notification(fields: Record<string, string> = {}, key = serverKey): Record<string, string> {
  const body: Record<string, string> = {
    transaction_time: '2026-11-23 18:27:19',
    transaction_status: 'settlement',
    transaction_id: '57d5293c-e65f-4a29-95e4-5959c3fa335b',
    status_message: 'midtrans payment notification',
    status_code: '200',
    payment_type: 'bank_transfer',
    order_id: orderId,
    gross_amount: '1388750.00',
    fraud_status: 'accept',
    currency: 'IDR',
    settlement_time: '2026-11-23 18:30:00',
    ...fields,
  };
  body.signature_key ??= createHash('sha512')
    .update(body.order_id! + body.status_code! + body.gross_amount! + key)
    .digest('hex');
  return body;
}

const raw = (body: unknown): RawNotification => ({
  body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  headers: { 'content-type': 'application/json' },
  query: '',
});

test('gross_amount: whole rupiah as an integer, exactly', (t) => {
  t.is(toGrossAmount('1388750', 'IDR'), 1388750);
  t.is(toGrossAmount('1388750.00', 'IDR'), 1388750);
  t.is(toGrossAmount('9007199254740991', 'IDR'), Number.MAX_SAFE_INTEGER);
});

test('gross_amount: a fraction, zero, another currency or an unsafe integer is refused, never rounded', (t) => {
  refusesAmounts(t, toGrossAmount, [
    ['10.50', 'IDR', /whole, positive number of rupiah/],
    ['0', 'IDR', /whole, positive/],
    ['-5', 'IDR', /whole, positive/],
    ['1e5', 'IDR', /whole, positive/],
    ['9007199254740993', 'IDR', /whole, positive/],
    ['100', 'USD', /only IDR, not USD/],
  ]);
});

test("a notification's gross_amount back in the invoice's form; a fraction is kept so it never matches", (t) => {
  t.is(fromGrossAmount('1388750.00'), '1388750');
  t.is(fromGrossAmount('10000'), '10000');
  t.is(fromGrossAmount('007.00'), '7');
  t.is(fromGrossAmount('10.50'), '10.50');
  t.is(fromGrossAmount('12,00'), undefined);
  t.is(fromGrossAmount(''), undefined);
});

test('order_id: the invoice id and a suffix, new each time, within Snap’s 50 characters and alphabet', (t) => {
  const a = newOrderId(invoiceId);
  const b = newOrderId(invoiceId);
  t.not(a, b);
  for (const id of [a, b]) {
    t.regex(id, /^[A-Za-z0-9_~.-]{1,50}$/);
    t.is(invoiceIdOfOrderId(id), invoiceId);
  }
  t.is(invoiceIdOfOrderId('ORDER-101'), undefined);
});

test('verify: a notification signed with the server key is paid, with its amount, ids and time', async (t) => {
  const v = await adapter.verify(conn, raw(notification()));
  t.deepEqual(v, {
    verified: true,
    status: 'paid',
    providerPaymentId: '57d5293c-e65f-4a29-95e4-5959c3fa335b',
    providerCheckoutId: orderId,
    invoiceId,
    amount: '1388750',
    currency: 'IDR',
    // settlement_time is Jakarta time (UTC+7).
    paidAt: new Date('2026-11-23T11:30:00Z'),
  });
});

test('verify: wrong key, tampered fields, missing signature or a body that is not JSON are refused', async (t) => {
  const signed = notification();
  const cases: [string, RawNotification, RegExp][] = [
    ['signed with another key', raw(notification({}, 'SB-Mid-server-someone-else')), /signature_key does not match/],
    ['gross_amount changed after signing', raw({ ...signed, gross_amount: '1.00' }), /signature_key does not match/],
    ['order_id changed after signing', raw({ ...signed, order_id: `${invoiceId}-Zz9zZ9z` }), /signature_key/],
    ['status_code changed after signing', raw({ ...signed, status_code: '201' }), /signature_key does not match/],
    ['no signature_key', raw({ ...signed, signature_key: undefined }), /signature_key is missing/],
    ['an empty signature_key', raw({ ...signed, signature_key: '' }), /signature_key does not match/],
    ['not JSON', raw('order_id=1&status_code=200'), /not a JSON object/],
    ['a JSON array', raw([signed]), /not a JSON object/],
  ];
  await refusesNotifications(t, (n) => adapter.verify(conn, n), cases);
});

test('verify: a signed pending notification whose unsigned transaction_status says settlement is refused', async (t) => {
  // status_code is signed, transaction_status is not: a 201 cannot be turned into a payment.
  const pending = notification({ transaction_status: 'pending', status_code: '201' });
  const v = await adapter.verify(conn, raw({ ...pending, transaction_status: 'settlement' }));
  t.deepEqual(v, { verified: false, reason: 'status_code 201 does not confirm a payment' });
});

test('verify: a connection without a server key verifies nothing', async (t) => {
  const v = await adapter.verify({ mode: 'sandbox', credentials: {} }, raw(notification()));
  t.deepEqual(v, { verified: false, reason: 'the connection has no server key' });
});

test('verify: transaction_status and fraud_status decide paid, failed or pending', async (t) => {
  const cases: [Record<string, string>, string][] = [
    [{ transaction_status: 'settlement' }, 'paid'],
    [{ transaction_status: 'capture', fraud_status: 'accept', payment_type: 'credit_card' }, 'paid'],
    [{ transaction_status: 'capture', fraud_status: 'challenge', payment_type: 'credit_card' }, 'pending'],
    [{ transaction_status: 'capture', fraud_status: 'deny', payment_type: 'credit_card' }, 'failed'],
    [{ transaction_status: 'pending', status_code: '201' }, 'pending'],
    [{ transaction_status: 'deny', status_code: '202' }, 'failed'],
    [{ transaction_status: 'cancel', status_code: '202' }, 'failed'],
    [{ transaction_status: 'expire', status_code: '407' }, 'failed'],
    [{ transaction_status: 'failure', status_code: '202' }, 'failed'],
    [{ transaction_status: 'refund' }, 'pending'],
  ];
  for (const [fields, status] of cases) {
    const v = await adapter.verify(conn, raw(notification({ ...fields, settlement_time: '' })));
    t.true(v.verified && v.status === status, JSON.stringify(fields));
    // Only a paid notification carries a paid time; capture has no settlement_time and uses transaction_time.
    if (v.verified && v.status === 'paid') t.deepEqual(v.paidAt, new Date('2026-11-23T11:27:19Z'));
    if (v.verified && v.status !== 'paid') t.is(v.paidAt, undefined);
  }
});

test('claim: the order_id finds the checkout and names the invoice before anything is verified', (t) => {
  t.deepEqual(adapter.claim(raw(notification({ signature_key: 'forged' }))), {
    providerCheckoutId: orderId,
    invoiceId,
    providerPaymentId: '57d5293c-e65f-4a29-95e4-5959c3fa335b',
  });
  t.deepEqual(adapter.claim(raw({ order_id: 'ORDER-101' })), { providerCheckoutId: 'ORDER-101' });
  t.is(adapter.claim(raw('not json')), undefined);
  t.is(adapter.claim(raw({ transaction_id: 'x' })), undefined);
});

test('createCheckout refuses a currency other than IDR before calling Midtrans', async (t) => {
  const err = await t.throwsAsync(
    new MidtransAdapter({ baseUrl: 'http://127.0.0.1:9' }).createCheckout(conn, {
      invoiceId,
      invoiceNumber: 'INV-1',
      amount: '12.50',
      currency: 'EUR',
      customerName: 'PT Maju',
      returnUrl: 'http://127.0.0.1:8080/p/invoice/x',
      notifyUrl: 'http://127.0.0.1:8080/p/pay/midtrans/notify',
    }),
    { instanceOf: AppError, message: 'Midtrans takes only IDR, not EUR.' },
  );
  t.is(err.kind, 'application');
});
