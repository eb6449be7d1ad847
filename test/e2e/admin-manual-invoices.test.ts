import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { type ApiClient, Platform, repoRoot, waitFor } from '../support/platform.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

// docs/architecture.md#services: an invoice made in the dashboard (the admin API's
// POST /workspaces/{id}/invoices) takes the generate body, uses the same credit pool and the same
// number sequence as the API's, appears in the API list and sends invoice.created.
const platform = new Platform({
  invoices: true,
  webhooks: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"business":100000}', RATE_LIMIT_PER_IP: '100000' },
});
const receiver = new WebhookReceiver();
const run = promisify(execFile);

test.before(async () => {
  await Promise.all([platform.start(), receiver.start()]);
});
test.after.always(async () => {
  await receiver.stop();
  await platform.stop();
});

type Obj = Record<string, unknown>;
type ErrorBody = {
  data: null;
  error: { status: number; name: string; message: string; details?: { errors?: { path: string; message: string }[] } };
};
type Created = { id: string; invoice_number: string; pdf_url: string; credits_remaining: number | null };
type Answer<T> = { status: number; headers: Headers; body: { data: T; error?: ErrorBody['error'] } };

const body = (name: string, price = 1000) => ({
  customer_name: name,
  items: [{ description: 'Consulting', quantity: 2, price }],
  currency: 'EUR',
  tax_rate: 10,
});

/** POST /admin/workspaces/{ws}/invoices, with an Idempotency-Key when given. */
async function manual<T = Created>(workspaceId: string, payload: unknown, key?: string): Promise<Answer<T>> {
  const res = await fetch(`${platform.gateway.adminUrl}/admin/workspaces/${workspaceId}/invoices`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${platform.adminToken}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer<T>['body'] };
}

async function byApi(api: ApiClient, name: string): Promise<Created> {
  const res = await api.call<{ data: Created }>('POST', '/api/invoices/generate-external', { body: body(name) });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  return res.body.data;
}

