import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { GERMAN_IBAN, germanSeller } from '../support/e-invoice.ts';
import { type ApiClient, Platform, repoRoot, request } from '../support/platform.ts';

/**
 * Credit notes through the gateway only (docs/money-trail.md): the public API's
 * `POST|GET /api/invoices/external/{id}/credit-notes`, `GET /api/credit-notes/external/{id}` with
 * `/pdf` and `/e-invoice`, the public `/p/credit-note/{id}/pdf`, the admin API and invoicectl.
 * Every refusal a client can hit is a 400 or 404 that names the field, uses no credit and writes
 * nothing: the credits, the invoice's balance and its list of notes are read back after each.
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

/** 300.00 EUR, no tax: two lines of 150. */
const invoiceBody = {
  customer_name: 'Müller GmbH',
  customer_email: 'billing@mueller.example',
  currency: 'EUR',
  items: [{ description: 'Design work', quantity: 2, price: 150 }],
};

async function invoiceOf(api: ApiClient, body: object = invoiceBody): Promise<string> {
  const res = await api.call<Body<{ id: string }>>('POST', '/api/invoices/generate-external', { body });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  return res.body.data.id;
}

function issue(api: ApiClient, invoiceId: string, body: unknown, headers?: Record<string, string>) {
  return api.call<Body>('POST', `/api/invoices/external/${invoiceId}/credit-notes`, { body, headers });
}

const refund = (price: number) => ({
  reason: 'Returned goods',
  items: [{ description: 'Refund', quantity: 1, price }],
});

/** What a refusal must leave as it was: the credits, the invoice's balance and status, its notes. */
async function state(api: ApiClient, invoiceId: string) {
  const [credits, invoice, notes] = await Promise.all([
    platform.credits(api.workspaceId),
    api.call<Body>('GET', `/api/invoices/external/${invoiceId}`),
    api.call<{ data: Obj[] }>('GET', `/api/invoices/external/${invoiceId}/credit-notes`),
  ]);
  const { amount_credited, amount_paid, amount_due, invoice_status } = invoice.body.data;
  return {
    credits: credits.credits_remaining,
    balance: { amount_credited, amount_paid, amount_due, invoice_status },
    notes: notes.body.data,
  };
}

const paths = (body: unknown) => ((body as Partial<ErrorBody>).error?.details?.errors ?? []).map((e) => e.path);

test('POST /api/invoices/external/{id}/credit-notes: a partial note then one without items; CreditNote objects, CN numbers, credits, balance, cancelled', async (t) => {
  const api = await platform.client('business', 10);
  const invoiceId = await invoiceOf(api);

  const first = await issue(api, invoiceId, refund(100));
  t.is(first.status, 200, first.text);
  t.is(first.headers.get('idempotent-replayed'), null);
  const note = first.body.data;
  // The issue's fields, in this order (the as-issued archive adds its own after them).
  t.deepEqual(Object.keys(note).slice(0, 10), [
    'id',
    'credit_note_number',
    'invoice_id',
    'invoice_number',
    'amount',
    'currency',
    'reason',
    'items',
    'pdf_url',
    'created_at',
  ]);
  t.regex(String(note.id), /^cn_[0-9A-Za-z]{22}$/);
  t.regex(String(note.credit_note_number), new RegExp(`^CN-${api.workspaceId}-\\d{6}-0001$`));
  t.like(note, { invoice_id: invoiceId, amount: 100, currency: 'EUR', reason: 'Returned goods' });
  t.like((note.items as Obj[])[0], { description: 'Refund', quantity: 1, price: 100, line_amount: 100 });
  t.is(note.pdf_url, `${platform.gateway.baseUrl}/p/credit-note/${note.id}/pdf`);
  t.is((await platform.credits(api.workspaceId)).credits_remaining, 8, 'the invoice and the note: 1 credit each');

  let now = await state(api, invoiceId);
  t.deepEqual(now.balance, { amount_credited: 100, amount_paid: 0, amount_due: 200, invoice_status: 'unpaid' });

  // Read back: the same object by id and in the invoice's list.
  const got = await api.call<Body>('GET', `/api/credit-notes/external/${note.id}`);
  t.is(got.status, 200, got.text);
  t.deepEqual(got.body.data, note);
  t.deepEqual(now.notes, [note]);

  // Without items: the whole amount still creditable, which brings amount_due to 0 with nothing
  // paid, so the invoice is cancelled.
  const second = await issue(api, invoiceId, { reason: 'Order cancelled' });
  t.is(second.status, 200, second.text);
  t.regex(String(second.body.data.credit_note_number), new RegExp(`^CN-${api.workspaceId}-\\d{6}-0002$`));
  t.is(second.body.data.amount, 200);
  now = await state(api, invoiceId);
  t.deepEqual(now.balance, { amount_credited: 300, amount_paid: 0, amount_due: 0, invoice_status: 'cancelled' });
  t.deepEqual(
    now.notes.map((n) => n.id),
    [note.id, second.body.data.id],
    'oldest first',
  );
  t.is(now.credits, 7);
});

