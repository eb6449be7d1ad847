import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { type ApiClient, Platform, repoRoot } from '../support/platform.ts';

/**
 * Payments recorded by hand through the gateway only (docs/money-trail.md "Partial payments"): the
 * public API's `POST|GET /api/invoices/external/{id}/payments`, the admin API and `invoicectl
 * payment record`. Every refusal a client can hit is a 400 or 404 that names the field and writes
 * nothing: the invoice's balance and its list of payments are read back after each.
 */

const run = promisify(execFile);
const platform = new Platform({
  invoices: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"enterprise":100000,"business":100000}', RATE_LIMIT_PER_IP: '100000' },
});

test.before(async () => {
  await platform.start();
});
test.after.always(() => platform.stop());

type Obj = Record<string, unknown>;
interface ErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details?: { errors?: { path: string; message: string }[] } };
}
type Body<T = Obj> = { data: T; error?: ErrorBody['error'] };

/** 300.00 EUR, no tax. */
const eur = {
  customer_name: 'Müller GmbH',
  currency: 'EUR',
  items: [{ description: 'Design work', quantity: 2, price: 150 }],
};
/** 300000 IDR: no minor unit. */
const idr = {
  customer_name: 'PT Maju Jaya',
  currency: 'IDR',
  items: [{ description: 'Design work', quantity: 2, price: 150000 }],
};

async function invoiceOf(api: ApiClient, body: object = eur): Promise<string> {
  const res = await api.call<Body<{ id: string }>>('POST', '/api/invoices/generate-external', { body });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  return res.body.data.id;
}

function pay(api: ApiClient, invoiceId: string, body: unknown, headers?: Record<string, string>) {
  return api.call<Body>('POST', `/api/invoices/external/${invoiceId}/payments`, { body, headers });
}

/** What a refusal must leave as it was: the invoice's balance and status, its payments. */
async function state(api: ApiClient, invoiceId: string) {
  const [invoice, payments] = await Promise.all([
    api.call<Body>('GET', `/api/invoices/external/${invoiceId}`),
    api.call<{ data: Obj[] }>('GET', `/api/invoices/external/${invoiceId}/payments`),
  ]);
  const { amount_credited, amount_paid, amount_due, invoice_status, paid_at } = invoice.body.data;
  return {
    balance: { amount_credited, amount_paid, amount_due, invoice_status, paid_at },
    payments: payments.body.data,
  };
}

const paths = (body: unknown) => ((body as Partial<ErrorBody>).error?.details?.errors ?? []).map((e) => e.path);

test('POST /api/invoices/external/{id}/payments: a partial payment, then the rest; Payment objects, balance, paid with paid_at', async (t) => {
  const api = await platform.client('business', 10);
  const invoiceId = await invoiceOf(api);
  const creditsBefore = (await platform.credits(api.workspaceId)).credits_remaining;

  const first = await pay(api, invoiceId, {
    amount: 100.5,
    method: 'bank_transfer',
    reference: 'SEPA-2026-0042',
    paid_at: '2026-01-05T09:30:00Z',
  });
  t.is(first.status, 200, first.text);
  t.is(first.headers.get('idempotent-replayed'), null);
  const payment = first.body.data;
  t.deepEqual(Object.keys(payment), ['id', 'invoice_id', 'amount', 'method', 'reference', 'paid_at']);
  t.regex(String(payment.id), /^pay_[0-9A-Za-z]{22}$/);
  t.like(payment, {
    invoice_id: invoiceId,
    amount: 100.5,
    method: 'bank_transfer',
    reference: 'SEPA-2026-0042',
    paid_at: '2026-01-05T09:30:00.000Z',
  });
  let now = await state(api, invoiceId);
  t.deepEqual(now.balance, {
    amount_credited: 0,
    amount_paid: 100.5,
    amount_due: 199.5,
    invoice_status: 'unpaid',
    paid_at: null,
  });
  t.deepEqual(now.payments, [payment]);
  t.is((await platform.credits(api.workspaceId)).credits_remaining, creditsBefore, 'a payment uses no credit');

  // The rest, with the defaults: method other, no reference, paid now.
  const rest = await pay(api, invoiceId, { amount: 199.5 });
  t.is(rest.status, 200, rest.text);
  t.like(rest.body.data, { amount: 199.5, method: 'other', reference: null });
  now = await state(api, invoiceId);
  t.like(now.balance, { amount_paid: 300, amount_due: 0, invoice_status: 'paid' });
  t.is(now.balance.paid_at, rest.body.data.paid_at, 'paid when the closing payment was received');
  t.deepEqual(
    now.payments.map((p) => p.id),
    [payment.id, rest.body.data.id],
    'oldest first',
  );
});

