import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { type ApiClient, Platform, repoRoot } from '../support/platform.ts';

const run = promisify(execFile);
const platform = new Platform({
  invoices: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"professional":100000,"business":100000}', RATE_LIMIT_PER_IP: '100000' },
});

type Obj = Record<string, unknown>;
type ErrorBody = {
  error: { name: string; message: string; details?: { errors?: { path: string; message: string }[] } };
};
type List = { invoices: Obj[]; meta: { page: number; pageSize: number; total: number } };

const generate = async (api: ApiClient, name: string) => {
  const res = await api.call<{ data: Obj }>('POST', '/api/invoices/generate-external', {
    body: { customer_name: name, items: [{ quantity: 1, price: 100 }] },
  });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  return String(res.body.data.id);
};

let a: ApiClient;
let b: ApiClient;
const aIds: string[] = [];
let bId: string;

test.before(async () => {
  await platform.start();
  [a, b] = await Promise.all([platform.client('business', 10), platform.client('business', 10)]);
  for (const n of [1, 2, 3]) aIds.push(await generate(a, `Buyer ${n}`));
  bId = await generate(b, 'Other buyer');
  const paid = await a.call('PUT', `/api/invoices/external/${aIds[0]}/status`, { body: { status: 'paid' } });
  if (paid.status !== 200) throw new Error(`mark paid: ${paid.status} ${paid.text}`);
});
test.after.always(async () => {
  await platform.stop();
});

const cli = (...args: string[]) =>
  run(
    process.execPath,
    [path.join(repoRoot, 'services/gateway/src/cli/main.ts'), '--url', platform.gateway.adminUrl, ...args],
    { env: { ...process.env, ADMIN_TOKEN: platform.adminToken } },
  );

const paths = (body: unknown) => ((body as ErrorBody).error.details?.errors ?? []).map((e) => `${e.path} ${e.message}`);

test('admin invoices: the list is the public list of that workspace plus is_archived and source, with the status filter and paging', async (t) => {
  const all = await platform.admin<List>('GET', `/workspaces/${a.workspaceId}/invoices`);
  t.is(all.status, 200);
  t.deepEqual(all.body.data.meta, { page: 1, pageSize: 25, total: 3 });
  t.deepEqual(all.body.data.invoices.map((i) => i.id).sort(), [...aIds].sort());
  // The same objects, in the same order, as the public API lists, plus what only the dashboard shows.
  const pub = await a.call<{ data: Obj[] }>('GET', '/api/invoices/external');
  t.deepEqual(
    all.body.data.invoices,
    pub.body.data.map((i) => ({ ...i, is_archived: false, source: 'api' })),
  );

  const paid = await platform.admin<List>('GET', `/workspaces/${a.workspaceId}/invoices?status=paid`);
  t.deepEqual(
    paid.body.data.invoices.map((i) => i.id),
    [aIds[0]],
  );
  const unpaid = await platform.admin<List>('GET', `/workspaces/${a.workspaceId}/invoices?status=unpaid`);
  t.is(unpaid.body.data.meta.total, 2);

  const seen: unknown[] = [];
  for (const page of [1, 2, 3]) {
    const res = await platform.admin<List>('GET', `/workspaces/${a.workspaceId}/invoices?page=${page}&pageSize=1`);
    t.deepEqual(res.body.data.meta, { page, pageSize: 1, total: 3 });
    t.is(res.body.data.invoices.length, 1);
    seen.push(res.body.data.invoices[0]!.id);
  }
  t.deepEqual([...seen].sort(), [...aIds].sort(), 'pages do not overlap');
  const past = await platform.admin<List>('GET', `/workspaces/${a.workspaceId}/invoices?page=4&pageSize=1`);
  t.is(past.status, 200);
  t.deepEqual(past.body.data.invoices, []);
  t.is(past.body.data.meta.total, 3);
  const max = await platform.admin<List>('GET', `/workspaces/${a.workspaceId}/invoices?pageSize=100`);
  t.is(max.status, 200);
  t.is(max.body.data.invoices.length, 3);

  const other = await platform.admin<List>('GET', `/workspaces/${b.workspaceId}/invoices`);
  t.deepEqual(
    other.body.data.invoices.map((i) => i.id),
    [bId],
  );
});

test('admin invoices: get answers the public Invoice object and its source; another workspace or an unknown one is 404', async (t) => {
  const res = await platform.admin<Obj>('GET', `/workspaces/${a.workspaceId}/invoices/${aIds[1]}`);
  t.is(res.status, 200);
  const pub = await a.call<{ data: Obj }>('GET', `/api/invoices/external/${aIds[1]}`);
  t.deepEqual(res.body.data, { ...pub.body.data, source: 'api' });

  const foreign = await platform.admin('GET', `/workspaces/${a.workspaceId}/invoices/${bId}`);
  t.is(foreign.status, 404);
  t.is(foreign.body.error!.name, 'NotFoundError');
  const unknownInvoice = await platform.admin('GET', `/workspaces/${a.workspaceId}/invoices/inv_doesNotExist`);
  t.is(unknownInvoice.status, 404);
  for (const url of ['/workspaces/ws_doesNotExist/invoices', `/workspaces/ws_doesNotExist/invoices/${aIds[0]}`]) {
    const res = await platform.admin('GET', url);
    t.is(res.status, 404, url);
    t.is(res.body.error!.name, 'NotFoundError', url);
  }
});

