import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { EventLog } from '../support/events.ts';
import { type ApiClient, Platform, request, waitFor } from '../support/platform.ts';

const run = promisify(execFile);
const platform = new Platform({
  invoices: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"enterprise":100000,"business":100000}', RATE_LIMIT_PER_IP: '100000' },
});
let events: EventLog;

test.before(async () => {
  await platform.start();
  events = await new EventLog(platform.stack.KAFKA_BROKERS!).start();
});
test.after.always(async () => {
  await events?.stop();
  await platform.stop();
});

type Obj = Record<string, unknown>;
type Body<T = Obj> = {
  data: T;
  meta?: Record<string, number>;
  error?: { status: number; name: string; message: string; details?: Obj };
};

const item = { description: 'Design work', quantity: 2, price: 150000, unit: 'hour' };
const baseBody = {
  customer_name: 'PT Maju Jaya',
  customer_email: 'billing@maju.example',
  customer_tax_id: '01.234.567.8-901.000',
  items: [item],
};

function generate(api: ApiClient, body: object = baseBody, headers?: Record<string, string>) {
  return api.call<Body>('POST', '/api/invoices/generate-external', { body, headers });
}

async function generated(api: ApiClient, body: object = baseBody): Promise<Obj> {
  const res = await generate(api, body);
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  return res.body.data;
}

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

test('POST generate-external: the GenerateInvoiceResult response, one credit used', async (t) => {
  const api = await platform.client('enterprise', 5);
  const res = await generate(api);
  t.is(res.status, 200, res.text);
  t.is(res.headers.get('idempotent-replayed'), null);
  const data = res.body.data;
  t.deepEqual(Object.keys(data).sort(), [
    'credits_remaining',
    'id',
    'invoice_number',
    'is_recurring',
    'pdf_url',
    'template',
  ]);
  t.regex(String(data.id), /^inv_[0-9A-Za-z]{22}$/);
  t.regex(String(data.invoice_number), new RegExp(`^INV-${api.workspaceId}-\\d{6}-0001$`));
  t.is(data.pdf_url, `${platform.gateway.baseUrl}/p/invoice/${data.id}/pdf`);
  t.is(data.credits_remaining, 4);
  t.is(data.is_recurring, false);
  t.like(data.template as Obj, { source: 'system_default' });
  t.is(typeof (data.template as Obj).id, 'string');
  t.is(typeof (data.template as Obj).name, 'string');
  t.is((await platform.credits(api.workspaceId)).credits_remaining, 4);
});

test('POST generate-external: amounts past 2^53 − 1 minor units are a 400 naming the line; no credit, no invoice', async (t) => {
  const api = await platform.client('enterprise', 5);
  const res = await generate(api, {
    customer_name: 'PT Besar',
    currency: 'IDR',
    items: [{ quantity: 999999, price: 1e12 }],
  });
  t.is(res.status, 400, res.text);
  const error = (res.body as unknown as { error: { details: { errors: { path: string; message: string }[] } } }).error;
  t.deepEqual(error.details.errors, [
    { path: 'body.items[0]', message: 'quantity × price must be at most 9007199254740991 IDR' },
  ]);
  t.is((await platform.credits(api.workspaceId)).credits_remaining, 5);
  const list = await api.call<{ meta: { total: number } }>('GET', '/api/invoices/external');
  t.is(list.body.meta.total, 0);
});

test('POST generate-external: unlimited pool reports credits_remaining null', async (t) => {
  const api = await platform.client('enterprise', 'unlimited');
  t.is((await generated(api)).credits_remaining, null);
});

test('POST generate-external: an empty pool is 402 and creates nothing', async (t) => {
  const api = await platform.client('enterprise', 0);
  const res = await generate(api);
  t.is(res.status, 402);
  t.is(res.body.error!.name, 'PaymentRequiredError');
  const list = await api.call<Body<Obj[]>>('GET', '/api/invoices/external');
  t.is(list.body.meta!.total, 0);
});

