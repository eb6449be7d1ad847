import test from 'ava';
import { type GatewayHandle, Platform, request, sleep, uniqueIp, waitFor } from '../support/platform.ts';

const templates = '/api/invoices/external/templates';
const platform = new Platform();
/**
 * A second gateway process whose cache outlives every test: a key it has looked up can only stop
 * working there through the workspace.v1 event the other replica's change sends.
 */
let replica: GatewayHandle;

test.before(async () => {
  await platform.start();
  replica = await platform.startGateway({ AUTH_CACHE_TTL_MS: '600000' });
});
test.after.always(() => platform.stop());

function assertForbidden(t: import('ava').ExecutionContext, res: { status: number; body: unknown }, message: RegExp) {
  t.is(res.status, 403);
  const body = res.body as { data: null; error: { status: number; name: string; message: string } };
  t.is(body.data, null);
  t.is(body.error.status, 403);
  t.is(body.error.name, 'ForbiddenError');
  t.regex(body.error.message, message);
}

test('GET templates: a valid key reaches the service (501 until the invoice service exists)', async (t) => {
  const api = await platform.client();
  const res = await api.call('GET', templates);
  t.is(res.status, 501);
  t.is((res.body as { error: { name: string } }).error.name, 'NotImplementedError');
});

test('403: Authorization header missing', async (t) => {
  assertForbidden(t, await request(platform.gateway.baseUrl, 'GET', templates, { ip: uniqueIp() }), /missing/);
});

for (const [title, header] of [
  ['Basic scheme', 'Basic dXNlcjpwYXNz'],
  ['Bearer without a key', 'Bearer '],
  ['key with a space', 'Bearer ipk_a b'],
] as const) {
  test(`403: Authorization header malformed (${title})`, async (t) => {
    assertForbidden(
      t,
      await request(platform.gateway.baseUrl, 'GET', templates, { ip: uniqueIp(), authorization: header }),
      /malformed/,
    );
  });
}

// RFC 9110 §11.1: the scheme is case-insensitive and is followed by one or more spaces.
for (const scheme of ['bearer ', 'BEARER ', 'bEaReR ', 'Bearer   ']) {
  test(`the scheme is accepted as ${JSON.stringify(scheme)}`, async (t) => {
    const api = await platform.client();
    const res = await api.call('GET', templates, { authorization: `${scheme}${api.key}` });
    t.is(res.status, 501, JSON.stringify(res.body));
  });
}

test('403: a key that is not of our format is refused as malformed', async (t) => {
  assertForbidden(
    t,
    await request(platform.gateway.baseUrl, 'GET', templates, { ip: uniqueIp(), key: 'sk_live_123' }),
    /malformed/,
  );
});

test('403: a well-formed key that does not exist is invalid', async (t) => {
  const key = `ipk_${'A'.repeat(12)}_${'b'.repeat(33)}`;
  assertForbidden(t, await request(platform.gateway.baseUrl, 'GET', templates, { ip: uniqueIp(), key }), /invalid/);
});