test('GET /api/credit-notes/external/{id}/pdf and /p/credit-note/{id}/pdf: the PDF, named after its number; the public one without a key', async (t) => {
  const api = await platform.client('business', 10);
  const invoiceId = await invoiceOf(api);
  const note = (await issue(api, invoiceId, refund(50))).body.data;

  const file = await fetch(`${platform.gateway.baseUrl}/api/credit-notes/external/${note.id}/pdf`, {
    headers: { authorization: `Bearer ${api.key}`, 'x-forwarded-for': api.ip },
  });
  t.is(file.status, 200);
  t.is(file.headers.get('content-type'), 'application/pdf');
  t.is(file.headers.get('content-disposition'), `attachment; filename="${note.credit_note_number}.pdf"`);
  t.is(file.headers.get('cache-control'), 'no-store');
  const bytes = Buffer.from(await file.arrayBuffer());
  t.is(bytes.subarray(0, 5).toString(), '%PDF-');
  t.is(Number(file.headers.get('content-length')), bytes.length);

  const open = await fetch(String(note.pdf_url), { headers: { 'x-forwarded-for': api.ip } });
  t.is(open.status, 200);
  t.is(open.headers.get('content-type'), 'application/pdf');
  t.is(open.headers.get('referrer-policy'), 'no-referrer');
  t.regex(open.headers.get('content-security-policy') ?? '', /default-src 'none'/);
  t.is(
    Buffer.from(await open.arrayBuffer())
      .subarray(0, 5)
      .toString(),
    '%PDF-',
  );

  // Refusals reveal nothing: an unknown, a malformed and an invoice's id are one 404.
  const unknown = `cn_${'A'.repeat(22)}`;
  for (const id of [unknown, 'cn_x', invoiceId, `${String(note.id)}x`]) {
    const res = await request(platform.gateway.baseUrl, 'GET', `/p/credit-note/${id}/pdf`, { ip: api.ip });
    t.is(res.status, 404, id);
    t.like(res.body as unknown as ErrorBody, { data: null, error: { status: 404, name: 'NotFoundError' } });
  }
});

test("GET /api/credit-notes/external/{id}/e-invoice: the XML as a download (no-store, nosniff) in the invoice's format; 404 when it has none", async (t) => {
  const api = await platform.client('business', 10);
  const plain = await invoiceOf(api);
  const plainNote = (await issue(api, plain, refund(10))).body.data;
  const none = await api.call<ErrorBody>('GET', `/api/credit-notes/external/${plainNote.id}/e-invoice`);
  t.is(none.status, 404, none.text);
  t.is(none.body.error.name, 'NotFoundError');

  const profile = await platform.admin('PUT', `/workspaces/${api.workspaceId}/legal-profile`, germanSeller);
  t.is(profile.status, 200, JSON.stringify(profile.body));
  const account = await platform.admin<{ id: string }>('POST', `/workspaces/${api.workspaceId}/payment-accounts`, {
    label: 'Hausbank',
    bank_name: 'Musterbank',
    account_name: 'Musterfirma GmbH',
    account_number: GERMAN_IBAN,
  });
  t.is(account.status, 201, JSON.stringify(account.body));
  const invoiceId = await invoiceOf(api, {
    customer_name: 'Beispiel AG',
    customer_tax_id: 'DE987654321',
    customer_address: { line1: 'Hauptstraße 5', city: 'München', postal_code: '80331', country: 'DE' },
    customer_electronic_address: { scheme: '9930', id: 'DE987654321' },
    buyer_reference: '04011000-12345-03',
    currency: 'EUR',
    tax_rate: 19,
    items: [{ description: 'Beratung', quantity: 10, price: 120, unit_code: 'HUR' }],
    payment_account: account.body.data.id,
    e_invoice: 'xrechnung',
  });
  const note = await issue(api, invoiceId, { reason: 'Storniert' });
  t.is(note.status, 200, note.text);
  const res = await fetch(`${platform.gateway.baseUrl}/api/credit-notes/external/${note.body.data.id}/e-invoice`, {
    headers: { authorization: `Bearer ${api.key}`, 'x-forwarded-for': api.ip },
  });
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'application/xml; charset=utf-8');
  t.is(res.headers.get('cache-control'), 'no-store');
  t.is(res.headers.get('x-content-type-options'), 'nosniff');
  t.regex(res.headers.get('content-disposition') ?? '', /^attachment; filename="[A-Za-z0-9._-]+\.xml"$/);
  const xml = await res.text();
  t.regex(xml, /<(\w+:)?CreditNote[\s>]/, 'a UBL CreditNote for xrechnung');
  t.true(xml.includes(String(note.body.data.invoice_number)), 'names the invoice it corrects (BT-25)');
});