test('GET invoice: every Invoice field with the right type and value', async (t) => {
  const api = await platform.client('enterprise', 5);
  const created = await generated(api, {
    ...baseBody,
    currency: 'USD',
    tax_rate: 10,
    due_date: '2030-01-15',
    notes: 'Thanks',
  });
  const res = await api.call<Body>('GET', `/api/invoices/external/${created.id}`);
  t.is(res.status, 200);
  const inv = res.body.data;
  t.deepEqual(
    Object.keys(inv).sort(),
    [
      'amount',
      'currency',
      'customer_email',
      'customer_name',
      'discount_total',
      'due_date',
      'id',
      'invoice_number',
      'invoice_status',
      'is_archived',
      'is_recurring',
      'issue_date',
      'paid_at',
      'pdf_status',
      'pdf_url',
      'recurring_interval',
      'subtotal',
      'tax_amount',
      'tax_rate',
      // Additive (docs/money-trail.md): the balance and the as-issued archive.
      'amount_credited',
      'amount_paid',
      'amount_due',
      'as_issued_pdf',
      'as_issued_e_invoice',
      'retain_until',
    ].sort(),
  );
  t.like(inv, { amount_credited: 0, amount_paid: 0, amount_due: inv.amount });
  t.like(inv, {
    id: created.id,
    invoice_number: created.invoice_number,
    customer_name: 'PT Maju Jaya',
    customer_email: 'billing@maju.example',
    currency: 'USD',
    subtotal: 300000,
    discount_total: 0,
    tax_rate: 10,
    tax_amount: 30000,
    amount: 330000,
    invoice_status: 'unpaid',
    is_archived: false,
    is_recurring: false,
    recurring_interval: 'none',
    due_date: '2030-01-15',
    paid_at: null,
    pdf_url: created.pdf_url,
    pdf_status: 'ready',
  });
  t.regex(String(inv.issue_date), isoDateTime);
});

test('POST generate-external: due_date defaults to 14 days after the issue date', async (t) => {
  const api = await platform.client('enterprise', 5);
  const created = await generated(api);
  const inv = (await api.call<Body>('GET', `/api/invoices/external/${created.id}`)).body.data;
  const issue = new Date(String(inv.issue_date));
  const expected = new Date(Date.UTC(issue.getUTCFullYear(), issue.getUTCMonth(), issue.getUTCDate() + 14))
    .toISOString()
    .slice(0, 10);
  t.is(inv.due_date, expected);
});

for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
  test(`POST generate-external: the default due_date is 14 days after the issue date in the workspace zone (${zone})`, async (t) => {
    const api = await platform.client('enterprise', 2, { time_zone: zone });
    const created = await generated(api);
    const inv = (await api.call<Body>('GET', `/api/invoices/external/${created.id}`)).body.data;
    // UTC+14 and UTC−11: at any hour at least one of them is on another calendar day than UTC.
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(String(inv.issue_date)));
    const [y, m, d] = local.split('-').map(Number) as [number, number, number];
    t.is(inv.due_date, new Date(Date.UTC(y, m - 1, d + 14)).toISOString().slice(0, 10));
  });
}

// Hand-computed cases (docs/architecture.md#money): round half away from zero to the currency's
// minor units, once per figure.
const totalsCases: [string, Obj, Obj][] = [
  [
    // lines 200.00 (10%), 50.00 (invoice 11%), 99.99 (0%); subtotal 349.99; discount 35.00 shared
    // 3500 cents × L/34999 → floors 2000/500/999 (+1 to the largest remainder, line 3) = 20.00/5.00/10.00;
    // tax = 180 × 10% + 45 × 11% + 89.99 × 0% = 18 + 4.95 = 22.95; amount = 349.99 − 35 + 22.95 = 337.94
    'USD: per-item tax override and proportional invoice discount',
    {
      currency: 'USD',
      tax_rate: 11,
      discount_total: 35,
      items: [
        { description: 'A', quantity: 2, price: 100, tax_rate: 10 },
        { description: 'B', quantity: 1, price: 50 },
        { description: 'C', quantity: 3, price: 33.33, tax_rate: 0 },
      ],
    },
    { subtotal: 349.99, discount_total: 35, tax_amount: 22.95, amount: 337.94, tax_rate: 11 },
  ],
  [
    // IDR has 0 decimals: 3 × 33333.5 = 100000.5 → 100001; tax 11% = 11000.11 → 11000; amount 111001
    'IDR (default currency) with 0 decimals',
    { tax_rate: 11, items: [{ quantity: 3, price: 33333.5 }] },
    { currency: 'IDR', subtotal: 100001, tax_amount: 11000, amount: 111001 },
  ],
  [
    // JPY: 999.5 → 1000; tax 8% = 80; amount 1080
    'JPY with 0 decimals',
    { currency: 'JPY', tax_rate: 8, items: [{ quantity: 1, price: 999.5 }] },
    { currency: 'JPY', subtotal: 1000, tax_amount: 80, amount: 1080 },
  ],
  [
    // KWD has 3 decimals: 1.5 × 2.345 = 3.5175 → 3.518; tax 5% = 0.1759 → 0.176; amount 3.694
    'KWD with 3 decimals',
    { currency: 'KWD', tax_rate: 5, items: [{ quantity: 1.5, price: 2.345 }] },
    { currency: 'KWD', subtotal: 3.518, tax_amount: 0.176, amount: 3.694 },
  ],
  [
    // 10.10 × 5% = 0.505 → 0.51 (half away from zero); amount 10.61
    'rounding at exactly .5 goes away from zero',
    { currency: 'USD', tax_rate: 5, items: [{ quantity: 1, price: 10.1 }] },
    { subtotal: 10.1, tax_amount: 0.51, amount: 10.61 },
  ],
  [
    // item discount: 4 × 25 − 10 = 90; invoice discount 9 → 81 taxed at 10% = 8.10; amount 90 − 9 + 8.10 = 89.10
    'item discount then invoice discount, tax on the discounted amount',
    { currency: 'EUR', tax_rate: 10, discount_total: 9, items: [{ quantity: 4, price: 25, discount: 10 }] },
    { subtotal: 90, discount_total: 9, tax_amount: 8.1, amount: 89.1 },
  ],
];
for (const [title, body, expected] of totalsCases) {
  test(`totals: ${title}`, async (t) => {
    const api = await platform.client('enterprise', 5);
    const created = await generated(api, { customer_name: 'Totals Ltd', ...body });
    const inv = (await api.call<Body>('GET', `/api/invoices/external/${created.id}`)).body.data;
    t.like(inv, expected);
  });
}