test('403: an existing key id with a wrong secret is invalid', async (t) => {
  const api = await platform.client();
  const wrong = `${api.key.slice(0, -4)}${api.key.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
  assertForbidden(
    t,
    await request(platform.gateway.baseUrl, 'GET', templates, { ip: uniqueIp(), key: wrong }),
    /invalid/,
  );
});

/**
 * The replica's answer once it refuses the key. Its cache keeps an entry for 10 minutes, so a
 * refusal within 20 s can only come from the workspace.v1 event; how fast that event travels on a
 * quiet machine is measured by the benchmark, not timed here on a loaded one.
 */
function refusedByReplica(key: string, ip: string) {
  return waitFor(
    'the replica to refuse the key',
    async () => {
      const res = await request(replica.baseUrl, 'GET', templates, { key, ip });
      return res.status === 403 ? res : undefined;
    },
    20_000,
    50,
  );
}

test('403: a revoked key is refused at once by the gateway that revoked it and soon after by another replica, whose cache has not expired', async (t) => {
  const api = await platform.client();
  t.is((await api.call('GET', templates)).status, 501, 'key works and is now cached');
  t.is(
    (await request(replica.baseUrl, 'GET', templates, { key: api.key, ip: api.ip })).status,
    501,
    'and on the replica',
  );
  const revoke = await platform.admin('DELETE', `/workspaces/${api.workspaceId}/api-keys/${api.keyId}`);
  t.is(revoke.status, 200);
  assertForbidden(t, await api.call('GET', templates), /revoked/);
  assertForbidden(t, await refusedByReplica(api.key, api.ip), /revoked/);
});

test('403: a key revoked while lookups of it are in flight stays revoked', async (t) => {
  // Each uncached lookup records the key's last use; neither that write nor a lookup that started
  // before the revocation may bring the key back.
  for (let round = 0; round < 5; round++) {
    const api = await platform.client('enterprise');
    const [revoke] = await Promise.all([
      platform.admin('DELETE', `/workspaces/${api.workspaceId}/api-keys/${api.keyId}`),
      ...Array.from({ length: 8 }, () => api.call('GET', templates)),
      ...Array.from({ length: 8 }, () => request(replica.baseUrl, 'GET', templates, { key: api.key, ip: api.ip })),
    ]);
    t.is(revoke.status, 200);
    assertForbidden(t, await api.call('GET', templates), /revoked/);
    const keys = await platform.admin<{ api_keys: { id: string; revoked_at: string | null }[] }>(
      'GET',
      `/workspaces/${api.workspaceId}/api-keys?include_revoked=true`,
    );
    t.truthy(keys.body.data.api_keys.find((k) => k.id === api.keyId)?.revoked_at, `round ${round}`);
  }
});

for (const [title, change, message] of [
  ['a plan change to free', ['plan', { plan: 'free' }], /free plan/],
  ['a plan suspended', ['plan', { plan_state: 'suspended' }], /suspended/],
  ['a plan expired', ['plan', { plan_state: 'expired' }], /expired/],
  ['the api feature removed', ['features', { features: ['recurring'] }], /does not include API access/],
] as const) {
  test(`403: ${title} through one gateway's admin API is refused at once there and soon after by another replica, whose cache has not expired`, async (t) => {
    const api = await platform.client('business');
    t.is((await api.call('GET', templates)).status, 501);
    t.is((await request(replica.baseUrl, 'GET', templates, { key: api.key, ip: api.ip })).status, 501, 'cached');
    const [what, body] = change;
    t.is((await platform.admin('PUT', `/workspaces/${api.workspaceId}/${what}`, body)).status, 200);
    assertForbidden(t, await api.call('GET', templates), message);
    assertForbidden(t, await refusedByReplica(api.key, api.ip), message);
  });
}

test('403: the workspace plan is free', async (t) => {
  const api = await platform.client();
  t.is((await platform.admin('PUT', `/workspaces/${api.workspaceId}/plan`, { plan: 'free' })).status, 200);
  await sleep(1000);
  assertForbidden(t, await api.call('GET', templates), /free plan/);
});

test('403: the workspace plan is suspended', async (t) => {
  const api = await platform.client('business');
  t.is((await api.call('GET', templates)).status, 501);
  t.is((await platform.admin('PUT', `/workspaces/${api.workspaceId}/plan`, { plan_state: 'suspended' })).status, 200);
  await sleep(1000);
  assertForbidden(t, await api.call('GET', templates), /suspended/);
});

test('403: the workspace plan is expired', async (t) => {
  const api = await platform.client('specialist');
  t.is((await platform.admin('PUT', `/workspaces/${api.workspaceId}/plan`, { plan_state: 'expired' })).status, 200);
  await sleep(1000);
  assertForbidden(t, await api.call('GET', templates), /expired/);
});

test('403: the plan does not include API access', async (t) => {
  const api = await platform.client('enterprise');
  t.is(
    (await platform.admin('PUT', `/workspaces/${api.workspaceId}/features`, { features: ['recurring'] })).status,
    200,
  );
  await sleep(1000);
  assertForbidden(t, await api.call('GET', templates), /does not include API access/);
});

test('a reactivated workspace is accepted again', async (t) => {
  const api = await platform.client();
  await platform.admin('PUT', `/workspaces/${api.workspaceId}/plan`, { plan_state: 'suspended' });
  await sleep(1000);
  t.is((await api.call('GET', templates)).status, 403);
  await platform.admin('PUT', `/workspaces/${api.workspaceId}/plan`, { plan_state: 'active' });
  await sleep(1000);
  t.is((await api.call('GET', templates)).status, 501);
});

test('a key of one workspace keeps working while another workspace is suspended', async (t) => {
  const a = await platform.client();
  const b = await platform.client();
  await platform.admin('PUT', `/workspaces/${b.workspaceId}/plan`, { plan_state: 'suspended' });
  await sleep(1000);
  t.is((await a.call('GET', templates)).status, 501);
  t.is((await b.call('GET', templates)).status, 403);
});