test('POST payments past amount_due, on a paid or cancelled invoice: 400 naming body.amount or saying why, nothing written', async (t) => {
  const api = await platform.client('business', 10);
  const invoiceId = await invoiceOf(api);
  t.is((await pay(api, invoiceId, { amount: 100 })).status, 200);
  const before = await state(api, invoiceId);
  const over = await pay(api, invoiceId, { amount: 200.01 });
  t.is(over.status, 400, over.text);
  t.is(over.body.error?.name, 'ValidationError');
  t.deepEqual(paths(over.body), ['body.amount']);
  t.regex(over.body.error!.message + JSON.stringify(over.body.error!.details), /200(\.00)?/);
  t.deepEqual(await state(api, invoiceId), before);

  // After a credit note, less is due: a payment of the old due is refused.
  const noted = await api.call('POST', `/api/invoices/external/${invoiceId}/credit-notes`, {
    body: { reason: 'Discount', items: [{ description: 'Discount', quantity: 1, price: 50 }] },
  });
  t.is(noted.status, 200, noted.text);
  const afterNote = await state(api, invoiceId);
  t.like(afterNote.balance, { amount_credited: 50, amount_paid: 100, amount_due: 150 });
  const stale = await pay(api, invoiceId, { amount: 200 });
  t.is(stale.status, 400, stale.text);
  t.deepEqual(paths(stale.body), ['body.amount']);
  t.deepEqual(await state(api, invoiceId), afterNote);

  for (const status of ['paid', 'cancelled']) {
    const id = await invoiceOf(api);
    const put = await api.call('PUT', `/api/invoices/external/${id}/status`, { body: { status } });
    t.is(put.status, 200, put.text);
    const was = await state(api, id);
    const res = await pay(api, id, { amount: 1 });
    t.is(res.status, 400, `${status}: ${res.text}`);
    t.is(res.body.error?.name, 'ApplicationError', status);
    t.regex(res.body.error!.message, new RegExp(status));
    t.deepEqual(await state(api, id), was, status);
  }
});

test('POST payments with bad bodies: 400 naming each field, nothing written', async (t) => {
  const api = await platform.client('business', 10);
  const invoiceId = await invoiceOf(api);
  const idrInvoice = await invoiceOf(api, idr);
  const before = await state(api, invoiceId);
  const future = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
  const cases: [string, string, unknown, string[]][] = [
    ['no body', invoiceId, undefined, ['body']],
    ['no amount', invoiceId, { method: 'cash' }, ['body.amount']],
    ['amount 0', invoiceId, { amount: 0 }, ['body.amount']],
    ['a negative amount', invoiceId, { amount: -1 }, ['body.amount']],
    ['an amount as text', invoiceId, { amount: '10' }, ['body.amount']],
    ['a third decimal in EUR', invoiceId, { amount: 10.005 }, ['body.amount']],
    ['a decimal in IDR', idrInvoice, { amount: 100.5 }, ['body.amount']],
    ['method online', invoiceId, { amount: 1, method: 'online' }, ['body.method']],
    ['an unknown method', invoiceId, { amount: 1, method: 'cheque' }, ['body.method']],
    ['an empty reference', invoiceId, { amount: 1, reference: '' }, ['body.reference']],
    ['a reference of 201 characters', invoiceId, { amount: 1, reference: 'r'.repeat(201) }, ['body.reference']],
    ['paid_at not a time', invoiceId, { amount: 1, paid_at: 'yesterday' }, ['body.paid_at']],
    ['paid_at in the future', invoiceId, { amount: 1, paid_at: future }, ['body.paid_at']],
    ['an operator as the amount', invoiceId, { amount: { $gt: 0 } }, ['body.amount']],
    ['an unknown field', invoiceId, { amount: 1, currency: 'USD' }, ['body.currency']],
  ];
  for (const [what, id, body, expected] of cases) {
    const res = await pay(api, id, body);
    t.is(res.status, 400, `${what}: ${res.text}`);
    t.is(res.body.error?.name, 'ValidationError', what);
    t.deepEqual(paths(res.body), expected, what);
  }
  t.deepEqual(await state(api, invoiceId), before);
  t.deepEqual((await state(api, idrInvoice)).payments, []);
  // IDR takes whole amounts.
  t.is((await pay(api, idrInvoice, { amount: 100000 })).status, 200);
});

test("POST|GET payments of an unknown invoice or another workspace's: 404 revealing nothing, nothing written", async (t) => {
  const api = await platform.client('business', 10);
  const other = await platform.client('business', 10);
  const theirs = await invoiceOf(other);
  t.is((await pay(other, theirs, { amount: 10, reference: 'THEIR-REF' })).status, 200);
  const theirsBefore = await state(other, theirs);
  for (const id of [theirs, `inv_${'Q'.repeat(22)}`]) {
    const post = await pay(api, id, { amount: 1 });
    t.is(post.status, 404, post.text);
    t.like(post.body, { data: null, error: { status: 404, name: 'NotFoundError' } });
    const list = await api.call('GET', `/api/invoices/external/${id}/payments`);
    t.is(list.status, 404, list.text);
    t.false(list.text.includes('THEIR-REF'));
  }
  t.deepEqual(await state(other, theirs), theirsBefore);
  const badId = await pay(api, 'inv_{"$ne":1}', { amount: 1 });
  t.is(badId.status, 400, badId.text);
  t.deepEqual(paths(badId.body), ['params.id']);
});