test('POST credit-notes past the creditable amount: 400 naming body.items, no credit used, nothing written', async (t) => {
  const api = await platform.client('business', 10);
  const invoiceId = await invoiceOf(api);
  t.is((await issue(api, invoiceId, refund(100))).status, 200);
  const before = await state(api, invoiceId);

  // 200.00 is still creditable: one cent more is refused, with or without tax on the line.
  for (const body of [
    refund(200.01),
    { reason: 'Rate', items: [{ description: 'Refund', quantity: 1, price: 190, tax_rate: 10 }] },
    {
      reason: 'Two lines',
      items: [
        { description: 'a', quantity: 1, price: 150 },
        { description: 'b', quantity: 1, price: 50.01 },
      ],
    },
  ]) {
    const res = await issue(api, invoiceId, body);
    t.is(res.status, 400, res.text);
    t.is(res.body.error?.name, 'ValidationError');
    t.deepEqual(paths(res.body), ['body.items']);
    t.regex(res.body.error!.message, /200\.00 EUR/, 'says how much is still creditable');
  }
  t.deepEqual(await state(api, invoiceId), before);

  // Exactly what is left is accepted.
  const rest = await issue(api, invoiceId, refund(200));
  t.is(rest.status, 200, rest.text);
});

test('POST credit-notes on a cancelled or fully credited invoice: 400, no credit used, nothing written', async (t) => {
  const api = await platform.client('business', 10);
  const cancelled = await invoiceOf(api);
  const put = await api.call('PUT', `/api/invoices/external/${cancelled}/status`, { body: { status: 'cancelled' } });
  t.is(put.status, 200, put.text);
  const before = await state(api, cancelled);
  for (const body of [refund(1), { reason: 'All of it' }]) {
    const res = await issue(api, cancelled, body);
    t.is(res.status, 400, res.text);
    t.is(res.body.error?.name, 'ApplicationError');
    t.regex(res.body.error!.message, /cancelled/);
  }
  t.deepEqual(await state(api, cancelled), before);
});

test("POST|GET credit-notes of an unknown invoice or another workspace's: 404 revealing nothing, no credit used, nothing written", async (t) => {
  const api = await platform.client('business', 10);
  const other = await platform.client('business', 10);
  const theirs = await invoiceOf(other);
  const theirNote = (await issue(other, theirs, refund(20))).body.data;
  const mine = await invoiceOf(api);
  const theirsBefore = await state(other, theirs);
  const creditsBefore = (await platform.credits(api.workspaceId)).credits_remaining;
  const unknown = `inv_${'Z'.repeat(22)}`;

  for (const id of [theirs, unknown]) {
    const post = await issue(api, id, refund(1));
    t.is(post.status, 404, post.text);
    t.like(post.body, { data: null, error: { status: 404, name: 'NotFoundError' } });
    t.false(post.text.includes(String(theirNote.invoice_number)), 'no number of the other workspace');
    const list = await api.call<ErrorBody>('GET', `/api/invoices/external/${id}/credit-notes`);
    t.is(list.status, 404, list.text);
  }
  // Their note, and its files, by id.
  for (const suffix of ['', '/pdf', '/e-invoice']) {
    const res = await api.call<ErrorBody>('GET', `/api/credit-notes/external/${theirNote.id}${suffix}`);
    t.is(res.status, 404, `${suffix}: ${res.text}`);
    t.is(res.body.error.name, 'NotFoundError');
    t.false(res.text.includes(String(theirNote.credit_note_number)));
  }
  t.is((await platform.credits(api.workspaceId)).credits_remaining, creditsBefore);
  t.deepEqual(await state(other, theirs), theirsBefore);
  t.deepEqual((await state(api, mine)).notes, []);
});