test('admin invoices: bad ids, status and paging are one 400 naming each field and what to fix', async (t) => {
  const bad = await platform.admin('GET', `/workspaces/${a.workspaceId}/invoices?status=late&page=0&pageSize=101`);
  t.is(bad.status, 400);
  t.is(bad.body.error!.name, 'ValidationError');
  t.deepEqual(paths(bad.body).sort(), [
    'query.page must be at least 1',
    'query.pageSize must be at most 100',
    'query.status must be one of: unpaid, paid, overdue, cancelled',
  ]);
  const text = await platform.admin('GET', `/workspaces/${a.workspaceId}/invoices?page=two&extra=1`);
  t.is(text.status, 400);
  t.deepEqual(paths(text.body).sort(), ['query.extra is not allowed', 'query.page must be an integer']);
  const badId = await platform.admin('GET', `/workspaces/${a.workspaceId}/invoices/${'x'.repeat(65)}`);
  t.is(badId.status, 400);
  t.deepEqual(paths(badId.body), ['params.id must be 1 to 64 characters: letters, digits, _ or -']);
  const badWs = await platform.admin('GET', `/workspaces/${encodeURIComponent('bad ws')}/invoices`);
  t.is(badWs.status, 400);
  t.deepEqual(paths(badWs.body), ['params.ws must be 1 to 64 characters: letters, digits, _ or -']);
});

test('admin invoices: a missing or wrong admin token is refused as on every admin route', async (t) => {
  for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-wrong']) {
    for (const url of [`/workspaces/${a.workspaceId}/invoices`, `/workspaces/${a.workspaceId}/invoices/${aIds[0]}`]) {
      const res = await fetch(`${platform.gateway.adminUrl}/admin${url}`, {
        headers: authorization ? { authorization } : {},
      });
      t.is(res.status, 403);
      t.is(((await res.json()) as ErrorBody).error.name, 'ForbiddenError');
    }
  }
  // An API key is not an admin token.
  const res = await fetch(`${platform.gateway.adminUrl}/admin/workspaces/${a.workspaceId}/invoices`, {
    headers: { authorization: `Bearer ${a.key}` },
  });
  t.is(res.status, 403);
});

test('invoicectl invoice list and get: table and --json; bad input exits 1 with the message', async (t) => {
  const listed = await cli('invoice', 'list', a.workspaceId, '--status', 'paid');
  t.regex(listed.stdout, /^id\s+invoice_number\s+invoice_status\s+customer_name/);
  t.regex(listed.stdout, new RegExp(`${aIds[0]}\\s+\\S+\\s+paid\\s+Buyer 1`));
  t.regex(listed.stdout, /Page 1 \(1 shown, 1 in all, 25 a page\)/);

  const paged = JSON.parse(
    (await cli('--json', 'invoice', 'list', a.workspaceId, '--page', '2', '--page-size', '2')).stdout,
  ) as List;
  t.deepEqual(paged.meta, { page: 2, pageSize: 2, total: 3 });
  t.is(paged.invoices.length, 1);

  const got = await cli('invoice', 'get', a.workspaceId, aIds[2]!);
  t.regex(got.stdout, new RegExp(`^id\\s+${aIds[2]}$`, 'm'));
  t.regex(got.stdout, /^customer_name\s+Buyer 3$/m);
  const json = JSON.parse((await cli('--json', 'invoice', 'get', a.workspaceId, aIds[2]!)).stdout) as Obj;
  t.like(json, { id: aIds[2], customer_name: 'Buyer 3', invoice_status: 'unpaid' });

  const foreign = await t.throwsAsync(cli('invoice', 'get', a.workspaceId, bId));
  t.is((foreign as { code?: number }).code, 1);
  t.regex(String((foreign as { stderr?: string }).stderr), /^404 NotFoundError/);
  const bad = await t.throwsAsync(cli('invoice', 'list', a.workspaceId, '--status', 'late'));
  t.is((bad as { code?: number }).code, 1);
  t.regex(String((bad as { stderr?: string }).stderr), /400 ValidationError[\s\S]*query\.status[\s\S]*must be one of/);
  const missing = await t.throwsAsync(cli('invoice', 'get', a.workspaceId));
  t.regex(String((missing as { stderr?: string }).stderr), /Missing INVOICE_ID/);
});