for (const [title, body, path] of [
  [
    'an item discount larger than quantity × price',
    { items: [{ quantity: 1, price: 10, discount: 10.01 }] },
    'body.items[0].discount',
  ],
  [
    'a discount_total larger than the subtotal',
    { discount_total: 301, currency: 'USD', items: [{ quantity: 3, price: 100 }] },
    'body.discount_total',
  ],
  ['an unknown currency', { currency: 'XYZ' }, 'body.currency'],
  ['an unknown template', { template: 'tpl_nope' }, 'body.template'],
  ['a payment gateway not connected', { payment_gateway: 'stripe' }, 'body.payment_gateway'],
  ['a payment account that does not exist', { payment_account: 'pacc_nope' }, 'body.payment_account'],
] as const) {
  test(`POST generate-external: ${title} is 400 and uses no credit`, async (t) => {
    const api = await platform.client('enterprise', 3);
    const res = await generate(api, { ...baseBody, ...body });
    t.is(res.status, 400, res.text);
    const errors = (res.body.error!.details as { errors: { path: string }[] }).errors;
    t.true(
      errors.some((e) => e.path === path),
      JSON.stringify(errors),
    );
    t.is((await platform.credits(api.workspaceId)).credits_remaining, 3);
  });
}

test('POST generate-external: a connected gateway and an existing payment account are accepted', async (t) => {
  const api = await platform.client('enterprise', 3);
  await platform.admin('POST', `/workspaces/${api.workspaceId}/payment-gateways`, {
    provider: 'xendit',
    mode: 'sandbox',
    credentials: { secret_key: 'xnd_development_1', callback_token: 'cb_1' },
  });
  const account = await platform.admin<{ id: string }>('POST', `/workspaces/${api.workspaceId}/payment-accounts`, {
    label: 'BCA',
    bank_name: 'BCA',
    account_name: 'PT Maju',
    account_number: '1234567890',
  });
  const res = await generate(api, { ...baseBody, payment_gateway: 'xendit', payment_account: account.body.data.id });
  t.is(res.status, 200, res.text);
});

