import type { AddressInfo } from 'node:net';
import { createLogger } from '@invoice-platform/common/logger';
import test from 'ava';
import { createAdminApp } from '../../src/admin/app.ts';

const current = 'c'.repeat(32);
const previous = 'p'.repeat(32);

/** The admin app with no peer behind it: the token check runs before any of them is called. */
async function adminServer(tokens: string[]): Promise<{ url: string; close: () => void }> {
  const unused = { call: () => Promise.reject(new Error('no peer in this test')) } as never;
  const app = createAdminApp({
    log: createLogger('gateway-test', 'silent'),
    tokens,
    accounts: unused,
    bodyLimit: 1024,
    health: () => Promise.resolve({ redis: true }),
    authCache: { invalidateKey: () => undefined, invalidateWorkspace: () => undefined } as never,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

const cases: [title: string, tokens: string[], sent: string | undefined, status: number][] = [
  ['the admin token is accepted', [current], current, 200],
  ['another token is 403', [current], previous, 403],
  ['no Authorization header is 403', [current], undefined, 403],
  ['an empty bearer is 403', [current], '', 403],
  ['during a rotation the previous token is accepted', [current, previous], previous, 200],
  ['during a rotation the new token is accepted', [current, previous], current, 200],
  ['during a rotation any other token is 403', [current, previous], 'x'.repeat(32), 403],
];

for (const [title, tokens, sent, status] of cases) {
  test(`admin API token: ${title}`, async (t) => {
    const server = await adminServer(tokens);
    t.teardown(server.close);
    const headers: Record<string, string> = sent === undefined ? {} : { Authorization: `Bearer ${sent}` };
    const res = await fetch(`${server.url}/admin/health`, { headers });
    t.is(res.status, status);
    if (status === 403) t.is(((await res.json()) as { error: { name: string } }).error.name, 'ForbiddenError');
  });
}