test('POST credit-notes with bad bodies: 400 naming each field, no credit used, nothing written', async (t) => {
  const api = await platform.client('business', 10);
  const invoiceId = await invoiceOf(api);
  const before = await state(api, invoiceId);
  const cases: [string, unknown, string[]][] = [
    ['no reason', { items: [{ quantity: 1, price: 1 }] }, ['body.reason']],
    ['a blank reason', { reason: '  ' }, ['body.reason']],
    ['reason of 501 characters', { reason: 'x'.repeat(501) }, ['body.reason']],
    ['empty items', { reason: 'r', items: [] }, ['body.items']],
    ['an item without price', { reason: 'r', items: [{ quantity: 1 }] }, ['body.items[0].price']],
    ['a negative price', { reason: 'r', items: [{ quantity: 1, price: -1 }] }, ['body.items[0].price']],
    ['an unknown field', { reason: 'r', amount: 5 }, ['body.amount']],
    ['an operator as the reason', { reason: { $ne: null } }, ['body.reason']],
    ['not an object', ['r'], ['body']],
  ];
  for (const [what, body, expected] of cases) {
    const res = await issue(api, invoiceId, body);
    t.is(res.status, 400, `${what}: ${res.text}`);
    t.is(res.body.error?.name, 'ValidationError', what);
    t.deepEqual(paths(res.body), expected, what);
  }
  const malformed = await api.call<ErrorBody>('POST', `/api/invoices/external/${invoiceId}/credit-notes`, {
    rawBody: '{"reason":',
  });
  t.is(malformed.status, 400, malformed.text);
  const badId = await issue(api, 'inv_$where', refund(1));
  t.is(badId.status, 400, badId.text);
  t.deepEqual(paths(badId.body), ['params.id']);
  // A line priced 0 credits nothing.
  const zero = await issue(api, invoiceId, refund(0));
  t.is(zero.status, 400, zero.text);
  t.deepEqual(paths(zero.body), ['body.items']);
  t.deepEqual(await state(api, invoiceId), before);
});

test('POST credit-notes with an Idempotency-Key: the replay answers the same note (Idempotent-Replayed), 422 for another body or invoice, no second credit', async (t) => {
  const api = await platform.client('business', 10);
  const invoiceId = await invoiceOf(api);
  const otherInvoice = await invoiceOf(api);
  const key = `cn-${Date.now()}`;
  const first = await issue(api, invoiceId, refund(30), { 'idempotency-key': key });
  t.is(first.status, 200, first.text);
  const afterFirst = await state(api, invoiceId);

  const replay = await issue(api, invoiceId, refund(30), { 'idempotency-key': key });
  t.is(replay.status, 200, replay.text);
  t.is(replay.headers.get('idempotent-replayed'), 'true');
  t.is(replay.text, first.text, 'the first response, byte for byte');
  t.deepEqual(await state(api, invoiceId), afterFirst);

  const otherBody = await issue(api, invoiceId, refund(31), { 'idempotency-key': key });
  t.is(otherBody.status, 422, otherBody.text);
  t.is(otherBody.body.error?.name, 'UnprocessableEntityError');
  const otherTarget = await issue(api, otherInvoice, refund(30), { 'idempotency-key': key });
  t.is(otherTarget.status, 422, otherTarget.text);
  t.deepEqual(await state(api, invoiceId), afterFirst);
  t.deepEqual((await state(api, otherInvoice)).notes, []);

  const badKey = await issue(api, invoiceId, refund(1), { 'idempotency-key': 'has space' });
  t.is(badKey.status, 400, badKey.text);
  t.deepEqual(paths(badKey.body), ['headers.idempotency-key']);

  // Without a key, as generate: each request is a new note.
  t.is((await issue(api, invoiceId, refund(1))).status, 200);
  t.is((await issue(api, invoiceId, refund(1))).status, 200);
  t.is((await state(api, invoiceId)).notes.length, 3);
});