test.serial(
  'POST generate-external: 50 in parallel get 50 distinct gap-free numbers and use exactly 50 credits',
  async (t) => {
    const api = await platform.client('enterprise', 60);
    const results = await Promise.all(Array.from({ length: 50 }, () => generate(api)));
    t.deepEqual([...new Set(results.map((r) => r.status))], [200], results.find((r) => r.status !== 200)?.text);
    const seqs = results.map((r) => Number(String(r.body.data.invoice_number).split('-').pop())).sort((a, b) => a - b);
    t.deepEqual(
      seqs,
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    t.is((await platform.credits(api.workspaceId)).credits_remaining, 10);
  },
);

test.serial(
  'POST generate-external: with 10 credits left, exactly 10 of 50 parallel succeed and 40 get 402',
  async (t) => {
    const api = await platform.client('enterprise', 10);
    const results = await Promise.all(Array.from({ length: 50 }, () => generate(api)));
    t.is(results.filter((r) => r.status === 200).length, 10);
    t.is(results.filter((r) => r.status === 402).length, 40);
    t.is((await platform.credits(api.workspaceId)).credits_remaining, 0);
    const list = await api.call<Body<Obj[]>>('GET', '/api/invoices/external?pageSize=100');
    t.is(list.body.meta!.total, 10);
    const seqs = list.body.data.map((s) => Number(String(s.invoice_number).split('-').pop())).sort((a, b) => a - b);
    t.deepEqual(
      seqs,
      Array.from({ length: 10 }, (_, i) => i + 1),
    );
  },
);

test.serial(
  'Idempotency-Key: 20 parallel requests make one invoice and use one credit; the rest get 409 or the replay',
  async (t) => {
    const api = await platform.client('enterprise', 5);
    const key = `order-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => generate(api, baseBody, { 'idempotency-key': key })),
    );
    const ok = results.filter((r) => r.status === 200);
    t.true(ok.length >= 1);
    t.true(
      results.every((r) => r.status === 200 || r.status === 409),
      JSON.stringify(results.map((r) => r.status)),
    );
    t.is(new Set(ok.map((r) => r.body.data.id)).size, 1);
    for (const conflict of results.filter((r) => r.status === 409)) {
      t.is(conflict.body.error!.name, 'ConflictError');
      t.is(conflict.headers.get('retry-after'), '1', 'a 409 says when to retry');
    }
    t.is((await platform.credits(api.workspaceId)).credits_remaining, 4);
    const first = ok.find((r) => r.headers.get('idempotent-replayed') === null)!;
    const replay = await generate(api, baseBody, { 'idempotency-key': key });
    t.is(replay.status, 200);
    t.is(replay.headers.get('idempotent-replayed'), 'true');
    t.is(replay.text, first.text, 'the replay is the first response byte for byte');
    t.is((await platform.credits(api.workspaceId)).credits_remaining, 4);
    t.is((await api.call<Body<Obj[]>>('GET', '/api/invoices/external')).body.meta!.total, 1, 'one invoice in all');
  },
);

test('Idempotency-Key: key order and white space do not change the body; a different body is 422', async (t) => {
  const api = await platform.client('enterprise', 5);
  const key = `k-${Date.now()}`;
  const first = await generate(
    api,
    { customer_name: 'A', items: [{ quantity: 1, price: 5 }] },
    { 'idempotency-key': key },
  );
  t.is(first.status, 200);
  const reordered = await api.call('POST', '/api/invoices/generate-external', {
    rawBody: '{ "items": [ { "price": 5, "quantity": 1 } ],   "customer_name": "A" }',
    headers: { 'idempotency-key': key },
  });
  t.is(reordered.status, 200);
  t.is(reordered.headers.get('idempotent-replayed'), 'true');
  const different = await generate(
    api,
    { customer_name: 'B', items: [{ quantity: 1, price: 5 }] },
    { 'idempotency-key': key },
  );
  t.is(different.status, 422);
  t.is(different.body.error!.name, 'UnprocessableEntityError');
  t.is((await platform.credits(api.workspaceId)).credits_remaining, 4);
});

test('Idempotency-Key: a failed request is not stored and can be retried with its key', async (t) => {
  const api = await platform.client('enterprise', 0);
  const key = `retry-${Date.now()}`;
  t.is((await generate(api, baseBody, { 'idempotency-key': key })).status, 402);
  await platform.setCredits(api.workspaceId, 1);
  const retried = await generate(api, baseBody, { 'idempotency-key': key });
  t.is(retried.status, 200);
  t.is(retried.headers.get('idempotent-replayed'), null);
});

test('Idempotency-Key: keys are per workspace', async (t) => {
  const a = await platform.client('enterprise', 2);
  const b = await platform.client('enterprise', 2);
  const key = `shared-${Date.now()}`;
  const ra = await generate(a, baseBody, { 'idempotency-key': key });
  const rb = await generate(b, baseBody, { 'idempotency-key': key });
  t.is(ra.status, 200);
  t.is(rb.status, 200);
  t.not(ra.body.data.id, rb.body.data.id);
});

test('Idempotency-Key: with the Redis record lost, the key stored on the invoice still replays', async (t) => {
  const api = await platform.client('enterprise', 5);
  const key = `lost-${Date.now()}`;
  const first = await generate(api, baseBody, { 'idempotency-key': key });
  const { Redis } = await import('ioredis');
  const redis = new Redis(platform.stack.REDIS_URL!);
  for (const k of await redis.keys(`idem:${api.workspaceId}:*`)) await redis.del(k);
  await redis.quit();
  const again = await generate(api, baseBody, { 'idempotency-key': key });
  t.is(again.status, 200);
  t.is(again.headers.get('idempotent-replayed'), 'true');
  t.is(again.body.data.id, first.body.data.id);
  t.is(
    again.body.data.credits_remaining,
    first.body.data.credits_remaining,
    'credits_remaining is the value of the first call',
  );
  t.is((await platform.credits(api.workspaceId)).credits_remaining, 4);
});

test('GET invoices: summaries newest first, status filter, page meta', async (t) => {
  const api = await platform.client('enterprise', 10);
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push(String((await generated(api, { ...baseBody, customer_name: `C${i}` })).id));
  await api.call('PUT', `/api/invoices/external/${ids[1]}/status`, { body: { status: 'paid' } });
  const all = await api.call<Body<Obj[]>>('GET', '/api/invoices/external?pageSize=2');
  t.is(all.status, 200);
  t.deepEqual(all.body.meta, { page: 1, pageSize: 2, total: 3 });
  t.deepEqual(
    all.body.data.map((s) => s.id),
    [ids[2], ids[1]],
  );
  t.deepEqual(Object.keys(all.body.data[0]!).sort(), [
    'amount',
    'created_at',
    'currency',
    'customer_email',
    'customer_name',
    'due_date',
    'id',
    'invoice_number',
    'invoice_status',
    'is_recurring',
    'paid_at',
  ]);
  const page2 = await api.call<Body<Obj[]>>('GET', '/api/invoices/external?pageSize=2&page=2');
  t.deepEqual(
    page2.body.data.map((s) => s.id),
    [ids[0]],
  );
  const paid = await api.call<Body<Obj[]>>('GET', '/api/invoices/external?status=paid');
  t.deepEqual(
    paid.body.data.map((s) => s.id),
    [ids[1]],
  );
  t.regex(String(paid.body.data[0]!.paid_at), isoDateTime);
  t.is(paid.body.data[0]!.amount, 300000);
  const defaults = await api.call<Body<Obj[]>>('GET', '/api/invoices/external');
  t.deepEqual(defaults.body.meta, { page: 1, pageSize: 25, total: 3 });
});

test("another workspace's invoice is 404 on every endpoint", async (t) => {
  const owner = await platform.client('enterprise', 2);
  const other = await platform.client('enterprise', 2);
  const created = await generated(owner);
  const id = String(created.id);
  for (const [method, path, body] of [
    ['GET', `/api/invoices/external/${id}`, undefined],
    ['PUT', `/api/invoices/external/${id}/status`, { status: 'paid' }],
    ['PUT', `/api/invoices/external/${id}/archive`, { is_archived: true }],
    ['POST', `/api/invoices/external/${id}/pdf`, { force: true }],
  ] as const) {
    const res = await other.call<Body>(method, path, { body });
    t.is(res.status, 404, `${method} ${path}`);
    t.is(res.body.error!.name, 'NotFoundError');
  }
  t.is((await other.call<Body<Obj[]>>('GET', '/api/invoices/external')).body.meta!.total, 0);
  t.is((await owner.call<Body>('GET', `/api/invoices/external/${id}`)).body.data.invoice_status, 'unpaid');
});

test('GET invoice: an unknown id is 404', async (t) => {
  const api = await platform.client('enterprise', 1);
  const res = await api.call<Body>('GET', '/api/invoices/external/inv_doesnotexist');
  t.is(res.status, 404);
});

// docs/architecture.md#status-moves: [from, to, allowed]
const moves: [string, string, boolean][] = [
  ['unpaid', 'paid', true],
  ['unpaid', 'overdue', true],
  ['unpaid', 'cancelled', true],
  ['overdue', 'unpaid', true],
  ['overdue', 'paid', true],
  ['overdue', 'cancelled', true],
  ['paid', 'unpaid', true],
  ['paid', 'overdue', false],
  ['paid', 'cancelled', false],
  ['cancelled', 'unpaid', true],
  ['cancelled', 'paid', false],
  ['cancelled', 'overdue', false],
];

async function invoiceIn(api: ApiClient, status: string): Promise<string> {
  const id = String((await generated(api)).id);
  if (status !== 'unpaid') {
    const res = await api.call('PUT', `/api/invoices/external/${id}/status`, { body: { status } });
    if (res.status !== 200) throw new Error(`setup move to ${status}: ${res.status}`);
  }
  return id;
}

for (const [from, to, allowed] of moves) {
  test(`PUT status: ${from} → ${to} is ${allowed ? 'allowed' : 'refused'} and emits exactly its events`, async (t) => {
    const api = await platform.client('enterprise', 5);
    const id = await invoiceIn(api, from);
    const setupCount = from === 'unpaid' ? 1 : from === 'overdue' ? 3 : from === 'paid' ? 3 : 3;
    await events.waitFor(id, (es) => es.length >= setupCount);
    const res = await api.call<Body>('PUT', `/api/invoices/external/${id}/status`, { body: { status: to } });
    if (!allowed) {
      t.is(res.status, 400);
      t.is(res.body.error!.name, 'ApplicationError');
      t.deepEqual(res.body.error!.details, { from, to });
      await new Promise((r) => setTimeout(r, 1000));
      t.is(events.of(id).length, setupCount, 'a refused move sends nothing');
      return;
    }
    t.is(res.status, 200, res.text);
    t.deepEqual(Object.keys(res.body.data).sort(), ['id', 'invoice_number', 'invoice_status', 'paid_at']);
    t.is(res.body.data.invoice_status, to);
    if (to === 'paid') t.regex(String(res.body.data.paid_at), isoDateTime);
    else t.is(res.body.data.paid_at, null, 'leaving paid clears paid_at');
    const publicType = to === 'unpaid' ? null : `invoice.${to}`;
    const expectedCount = setupCount + (publicType ? 2 : 1);
    const all = await events.waitFor(id, (es) => es.length >= expectedCount);
    await new Promise((r) => setTimeout(r, 500));
    const added = events.of(id).slice(setupCount);
    t.deepEqual(
      added.map((e) => e.type).sort(),
      [...(publicType ? [publicType] : []), 'invoice.status_changed'].sort(),
    );
    for (const e of added) {
      t.is(e.data.previous_status, from);
      t.is(e.data.object.invoice_status, to);
      t.is(e.workspace_id, api.workspaceId);
      t.is(e.object, 'event');
      t.regex(e.id, /^evt_/);
    }
    t.true(all.length >= expectedCount);
  });
}

test('PUT status: the same status again is 200, changes nothing and sends no event', async (t) => {
  const api = await platform.client('enterprise', 2);
  const id = await invoiceIn(api, 'paid');
  await events.waitFor(id, (es) => es.length >= 3);
  const before = (await api.call<Body>('GET', `/api/invoices/external/${id}`)).body.data;
  const res = await api.call<Body>('PUT', `/api/invoices/external/${id}/status`, { body: { status: 'paid' } });
  t.is(res.status, 200);
  t.is(res.body.data.paid_at, before.paid_at);
  await new Promise((r) => setTimeout(r, 1000));
  t.is(events.of(id).length, 3);
});

test('invoice.created: the envelope and data.object carry the public invoice plus the event figures', async (t) => {
  const api = await platform.client('enterprise', 2);
  const created = await generated(api);
  const [event] = await events.waitFor(String(created.id), (es) => es.some((e) => e.type === 'invoice.created'));
  t.like(event!, { object: 'event', type: 'invoice.created', workspace_id: api.workspaceId, sequence: 1 });
  t.regex(event!.created, isoDateTime);
  t.false('previous_status' in event!.data);
  const inv = (await api.call<Body>('GET', `/api/invoices/external/${created.id}`)).body.data;
  t.deepEqual(event!.data.object, { ...inv, amount_received: 0 });
  // The balance is the API's: nothing credited or paid, all due.
  t.like(inv, { amount_credited: 0, amount_paid: 0, amount_due: inv.amount });
  t.is(event!.headers['event-id'], event!.id);
});

test('PUT archive: sets and clears archived_at, sends no public event', async (t) => {
  const api = await platform.client('enterprise', 2);
  const id = String((await generated(api)).id);
  const on = await api.call<Body>('PUT', `/api/invoices/external/${id}/archive`, { body: { is_archived: true } });
  t.is(on.status, 200);
  t.deepEqual(Object.keys(on.body.data).sort(), ['archived_at', 'id', 'invoice_number', 'is_archived']);
  t.is(on.body.data.is_archived, true);
  t.regex(String(on.body.data.archived_at), isoDateTime);
  t.is((await api.call<Body>('GET', `/api/invoices/external/${id}`)).body.data.is_archived, true);
  const off = await api.call<Body>('PUT', `/api/invoices/external/${id}/archive`, { body: { is_archived: false } });
  t.like(off.body.data, { is_archived: false, archived_at: null });
  const archivedTwice = (es: { type: string }[]) => es.filter((e) => e.type === 'invoice.archived').length >= 2;
  await events.waitFor(id, archivedTwice);
  await new Promise((r) => setTimeout(r, 500));
  const types = events.of(id).map((e) => e.type);
  t.false(types.some((ty) => ['invoice.paid', 'invoice.overdue', 'invoice.cancelled'].includes(ty)));
  t.is(types.filter((ty) => ty === 'invoice.archived').length, 2, 'only the internal event');
});

test('POST pdf: returns the url; regenerates only when forced', async (t) => {
  const api = await platform.client('enterprise', 2);
  const created = await generated(api);
  const plain = await api.call<Body>('POST', `/api/invoices/external/${created.id}/pdf`);
  t.is(plain.status, 200);
  t.deepEqual(plain.body.data, { url: created.pdf_url, generated: false });
  const forced = await api.call<Body>('POST', `/api/invoices/external/${created.id}/pdf`, { body: { force: true } });
  t.deepEqual(forced.body.data, { url: created.pdf_url, generated: true });
  t.is((await platform.credits(api.workspaceId)).credits_remaining, 1, 'regenerating uses no credit');
});

async function pdfText(url: string): Promise<{ text: string; info: string; name: string | null; size: number }> {
  const res = await fetch(url, { headers: { 'x-forwarded-for': '2001:db8::99' } });
  if (res.status !== 200) throw new Error(`pdf ${res.status}`);
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-'));
  const file = path.join(dir, 'invoice.pdf');
  const bytes = Buffer.from(await res.arrayBuffer());
  if (Number(res.headers.get('content-length')) !== bytes.length) throw new Error('Content-Length is not the size');
  await writeFile(file, bytes);
  const [{ stdout: text }, { stdout: info }] = await Promise.all([
    run('pdftotext', ['-layout', file, '-']),
    run('pdfinfo', [file]),
  ]);
  const disposition = res.headers.get('content-disposition');
  const name = disposition ? (/filename="([^"]+)"/.exec(disposition)?.[1] ?? null) : null;
  return { text, info, name, size: bytes.length };
}

test('the PDF: number, customer, totals and the UNPAID marking, then PAID after the status change', async (t) => {
  const api = await platform.client('enterprise', 2);
  const created = await generated(api, { ...baseBody, currency: 'USD', tax_rate: 10 });
  const unpaid = await pdfText(String(created.pdf_url));
  t.regex(unpaid.info, /Pages:\s+1/);
  t.true(unpaid.text.includes(String(created.invoice_number)));
  t.true(unpaid.text.includes('PT Maju Jaya'));
  t.true(unpaid.text.includes('01.234.567.8-901.000'));
  t.regex(unpaid.text, /330,000\.00/);
  t.regex(unpaid.text, /UNPAID/);
  t.is(unpaid.name, `${created.invoice_number}-UNPAID.pdf`);

  await api.call('PUT', `/api/invoices/external/${created.id}/status`, { body: { status: 'paid' } });
  await waitFor(
    're-rendered PDF',
    async () => {
      const inv = (await api.call<Body>('GET', `/api/invoices/external/${created.id}`)).body.data;
      return inv.pdf_status === 'ready' ? inv : undefined;
    },
    30_000,
    200,
  );
  const paid = await pdfText(String(created.pdf_url));
  t.is(paid.name, `${created.invoice_number}-PAID.pdf`);
  t.regex(paid.text, /\bPAID\b/);
  t.notRegex(paid.text, /UNPAID/);
});

test('the PDF: units, per-line tax, discounts, subtotal, tax, total, notes, payment notes and footer are printed', async (t) => {
  const api = await platform.client('enterprise', 2);
  // Lines 200.00 (10% tax) and 100.00 − 20.00 = 80.00 (own rate 0%); subtotal 280.00; invoice
  // discount 28.00 shared 20.00 / 8.00; tax 10% of 180.00 = 18.00; total 280 − 28 + 18 = 270.00.
  const created = await generated(api, {
    customer_name: 'Figures Ltd',
    currency: 'USD',
    tax_rate: 10,
    discount_total: 28,
    notes: 'Thank you for your business',
    custom_payment_notes: 'Transfer within 14 days quoting the number',
    footer_text: 'Figures Ltd is a test customer',
    items: [
      { description: 'Consulting', quantity: 2, price: 100, unit: 'hour' },
      { description: 'Licence', quantity: 1, price: 100, discount: 20, tax_rate: 0 },
    ],
  });
  const inv = (await api.call<Body>('GET', `/api/invoices/external/${created.id}`)).body.data;
  t.like(inv, { subtotal: 280, discount_total: 28, tax_amount: 18, amount: 270 });
  const { text } = await pdfText(String(created.pdf_url));
  const flat = text.replace(/\s+/g, ' ');
  for (const expected of [
    'Consulting 2 hour $100.00 – 10% $200.00',
    'Licence 1 $100.00 −$20.00 0% $80.00',
    'Subtotal $280.00',
    'Discount −$28.00',
    'Tax $18.00',
    'Total $270.00',
    'Thank you for your business',
    'Transfer within 14 days quoting the number',
    'Figures Ltd is a test customer',
  ]) {
    t.true(flat.includes(expected), `the PDF shows ${expected}`);
  }
});

test('pdf_status: a status change sets processing, its re-render ready (read from the events); force renders again', async (t) => {
  const api = await platform.client('enterprise', 2);
  const id = String((await generated(api)).id);
  // events.of() leaves invoice.pdf_updated out; this test is about exactly those.
  const withPdf = () => events.events.filter((e) => e.data.object.id === id);
  const pdfUpdates = () => withPdf().filter((e) => e.type === 'invoice.pdf_updated');
  await api.call('PUT', `/api/invoices/external/${id}/status`, { body: { status: 'cancelled' } });
  await waitFor('the re-render', async () => pdfUpdates().length >= 1);
  const changed = withPdf().find((e) => e.type === 'invoice.status_changed')!;
  t.is(changed.data.object.pdf_status, 'processing');
  const [ready] = pdfUpdates();
  t.is(ready!.data.object.pdf_status, 'ready');
  t.true(ready!.sequence > changed.sequence);
  t.is((await api.call<Body>('GET', `/api/invoices/external/${id}`)).body.data.pdf_status, 'ready');

  const forced = await api.call<Body>('POST', `/api/invoices/external/${id}/pdf`, { body: { force: true } });
  t.true(forced.body.data.generated);
  await waitFor('the forced render', async () => pdfUpdates().length >= 2);
  t.is(pdfUpdates()[1]!.data.object.pdf_status, 'ready');
  t.is((await api.call<Body>('GET', `/api/invoices/external/${id}`)).body.data.pdf_status, 'ready');
  t.true((await pdfText(`${platform.gateway.baseUrl}/p/invoice/${id}/pdf`)).name?.endsWith('-CANCELLED.pdf'));
});

test.serial(
  'GET /p/invoice/{id}/pdf: a long invoice arrives whole, in many streamed chunks, with its exact Content-Length',
  async (t) => {
    const api = await platform.client('enterprise', 2);
    const items = Array.from({ length: 200 }, (_, i) => ({
      description: `Consulting block ${i + 1} of 200, ${'detailed work log '.repeat(4)}`,
      quantity: 1,
      price: 125.5,
    }));
    const created = await generated(api, { ...baseBody, items });
    const pdf = await pdfText(String(created.pdf_url));
    t.true(pdf.size > 2 * 64 * 1024, `${pdf.size} bytes: more than two 64 KiB chunks`);
    t.regex(pdf.info, /Pages:\s+([5-9]|\d\d)/);
    t.true(pdf.text.includes('Consulting block 200 of 200'), 'the last page arrived');
    t.is(pdf.name, `${created.invoice_number}-UNPAID.pdf`);
  },
);

test('GET /p/invoice/{id}/pdf: an unknown id is 404', async (t) => {
  const res = await request(platform.gateway.baseUrl, 'GET', '/p/invoice/inv_unknown/pdf', { ip: '2001:db8::98' });
  t.is(res.status, 404);
});

test('GET templates: the Template list with availability by plan', async (t) => {
  const pro = await platform.client('professional', 0);
  const ent = await platform.client('enterprise', 0);
  const proList = (await pro.call<Body<Obj[]>>('GET', '/api/invoices/external/templates')).body.data;
  const entList = (await ent.call<Body<Obj[]>>('GET', '/api/invoices/external/templates')).body.data;
  t.true(proList.length >= 2);
  for (const tpl of proList)
    t.deepEqual(Object.keys(tpl).sort(), ['available', 'id', 'name', 'system_default', 'workspace_default']);
  t.is(proList.filter((tpl) => tpl.system_default).length, 1);
  t.true(
    proList.some((tpl) => !tpl.available),
    'a template above the professional plan is listed as unavailable',
  );
  t.true(entList.every((tpl) => tpl.available));
});

test('automatic overdue: an unpaid invoice past its due date in the workspace time zone becomes overdue with invoice.overdue', async (t) => {
  const api = await platform.client('enterprise', 3, { time_zone: 'Asia/Jakarta' });
  const due = await generated(api, { ...baseBody, due_date: '2030-03-10' });
  const paid = await generated(api, { ...baseBody, due_date: '2030-03-10' });
  await api.call('PUT', `/api/invoices/external/${paid.id}/status`, { body: { status: 'paid' } });
  // 2030-03-10 ends at 2030-03-10T17:00Z in Jakarta (UTC+7).
  const before = await platform.admin<{ invoice_ids: string[] }>('POST', '/invoices/overdue-sweep', {
    now: '2030-03-10T16:59:59Z',
    workspace_id: api.workspaceId,
  });
  t.deepEqual(before.body.data.invoice_ids, []);
  const after = await platform.admin<{ invoice_ids: string[] }>('POST', '/invoices/overdue-sweep', {
    now: '2030-03-10T17:00:00Z',
    workspace_id: api.workspaceId,
  });
  t.deepEqual(after.body.data.invoice_ids, [due.id]);
  t.is((await api.call<Body>('GET', `/api/invoices/external/${due.id}`)).body.data.invoice_status, 'overdue');
  t.is((await api.call<Body>('GET', `/api/invoices/external/${paid.id}`)).body.data.invoice_status, 'paid');
  const evs = await events.waitFor(String(due.id), (es) => es.some((e) => e.type === 'invoice.overdue'));
  t.is(evs.find((e) => e.type === 'invoice.overdue')!.data.previous_status, 'unpaid');
});

test('automatic overdue happens once: an invoice moved back to unpaid after it stays unpaid at the next sweep', async (t) => {
  const api = await platform.client('enterprise', 2);
  const inv = await generated(api, { ...baseBody, due_date: '2030-05-01' });
  const sweep = (now: string) =>
    platform.admin<{ invoice_ids: string[] }>('POST', '/invoices/overdue-sweep', {
      now,
      workspace_id: api.workspaceId,
    });
  t.deepEqual((await sweep('2030-05-02T00:00:00Z')).body.data.invoice_ids, [inv.id]);
  const back = await api.call<Body>('PUT', `/api/invoices/external/${inv.id}/status`, { body: { status: 'unpaid' } });
  t.is(back.body.data.invoice_status, 'unpaid');
  t.deepEqual((await sweep('2030-05-03T00:00:00Z')).body.data.invoice_ids, []);
  t.is((await api.call<Body>('GET', `/api/invoices/external/${inv.id}`)).body.data.invoice_status, 'unpaid');
  const evs = await events.waitFor(
    String(inv.id),
    (es) => es.filter((e) => e.type === 'invoice.status_changed').length >= 2,
  );
  t.is(evs.filter((e) => e.type === 'invoice.overdue').length, 1);
});
