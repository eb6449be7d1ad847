import test from 'ava';
import { Platform, request, sleep, uniqueIp } from '../support/platform.ts';

const templates = '/api/invoices/external/templates';
const platform = new Platform();

test.before(async () => {
  await platform.start();
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
  ['lower-case scheme and two spaces', 'bearer  ipk_x'],
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

test('403: a revoked key is refused at once by the gateway that revoked it and within 1 s by another replica', async (t) => {
  const replica = await platform.startGateway();
  const api = await platform.client();
  const onReplica = () => request(replica.baseUrl, 'GET', templates, { key: api.key, ip: api.ip });
  t.is((await api.call('GET', templates)).status, 501, 'key works and is now cached');
  t.is((await onReplica()).status, 501, 'and cached on the replica too');
  const revoke = await platform.admin('DELETE', `/workspaces/${api.workspaceId}/api-keys/${api.keyId}`);
  t.is(revoke.status, 200);
  const revokedAt = Date.now();
  assertForbidden(t, await api.call('GET', templates), /revoked/);
  await sleep(1000 - (Date.now() - revokedAt));
  assertForbidden(t, await onReplica(), /revoked/);
  await replica.process.stop();
});

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