async function byDashboard(api: ApiClient, name: string): Promise<Created> {
  const res = await manual(api.workspaceId, body(name));
  if (res.status !== 200) throw new Error(`manual: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A workspace with `credits` and a webhook endpoint on its own receiver route. */
async function subscribed(credits: number): Promise<{ api: ApiClient; route: string }> {
  const route = `manual-${randomBytes(4).toString('hex')}`;
  const api = await platform.client('business', credits);
  const reg = await platform.admin<{ signing_secret: string }>(
    'POST',
    `/workspaces/${api.workspaceId}/webhook-endpoints`,
    { url: receiver.url(route) },
  );
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  await receiver.route(route, { secrets: [reg.body.data.signing_secret] });
  return { api, route };
}

const sequenceOf = (invoiceNumber: string) => Number(/-(\d+)$/.exec(invoiceNumber)![1]);

async function creditsOf(workspaceId: string) {
  return (
    await platform.admin<{ credits_remaining?: number; credits_used: number }>(
      'GET',
      `/workspaces/${workspaceId}/credits`,
    )
  ).body.data;
}

/**
 * What every acceptance run checks: numbers 1..n without a gap or a repeat, one credit per
 * invoice, each in the API list, and one signed invoice.created delivered for each.
 */
async function assertOnePoolOneSequence(
  t: import('ava').ExecutionContext,
  api: ApiClient,
  route: string,
  made: Created[],
  credits: number,
) {
  t.deepEqual(
    made.map((m) => sequenceOf(m.invoice_number)).sort((x, y) => x - y),
    Array.from({ length: made.length }, (_, i) => i + 1),
    'numbers are consecutive from 1, none twice',
  );
  t.is(new Set(made.map((m) => m.invoice_number.replace(/-\d+$/, ''))).size, 1, 'one sequence');
  t.deepEqual(
    made.map((m) => m.credits_remaining).sort((x, y) => y! - x!),
    Array.from({ length: made.length }, (_, i) => credits - 1 - i),
    'each invoice took exactly one credit from the one pool',
  );
  t.like(await creditsOf(api.workspaceId), { credits_remaining: credits - made.length, credits_used: made.length });

  const listed = await api.call<{ data: Obj[]; meta: { total: number } }>('GET', '/api/invoices/external?pageSize=100');
  t.is(listed.body.meta.total, made.length);
  t.deepEqual(listed.body.data.map((i) => i.id).sort(), made.map((m) => m.id).sort(), 'all in the API list');

  const reqs = await receiver.waitFor(route, (all) =>
    made.every((m) => all.some((r) => (JSON.parse(r.body) as { data: { object: Obj } }).data.object.id === m.id)),
  );
  const created = reqs
    .map((r) => ({ event: JSON.parse(r.body) as { type: string; data: { object: Obj } }, checks: r.checks }))
    .filter((r) => r.event.type === 'invoice.created');
  t.deepEqual(
    created.map((r) => r.event.data.object.id).sort(),
    made.map((m) => m.id).sort(),
    'one invoice.created each',
  );
  for (const r of created) t.deepEqual(r.checks, { own: 'ok', stripe: 'ok', standard: 'ok' });
}

test('admin manual invoices: interleaved one by one with API generates, one pool and one gapless sequence, each listed and sent', async (t) => {
  const { api, route } = await subscribed(20);
  const made: Created[] = [];
  for (let i = 0; i < 8; i++) made.push(await (i % 2 === 0 ? byApi : byDashboard)(api, `Buyer ${i}`));
  t.deepEqual(
    made.map((m) => sequenceOf(m.invoice_number)),
    [1, 2, 3, 4, 5, 6, 7, 8],
    'in the order they were made',
  );
  await assertOnePoolOneSequence(t, api, route, made, 20);
});

test('admin manual invoices: concurrent with API generates, one pool and one gapless sequence, each listed and sent', async (t) => {
  const { api, route } = await subscribed(30);
  const made = await Promise.all(
    Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? byApi : byDashboard)(api, `Buyer ${i}`)),
  );
  await assertOnePoolOneSequence(t, api, route, made, 30);
});

test('admin manual invoices: the invoice and its PDF are the API one; its source shows on the admin side only', async (t) => {
  const api = await platform.client('business', 5);
  const fromApi = await byApi(api, 'Via API');
  const fromDashboard = await byDashboard(api, 'Via dashboard');

  const pdf = await fetch(fromDashboard.pdf_url.replace(/^https?:\/\/[^/]+/, platform.gateway.baseUrl));
  t.is(pdf.status, 200);
  t.is(pdf.headers.get('content-type'), 'application/pdf');
  t.is(
    Buffer.from(await pdf.arrayBuffer())
      .subarray(0, 5)
      .toString(),
    '%PDF-',
  );

  const pub = await api.call<{ data: Obj }>('GET', `/api/invoices/external/${fromDashboard.id}`);
  const pubApi = await api.call<{ data: Obj }>('GET', `/api/invoices/external/${fromApi.id}`);
  t.is(pub.status, 200);
  t.false('source' in pub.body.data, 'the public object does not change');
  t.deepEqual(Object.keys(pub.body.data), Object.keys(pubApi.body.data));
  t.like(pub.body.data, { customer_name: 'Via dashboard', currency: 'EUR', amount: 2200, invoice_status: 'unpaid' });

  const admin = await platform.admin<Obj>('GET', `/workspaces/${api.workspaceId}/invoices/${fromDashboard.id}`);
  t.deepEqual(admin.body.data, { ...pub.body.data, source: 'dashboard' });
  const adminApi = await platform.admin<Obj>('GET', `/workspaces/${api.workspaceId}/invoices/${fromApi.id}`);
  t.is(adminApi.body.data.source, 'api');
  const list = await platform.admin<{ invoices: Obj[] }>('GET', `/workspaces/${api.workspaceId}/invoices`);
  t.deepEqual(
    list.body.data.invoices.map((i) => [i.id, i.source]),
    [
      [fromDashboard.id, 'dashboard'],
      [fromApi.id, 'api'],
    ],
  );
  const pubList = await api.call<{ data: Obj[] }>('GET', '/api/invoices/external');
  for (const i of pubList.body.data) t.false('source' in i);
});

test('admin manual invoices: an Idempotency-Key makes one invoice and one credit, in a namespace apart from the API keys', async (t) => {
  const api = await platform.client('business', 10);
  const key = `order-${randomBytes(4).toString('hex')}`;
  const first = await manual(api.workspaceId, body('Keyed'), key);
  t.is(first.status, 200);
  t.is(first.headers.get('idempotent-replayed'), null);
  const again = await Promise.all([1, 2, 3].map(() => manual(api.workspaceId, body('Keyed'), key)));
  for (const res of again) {
    t.is(res.status, 200);
    t.is(res.headers.get('idempotent-replayed'), 'true');
    t.deepEqual(res.body.data, first.body.data);
  }
  const changed = await manual(api.workspaceId, body('Keyed', 999), key);
  t.is(changed.status, 422);
  t.is(changed.body.error!.name, 'UnprocessableEntityError');
  t.like(await creditsOf(api.workspaceId), { credits_remaining: 9, credits_used: 1 });

  // The same key through the API is another request of another client: its own invoice.
  const viaApi = await api.call<{ data: Created }>('POST', '/api/invoices/generate-external', {
    body: body('Keyed'),
    headers: { 'Idempotency-Key': key },
  });
  t.is(viaApi.status, 200);
  t.is(viaApi.headers.get('idempotent-replayed'), null);
  t.not(viaApi.body.data.id, first.body.data.id);
  t.like(await creditsOf(api.workspaceId), { credits_remaining: 8, credits_used: 2 });
});

test('admin manual invoices: bad bodies get the same 400 as the API generate, naming each field, and use no credit', async (t) => {
  const api = await platform.client('business', 3);
  const cases: unknown[] = [
    {},
    { customer_name: 'x', items: [] },
    { customer_name: 'x', items: [{ quantity: 0, price: -1 }], currency: 'XXX1' },
    { customer_name: 'x', items: [{ quantity: 1, price: 10 }], discount_total: 11 },
    { customer_name: 'x', items: [{ quantity: 1, price: 10 }], is_recurring: true },
    { customer_name: 'x', items: [{ quantity: 1, price: 10 }], document_language: 'xx', extra: 1 },
    { customer_name: 'x', items: [{ quantity: 1, price: 10 }], due_date: '2026-02-30' },
    [1, 2],
    'not json',
  ];
  for (const payload of cases) {
    const label = JSON.stringify(payload);
    const fromAdmin = await manual(api.workspaceId, payload);
    const fromApi = await api.call('POST', '/api/invoices/generate-external', {
      body: typeof payload === 'string' ? undefined : payload,
      rawBody: typeof payload === 'string' ? payload : undefined,
    });
    t.is(fromAdmin.status, 400, label);
    t.is(fromApi.status, 400, label);
    t.is(fromAdmin.body.data as unknown, null, label);
    t.deepEqual(fromAdmin.body.error, (fromApi.body as unknown as ErrorBody).error, label);
  }
  t.like(await creditsOf(api.workspaceId), { credits_remaining: 3, credits_used: 0 });
  const list = await api.call<{ data: Obj[] }>('GET', '/api/invoices/external');
  t.deepEqual(list.body.data, []);

  const badKey = await manual(api.workspaceId, body('x'), 'has space');
  t.is(badKey.status, 400);
  t.regex(JSON.stringify(badKey.body.error!.details), /"path":"headers\.idempotency-key"/);
});

test('admin manual invoices: an empty pool is a 402 with nothing made; an unknown workspace 404; a bad id 400', async (t) => {
  const api = await platform.client('business', 1);
  t.is((await manual(api.workspaceId, body('One'))).status, 200);
  const empty = await manual(api.workspaceId, body('Two'));
  t.is(empty.status, 402);
  t.is(empty.body.error!.name, 'PaymentRequiredError');
  const list = await api.call<{ meta: { total: number } }>('GET', '/api/invoices/external');
  t.is(list.body.meta.total, 1);

  const unknown = await manual('ws_doesNotExist', body('x'));
  t.is(unknown.status, 404);
  t.is(unknown.body.error!.name, 'NotFoundError');
  const badId = await manual('bad ws', body('x'));
  t.is(badId.status, 400);
  t.regex(JSON.stringify(badId.body.error!.details), /"path":"params\.ws","message":"must be 1 to 64 characters/);
});

test('admin invoices: --archived lists only the archived, archived=false only the others, with status and paging', async (t) => {
  const api = await platform.client('business', 10);
  const ids: string[] = [];
  for (const n of [1, 2, 3, 4]) ids.push((await byApi(api, `Buyer ${n}`)).id);
  for (const id of [ids[0], ids[2]])
    t.is((await api.call('PUT', `/api/invoices/external/${id}/archive`, { body: { is_archived: true } })).status, 200);
  t.is((await api.call('PUT', `/api/invoices/external/${ids[2]}/status`, { body: { status: 'paid' } })).status, 200);
  const list = async (qs: string) =>
    (
      await platform.admin<{ invoices: Obj[]; meta: { total: number } }>(
        'GET',
        `/workspaces/${api.workspaceId}/invoices?${qs}`,
      )
    ).body.data;

  const archived = await list('archived=true');
  t.deepEqual(
    archived.invoices.map((i) => i.id),
    [ids[2], ids[0]],
  );
  t.is(archived.meta.total, 2);
  for (const i of archived.invoices) t.true(i.is_archived);
  t.deepEqual(
    (await list('archived=false')).invoices.map((i) => i.id),
    [ids[3], ids[1]],
  );
  t.deepEqual(
    (await list('')).invoices.map((i) => i.id),
    [...ids].reverse(),
  );
  t.deepEqual(
    (await list('archived=true&status=paid')).invoices.map((i) => i.id),
    [ids[2]],
  );
  t.deepEqual(
    (await list('archived=false&status=paid')).invoices.map((i) => i.id),
    [],
  );
  const page2 = await list('archived=true&page=2&pageSize=1');
  t.deepEqual(
    page2.invoices.map((i) => i.id),
    [ids[0]],
  );
  t.is(page2.meta.total, 2);

  const bad = await platform.admin('GET', `/workspaces/${api.workspaceId}/invoices?archived=maybe`);
  t.is(bad.status, 400);
  t.regex(JSON.stringify(bad.body.error), /"path":"query\.archived","message":"must be a boolean"/);
});

test('invoicectl invoice create and list --archived: table and --json; a bad file or body exits 1 saying what to fix', async (t) => {
  const api = await platform.client('business', 5);
  const cli = (...args: string[]) =>
    run(
      process.execPath,
      [path.join(repoRoot, 'services/gateway/src/cli/main.ts'), '--url', platform.gateway.adminUrl, ...args],
      { env: { ...process.env, ADMIN_TOKEN: platform.adminToken } },
    );
  const dir = os.tmpdir();
  const file = path.join(dir, `invoice-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(file, JSON.stringify(body('From the terminal')));

  const created = await cli('invoice', 'create', api.workspaceId, '--file', file);
  t.regex(created.stdout, /^invoice_number\s+INV-\S+-0001$/m);
  t.regex(created.stdout, /^credits_remaining\s+4$/m);
  const replay = JSON.parse(
    (await cli('--json', 'invoice', 'create', api.workspaceId, '--file', file, '--idempotency-key', 'k-1')).stdout,
  ) as Created;
  const replayAgain = JSON.parse(
    (await cli('--json', 'invoice', 'create', api.workspaceId, '--file', file, '--idempotency-key', 'k-1')).stdout,
  ) as Created;
  t.deepEqual(replayAgain, replay);
  t.is(sequenceOf(replay.invoice_number), 2);
  t.like(await creditsOf(api.workspaceId), { credits_used: 2 });

  await api.call('PUT', `/api/invoices/external/${replay.id}/archive`, { body: { is_archived: true } });
  const listed = await cli('invoice', 'list', api.workspaceId, '--archived');
  t.regex(listed.stdout, new RegExp(`^${replay.id}\\s.*\\strue\\s+dashboard\\s`, 'm'));
  t.regex(listed.stdout, /Page 1 \(1 shown, 1 in all, 25 a page\)/);

  const missing = await t.throwsAsync(cli('invoice', 'create', api.workspaceId));
  t.regex(String((missing as { stderr?: string }).stderr), /--file is required/);
  const unreadable = await t.throwsAsync(cli('invoice', 'create', api.workspaceId, '--file', `${file}.nope`));
  t.regex(String((unreadable as { stderr?: string }).stderr), /Cannot read .*\.nope/);
  const broken = path.join(dir, `broken-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(broken, '{"customer_name": ');
  const notJson = await t.throwsAsync(cli('invoice', 'create', api.workspaceId, '--file', broken));
  t.regex(String((notJson as { stderr?: string }).stderr), /is not valid JSON/);
  const invalid = path.join(dir, `invalid-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(invalid, JSON.stringify({ customer_name: 'x', items: [{ quantity: 1, price: 1, colour: 'red' }] }));
  const refused = await t.throwsAsync(cli('invoice', 'create', api.workspaceId, '--file', invalid));
  t.is((refused as { code?: number }).code, 1);
  t.regex(
    String((refused as { stderr?: string }).stderr),
    /400 ValidationError[\s\S]*body\.items\[0\]\.colour[\s\S]*is not allowed/,
  );
  await waitFor('nothing more', async () => (await creditsOf(api.workspaceId)).credits_used === 2);
});
