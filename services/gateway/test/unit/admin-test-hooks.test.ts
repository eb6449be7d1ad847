import type { AddressInfo } from 'node:net';
import { AppError } from '@invoice-platform/common/errors';
import { createLogger } from '@invoice-platform/common/logger';
import test from 'ava';
import { createAdminApp } from '../../src/admin/app.ts';

const token = 't'.repeat(32);

type Call = [peer: string, method: string, request: unknown];

/** A peer that records its calls and answers `{ ok: <peer> }`, or refuses every call with `refusal`. */
function peer(name: string, calls: Call[], refusal?: AppError) {
  return {
    call: (method: string, request: unknown) => {
      calls.push([name, method, request]);
      return refusal ? Promise.reject(refusal) : Promise.resolve({ ok: name });
    },
    close: () => undefined,
  } as never;
}

/** The admin app over recording peers; `withoutHooks` peers answer their test hooks as a service without its flag. */
async function adminServer(calls: Call[], withoutHooks: string[] = [], gatewayHooks = true) {
  const unimplemented = new AppError('not_implemented', 'The server does not implement the method');
  const hooks = (name: string) => peer(`${name}-hooks`, calls, withoutHooks.includes(name) ? unimplemented : undefined);
  const app = createAdminApp({
    log: createLogger('gateway-test', 'silent'),
    tokens: [token],
    accounts: peer('accounts', calls),
    invoice: peer('invoice', calls),
    recurring: peer('recurring', calls),
    webhook: peer('webhook', calls),
    testHooks: gatewayHooks
      ? { invoice: hooks('invoice'), recurring: hooks('recurring'), webhook: hooks('webhook') }
      : undefined,
    bodyLimit: 4096,
    health: () => Promise.resolve({}),
    authCache: { invalidateKey: () => undefined, invalidateWorkspace: () => undefined } as never,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    close: () => server.close(),
    send: async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${url}/admin${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
  };
}

const now = '2030-01-01T00:00:00.000Z';
const routes: [title: string, method: string, path: string, body: unknown, call: Call][] = [
  ['the recurring clock', 'PUT', '/recurring/clock', { now }, ['recurring-hooks', 'SetClock', { now }]],
  ['the webhook clock', 'PUT', '/webhooks/clock', {}, ['webhook-hooks', 'SetClock', {}]],
  [
    'a scheduler pass now is the ops RPC',
    'POST',
    '/recurring/run',
    { workspace_id: 'ws1' },
    ['recurring', 'RunSchedulerOnce', { workspace_id: 'ws1' }],
  ],
  [
    'a scheduler pass at a time is the test hook',
    'POST',
    '/recurring/run',
    { now, series_id: 'rs1' },
    ['recurring-hooks', 'RunSchedulerAt', { now, series_id: 'rs1' }],
  ],
  ['an overdue sweep now is the ops RPC', 'POST', '/invoices/overdue-sweep', {}, ['invoice', 'RunOverdueSweep', {}]],
  [
    'an overdue sweep at a time is the test hook',
    'POST',
    '/invoices/overdue-sweep',
    { now, workspace_id: 'ws1' },
    ['invoice-hooks', 'RunOverdueSweepAt', { now, workspace_id: 'ws1' }],
  ],
  ['a purge at the retention is the ops RPC', 'POST', '/webhooks/purge', {}, ['webhook', 'PurgeDeliveryLogs', {}]],
  [
    'a purge at another retention is the test hook',
    'POST',
    '/webhooks/purge',
    { retention_days: 1 },
    ['webhook-hooks', 'PurgeDeliveryLogsAt', { retention_days: 1 }],
  ],
];

for (const [title, method, path, body, call] of routes) {
  test(`admin API test routes: ${title} (${method} ${path})`, async (t) => {
    const calls: Call[] = [];
    const server = await adminServer(calls);
    t.teardown(server.close);
    const res = await server.send(method, path, body);
    t.is(res.status, 200, JSON.stringify(res.body));
    // JSON drops the unset fields the routes pass as undefined.
    t.deepEqual(JSON.parse(JSON.stringify(calls)), [call]);
  });
}

test('admin API test routes: a service without its test hooks is a 501 naming the flag to set', async (t) => {
  const calls: Call[] = [];
  const server = await adminServer(calls, ['recurring', 'webhook', 'invoice']);
  t.teardown(server.close);
  for (const [method, path, body, flag] of [
    ['PUT', '/recurring/clock', { now }, 'RECURRING_TEST_HOOKS'],
    ['POST', '/invoices/overdue-sweep', { now }, 'INVOICE_TEST_HOOKS'],
    ['POST', '/webhooks/purge', { now }, 'WEBHOOK_TEST_HOOKS'],
  ] as const) {
    const res = await server.send(method, path, body);
    t.is(res.status, 501, path);
    t.regex(JSON.stringify(res.body), new RegExp(`${flag}=true \\(never in production\\)`), path);
  }
});

test('admin API test routes: without GATEWAY_TEST_HOOKS the clocks are not routes and a time or retention is a 501 naming it', async (t) => {
  const calls: Call[] = [];
  const server = await adminServer(calls, [], false);
  t.teardown(server.close);
  for (const path of ['/recurring/clock', '/webhooks/clock'])
    t.is((await server.send('PUT', path, { now })).status, 404, path);
  for (const [path, body] of [
    ['/recurring/run', { now }],
    ['/invoices/overdue-sweep', { now }],
    ['/webhooks/purge', { retention_days: 1 }],
  ] as const) {
    const res = await server.send('POST', path, body);
    t.is(res.status, 501, path);
    t.regex(JSON.stringify(res.body), /GATEWAY_TEST_HOOKS=true \(never in production\)/, path);
  }
  // The ops passes themselves are production routes.
  t.is((await server.send('POST', '/recurring/run', {})).status, 200);
  t.deepEqual(JSON.parse(JSON.stringify(calls)), [['recurring', 'RunSchedulerOnce', {}]]);
});
