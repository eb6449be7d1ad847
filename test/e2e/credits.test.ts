import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { type ApiClient, Platform, repoRoot } from '../support/platform.ts';

const run = promisify(execFile);
const platform = new Platform({
  invoices: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"business":100000}', RATE_LIMIT_PER_IP: '100000' },
});

test.before(async () => {
  await platform.start();
});
test.after.always(async () => {
  await platform.stop();
});

type Obj = Record<string, unknown>;
type Err = { error: { status: number; name: string; message: string; details?: Obj } };

const generate = (api: ApiClient) =>
  api.call<{ data: Obj }>('POST', '/api/invoices/generate-external', {
    body: { customer_name: 'Credit Check', items: [{ quantity: 1, price: 10 }] },
  });
const add = (ws: string, body: Obj) => platform.admin<Obj>('POST', `/workspaces/${ws}/credits`, body);

test('admin credits: add, take, the same operation id counts once, and the pool generates with it', async (t) => {
  const api = await platform.client('business', 1);
  t.like((await add(api.workspaceId, { amount: 4 })).body.data, { credits_remaining: 5, unlimited: false });
  t.like((await add(api.workspaceId, { amount: -2 })).body.data, { credits_remaining: 3 });
  const once = { amount: 10, operation_id: 'invoice-2026-11-topup' };
  t.like((await add(api.workspaceId, once)).body.data, { credits_remaining: 13 });
  t.like((await add(api.workspaceId, once)).body.data, { credits_remaining: 13 }, 'a retried top-up counts once');

  const gen = await generate(api);
  t.is(gen.status, 200);
  t.is(gen.body.data.credits_remaining, 12);
  t.like((await platform.credits(api.workspaceId)) as Obj, { credits_remaining: 12, credits_used: 1 });
});

test('admin credits: taking more than is left, a zero or fractional amount, and adding to an unlimited pool are refused', async (t) => {
  const api = await platform.client('business', 2);
  const tooMany = await add(api.workspaceId, { amount: -3 });
  t.is(tooMany.status, 400);
  t.is((tooMany.body as unknown as Err).error.name, 'ApplicationError');
  t.regex((tooMany.body as unknown as Err).error.message, /Only 2 credits are left/);
  for (const amount of [0, 1.5, '3']) {
    const bad = await add(api.workspaceId, { amount });
    t.is(bad.status, 400, `amount ${JSON.stringify(amount)}`);
    t.is((bad.body as unknown as Err).error.name, 'ValidationError');
  }
  t.like((await platform.credits(api.workspaceId)) as Obj, { credits_remaining: 2 });

  const set = await platform.admin<Obj>('PUT', `/workspaces/${api.workspaceId}/credits`, { unlimited: true });
  t.like(set.body.data, { unlimited: true });
  t.false('credits_remaining' in set.body.data);
  const onUnlimited = await add(api.workspaceId, { amount: 5 });
  t.is(onUnlimited.status, 400);
  t.regex((onUnlimited.body as unknown as Err).error.message, /unlimited/);
  t.is((await generate(api)).body.data.credits_remaining, null);
});

test('invoicectl credits: get, set and add, human and --json', async (t) => {
  const api = await platform.client('business', 0);
  const cli = (...args: string[]) =>
    run(
      process.execPath,
      [path.join(repoRoot, 'services/gateway/src/cli/main.ts'), '--url', platform.gateway.adminUrl, ...args],
      { env: { ...process.env, ADMIN_TOKEN: platform.adminToken } },
    );
  t.regex((await cli('credits', 'set', api.workspaceId, '7')).stdout, /7 credits left \(0 used\)/);
  t.regex((await cli('credits', 'add', api.workspaceId, '3')).stdout, /10 credits left/);
  t.regex((await cli('credits', 'add', api.workspaceId, '--', '-4')).stdout, /6 credits left/);
  t.like(JSON.parse((await cli('--json', 'credits', 'get', api.workspaceId)).stdout) as Obj, {
    credits_remaining: 6,
    unlimited: false,
  });
  t.regex((await cli('credits', 'set', api.workspaceId, 'unlimited')).stdout, /unlimited credits/);
});