test("POST credit-notes in parallel: the notes never pass the amount, each accepted one uses 1 credit, a number given back is the next note's", async (t) => {
  const api = await platform.client('business', 20);
  const invoiceId = await invoiceOf(api);
  const results = await Promise.all(Array.from({ length: 6 }, () => issue(api, invoiceId, refund(75))));
  const accepted = results.filter((r) => r.status === 200);
  t.is(accepted.length, 4, results.map((r) => `${r.status} ${r.text.slice(0, 200)}`).join('\n'));
  for (const r of results.filter((x) => x.status !== 200)) t.is(r.status, 400, r.text);
  const now = await state(api, invoiceId);
  t.deepEqual(now.balance, { amount_credited: 300, amount_paid: 0, amount_due: 0, invoice_status: 'cancelled' });
  t.is(now.credits, 20 - 1 - 4);
  // A note refused at its write (the others took the rest meanwhile) had drawn a number: it gives
  // it back, and the next note takes it, as invoice numbers do (docs/architecture.md#numbering).
  // So the accepted numbers and the ones given back are 1..N, each once, and the next note closes
  // any hole.
  const seqOf = (n: { credit_note_number?: unknown }) => Number(String(n.credit_note_number).slice(-4));
  const seqs = now.notes.map(seqOf).sort((a, b) => a - b);
  t.is(new Set(seqs).size, 4, 'no number twice');
  const free = Math.max(...seqs) - seqs.length;
  const other = await invoiceOf(api);
  const more: number[] = [];
  for (let i = 0; i < free; i++) {
    const next = await issue(api, other, refund(10));
    t.is(next.status, 200, next.text);
    more.push(seqOf(next.body.data));
  }
  t.deepEqual(
    [...seqs, ...more].sort((a, b) => a - b),
    Array.from({ length: seqs.length + free }, (_, k) => k + 1),
    'the next notes took the numbers given back: 1..N, each once',
  );
});

test('admin API and invoicectl credit-note: create, list and get as the public API; an unknown workspace is 404; clear CLI errors', async (t) => {
  const api = await platform.client('business', 10);
  const invoiceId = await invoiceOf(api);
  const ws = api.workspaceId;

  const created = await platform.admin<Obj>('POST', `/workspaces/${ws}/invoices/${invoiceId}/credit-notes`, refund(40));
  t.is(created.status, 200, JSON.stringify(created.body));
  t.like(created.body.data, { invoice_id: invoiceId, amount: 40 });
  const refused = await platform.admin('POST', `/workspaces/${ws}/invoices/${invoiceId}/credit-notes`, refund(1000));
  t.is(refused.status, 400);
  const unknownWs = await platform.admin(
    'POST',
    `/workspaces/ws_unknown/invoices/${invoiceId}/credit-notes`,
    refund(1),
  );
  t.is(unknownWs.status, 404);

  const cli = (...args: string[]) =>
    run(
      process.execPath,
      [path.join(repoRoot, 'services/gateway/src/cli/main.ts'), '--url', platform.gateway.adminUrl, ...args],
      {
        env: { ...process.env, ADMIN_TOKEN: platform.adminToken },
      },
    );
  const dir = await mkdtemp(path.join(tmpdir(), 'cn-'));
  const file = path.join(dir, 'body.json');
  await writeFile(file, JSON.stringify(refund(60)));
  const made = await cli('--json', 'credit-note', 'create', ws, invoiceId, '--file', file);
  const madeNote = JSON.parse(made.stdout) as Obj;
  t.like(madeNote, { invoice_id: invoiceId, amount: 60 });
  t.regex(String(madeNote.credit_note_number), /-0002$/);

  const listed = await cli('credit-note', 'list', ws, invoiceId);
  t.regex(listed.stdout, /credit_note_number/);
  t.regex(listed.stdout, new RegExp(String(madeNote.credit_note_number)));
  const got = await cli('--json', 'credit-note', 'get', ws, String(madeNote.id));
  t.deepEqual(JSON.parse(got.stdout), madeNote);
  t.deepEqual((await state(api, invoiceId)).balance, {
    amount_credited: 100,
    amount_paid: 0,
    amount_due: 200,
    invoice_status: 'unpaid',
  });

  // Clear errors, exit 1: a missing file, and the API's refusal naming the field.
  const noFile = await cli('credit-note', 'create', ws, invoiceId).catch(
    (err: { code: number; stderr: string }) => err,
  );
  t.like(noFile, { code: 1 });
  t.regex((noFile as { stderr: string }).stderr, /--file is required/);
  await writeFile(file, JSON.stringify({ items: [] }));
  const bad = await cli('credit-note', 'create', ws, invoiceId, '--file', file).catch(
    (err: { code: number; stderr: string }) => err,
  );
  t.like(bad, { code: 1 });
  t.regex((bad as { stderr: string }).stderr, /400 ValidationError/);
  t.regex((bad as { stderr: string }).stderr, /body\.reason/);
});