test('POST payments with an Idempotency-Key: the replay answers the same payment (Idempotent-Replayed), 422 for another body or invoice, counted once', async (t) => {
  const api = await platform.client('business', 10);
  const invoiceId = await invoiceOf(api);
  const otherInvoice = await invoiceOf(api);
  const key = `pay-${Date.now()}`;
  const body = { amount: 25, method: 'cash' };
  const first = await pay(api, invoiceId, body, { 'idempotency-key': key });
  t.is(first.status, 200, first.text);
  const afterFirst = await state(api, invoiceId);

  const replay = await pay(api, invoiceId, body, { 'idempotency-key': key });
  t.is(replay.status, 200, replay.text);
  t.is(replay.headers.get('idempotent-replayed'), 'true');
  t.is(replay.text, first.text);
  t.deepEqual(await state(api, invoiceId), afterFirst);

  const otherBody = await pay(api, invoiceId, { ...body, amount: 26 }, { 'idempotency-key': key });
  t.is(otherBody.status, 422, otherBody.text);
  const otherTarget = await pay(api, otherInvoice, body, { 'idempotency-key': key });
  t.is(otherTarget.status, 422, otherTarget.text);
  t.deepEqual(await state(api, invoiceId), afterFirst);
  t.deepEqual((await state(api, otherInvoice)).payments, []);

  // Without a key, as generate: each request is a new payment.
  t.is((await pay(api, invoiceId, body)).status, 200);
  t.is((await pay(api, invoiceId, body)).status, 200);
  t.like((await state(api, invoiceId)).balance, { amount_paid: 75, amount_due: 225 });
});

test('POST payments in parallel: never more than the amount, the closing one marks paid once', async (t) => {
  const api = await platform.client('business', 10);
  const invoiceId = await invoiceOf(api);
  const results = await Promise.all(Array.from({ length: 6 }, () => pay(api, invoiceId, { amount: 75 })));
  const accepted = results.filter((r) => r.status === 200);
  t.is(accepted.length, 4, results.map((r) => `${r.status} ${r.text.slice(0, 200)}`).join('\n'));
  for (const r of results.filter((x) => x.status !== 200)) t.is(r.status, 400, r.text);
  const now = await state(api, invoiceId);
  t.like(now.balance, { amount_paid: 300, amount_due: 0, invoice_status: 'paid' });
  t.is(now.payments.length, 4);
});

test('admin API and invoicectl payment record|list: as the public API, with clear errors', async (t) => {
  const api = await platform.client('business', 10);
  const invoiceId = await invoiceOf(api);
  const ws = api.workspaceId;
  const recorded = await platform.admin<Obj>('POST', `/workspaces/${ws}/invoices/${invoiceId}/payments`, {
    amount: 20,
    method: 'card',
  });
  t.is(recorded.status, 200, JSON.stringify(recorded.body));
  t.like(recorded.body.data, { amount: 20, method: 'card' });
  const over = await platform.admin('POST', `/workspaces/${ws}/invoices/${invoiceId}/payments`, { amount: 281 });
  t.is(over.status, 400);

  const cli = (...args: string[]) =>
    run(
      process.execPath,
      [path.join(repoRoot, 'services/gateway/src/cli/main.ts'), '--url', platform.gateway.adminUrl, ...args],
      { env: { ...process.env, ADMIN_TOKEN: platform.adminToken } },
    );
  const made = await cli(
    '--json',
    'payment',
    'record',
    ws,
    invoiceId,
    '--amount',
    '30.25',
    '--method',
    'bank_transfer',
    '--reference',
    'TRX 7',
    '--paid-at',
    '2026-02-01T08:00:00Z',
  );
  t.like(JSON.parse(made.stdout) as Obj, {
    invoice_id: invoiceId,
    amount: 30.25,
    method: 'bank_transfer',
    reference: 'TRX 7',
    paid_at: '2026-02-01T08:00:00.000Z',
  });
  const text = await cli('payment', 'record', ws, invoiceId, '--amount', '1');
  t.regex(text.stdout, /^Recorded payment pay_/m);
  const listed = await cli('payment', 'list', ws, invoiceId);
  t.is(listed.stdout.trim().split('\n').length, 1 + 3, 'a header and three payments');
  t.like((await state(api, invoiceId)).balance, { amount_paid: 51.25, amount_due: 248.75 });

  const fail = (args: string[]) =>
    cli(...args).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => err,
    );
  const noAmount = await fail(['payment', 'record', ws, invoiceId]);
  t.is(noAmount.code, 1);
  t.regex(noAmount.stderr, /--amount/);
  const badAmount = await fail(['payment', 'record', ws, invoiceId, '--amount', '12,50']);
  t.is(badAmount.code, 1);
  t.regex(badAmount.stderr, /--amount must be a positive decimal number/);
  const badMethod = await fail(['payment', 'record', ws, invoiceId, '--amount', '1', '--method', 'cheque']);
  t.is(badMethod.code, 1);
  t.regex(badMethod.stderr, /400 ValidationError/);
  t.regex(badMethod.stderr, /body\.method/);
  const tooMuch = await fail(['payment', 'record', ws, invoiceId, '--amount', '1000']);
  t.is(tooMuch.code, 1);
  t.regex(tooMuch.stderr, /body\.amount/);
});
