import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { Platform, repoRoot, request, waitFor } from '../support/platform.ts';

const run = promisify(execFile);
const platform = new Platform();

test.before(async () => {
  await platform.start();
});
test.after.always(() => platform.stop());

function cli(...args: string[]) {
  return run(
    process.execPath,
    [path.join(repoRoot, 'services/gateway/src/cli/main.ts'), '--url', platform.gateway.adminUrl, ...args],
    {
      env: { ...process.env, ADMIN_TOKEN: platform.adminToken },
    },
  );
}

test('admin API: refuses a missing or wrong admin token', async (t) => {
  for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-wrong', `Basic ${platform.adminToken}`]) {
    const res = await request(
      platform.gateway.adminUrl,
      'GET',
      '/admin/workspaces',
      authorization ? { authorization } : {},
    );
    t.is(res.status, 403);
    t.is((res.body as { error: { name: string } }).error.name, 'ForbiddenError');
  }
});

test('admin API: the token scheme is case-insensitive (RFC 9110 §11.1)', async (t) => {
  for (const scheme of ['bearer', 'BEARER', 'Bearer ']) {
    const res = await request(platform.gateway.adminUrl, 'GET', '/admin/workspaces', {
      authorization: `${scheme} ${platform.adminToken}`,
    });
    t.is(res.status, 200, scheme);
  }
});

test('admin API: the admin port does not serve the public API and vice versa', async (t) => {
  t.is(
    (
      await request(platform.gateway.baseUrl, 'GET', '/admin/workspaces', {
        authorization: `Bearer ${platform.adminToken}`,
      })
    ).status,
    404,
  );
  const api = await platform.client();
  t.is(
    (await request(platform.gateway.adminUrl, 'GET', '/api/invoices/external/templates', { key: api.key })).status,
    403,
  );
});

test('admin API: workspace create validates plan and time zone', async (t) => {
  const bad = await platform.admin('POST', '/workspaces', { name: '', plan: 'gold', time_zone: 'Mars/Base' });
  t.is(bad.status, 400);
  const paths = (
    bad.body as unknown as { error: { details: { errors: { path: string }[] } } }
  ).error.details.errors.map((e) => e.path);
  t.deepEqual(paths.sort(), ['name', 'plan', 'time_zone']);
  const ok = await platform.admin<{ plan: string; time_zone: string; plan_state: string; features: string[] }>(
    'POST',
    '/workspaces',
    { name: 'Toko', plan: 'specialist', time_zone: 'Asia/Jakarta' },
  );
  t.is(ok.status, 201);
  t.like(ok.body.data, { plan: 'specialist', time_zone: 'Asia/Jakarta', plan_state: 'active' });
  t.deepEqual(ok.body.data.features, ['api', 'recurring']);
});

test('admin API: unknown workspace is 404', async (t) => {
  t.is((await platform.admin('GET', '/workspaces/NOPE000000')).status, 404);
  t.is((await platform.admin('POST', '/workspaces/NOPE000000/api-keys', {})).status, 404);
});

test('API keys: a free workspace cannot create one', async (t) => {
  const ws = await platform.createWorkspace('free');
  const res = await platform.admin('POST', `/workspaces/${ws.id}/api-keys`, {});
  t.is(res.status, 403);
});

test('API keys: professional allows 3 active keys, revoked keys do not count, even when created in parallel', async (t) => {
  const ws = await platform.createWorkspace('professional');
  const results = await Promise.all(
    Array.from({ length: 6 }, () =>
      platform.admin<{ api_key: { id: string } }>('POST', `/workspaces/${ws.id}/api-keys`, {}),
    ),
  );
  t.deepEqual(results.map((r) => r.status).sort(), [201, 201, 201, 400, 400, 400]);
  const refusal = results.find((r) => r.status === 400)!;
  t.regex((refusal.body as unknown as { error: { message: string } }).error.message, /at most 3 active API keys/);
  const created = results.filter((r) => r.status === 201).map((r) => r.body.data.api_key.id);
  t.is((await platform.admin('DELETE', `/workspaces/${ws.id}/api-keys/${created[0]}`)).status, 200);
  // Revoking twice is harmless and frees no second slot.
  t.is((await platform.admin('DELETE', `/workspaces/${ws.id}/api-keys/${created[0]}`)).status, 200);
  t.is((await platform.admin('POST', `/workspaces/${ws.id}/api-keys`, {})).status, 201);
  t.is((await platform.admin('POST', `/workspaces/${ws.id}/api-keys`, {})).status, 400);
  const list = await platform.admin<{ api_keys: { revoked_at?: string }[] }>(
    'GET',
    `/workspaces/${ws.id}/api-keys?include_revoked=true`,
  );
  t.is(list.body.data.api_keys.length, 4);
  t.is(list.body.data.api_keys.filter((k) => k.revoked_at).length, 1);
});

test('API keys: listing never shows a raw key or hash', async (t) => {
  const ws = await platform.createWorkspace('business');
  const key = await platform.createKey(ws.id);
  const list = await platform.admin('GET', `/workspaces/${ws.id}/api-keys`);
  const text = JSON.stringify(list.body);
  t.false(text.includes(key.raw));
  t.false(text.includes('hash'));
  t.true(text.includes(key.raw.slice(0, 16)), 'the visible prefix is listed');
});

test('API keys: the list shows when a key was last used, and revoking it keeps that', async (t) => {
  const api = await platform.client('business');
  const keys = () =>
    platform.admin<{ api_keys: { id: string; last_used_at: string | null; revoked_at: string | null }[] }>(
      'GET',
      `/workspaces/${api.workspaceId}/api-keys?include_revoked=true`,
    );
  t.is((await keys()).body.data.api_keys[0]!.last_used_at ?? null, null);
  const before = Date.now();
  t.is((await api.call('GET', '/api/invoices/external/templates')).status, 501);
  // Recorded after the lookup has answered.
  const lastUsed = await waitFor(
    'last_used_at',
    async () => (await keys()).body.data.api_keys[0]!.last_used_at ?? undefined,
  );
  t.true(Date.parse(lastUsed) >= before);
  const revoked = await platform.admin<{ last_used_at: string | null; revoked_at: string | null }>(
    'DELETE',
    `/workspaces/${api.workspaceId}/api-keys/${api.keyId}`,
  );
  t.like(revoked.body.data, { last_used_at: lastUsed });
  t.truthy(revoked.body.data.revoked_at);
  t.like((await keys()).body.data.api_keys[0], { last_used_at: lastUsed, revoked_at: revoked.body.data.revoked_at });
});

test('API keys: revoking a key of another workspace is 404', async (t) => {
  const a = await platform.createWorkspace();
  const b = await platform.createWorkspace();
  const key = await platform.createKey(a.id);
  t.is((await platform.admin('DELETE', `/workspaces/${b.id}/api-keys/${key.id}`)).status, 404);
});

test('payment records: gateways and accounts are recorded per workspace', async (t) => {
  const ws = await platform.createWorkspace();
  // Connections with their credentials in detail: payment-connections.test.ts.
  const stripe = {
    provider: 'stripe',
    mode: 'sandbox',
    credentials: { secret_key: 'sk_test_1', webhook_secret: 'whsec_1' },
  };
  t.is((await platform.admin('POST', `/workspaces/${ws.id}/payment-gateways`, { provider: 'square' })).status, 400);
  t.is((await platform.admin('POST', `/workspaces/${ws.id}/payment-gateways`, stripe)).status, 201);
  t.is(
    (await platform.admin('POST', `/workspaces/${ws.id}/payment-gateways`, stripe)).status,
    201,
    'connecting twice replaces the credentials',
  );
  const gateways = await platform.admin<{ gateways: { provider: string }[] }>(
    'GET',
    `/workspaces/${ws.id}/payment-gateways`,
  );
  t.deepEqual(
    gateways.body.data.gateways.map((g) => g.provider),
    ['stripe'],
  );
  const account = await platform.admin<{ id: string }>('POST', `/workspaces/${ws.id}/payment-accounts`, {
    label: 'BCA',
    bank_name: 'BCA',
    account_name: 'PT Maju',
    account_number: '123',
  });
  t.is(account.status, 201);
  t.regex(account.body.data.id, /^pacc_/);
});

test('CLI: creates a workspace and key, lists, changes plan, revokes; --json for scripts', async (t) => {
  const created = await cli(
    '--json',
    'workspace',
    'create',
    '--name',
    'CLI Co',
    '--plan',
    'business',
    '--tz',
    'Europe/Paris',
  );
  const ws = JSON.parse(created.stdout) as { id: string; plan: string };
  t.is(ws.plan, 'business');
  const human = await cli('workspace', 'get', ws.id);
  t.regex(human.stdout, /CLI Co/);
  t.regex(human.stdout, /Europe\/Paris/);
  const key = JSON.parse((await cli('--json', 'key', 'create', ws.id, '--name', 'ci')).stdout) as {
    raw_key: string;
    api_key: { id: string };
  };
  t.regex(key.raw_key, /^ipk_/);
  t.is(
    (
      await request(platform.gateway.baseUrl, 'GET', '/api/invoices/external/templates', {
        key: key.raw_key,
        ip: '2001:db8::77',
      })
    ).status,
    501,
  );
  const listed = await cli('key', 'list', ws.id);
  t.regex(listed.stdout, new RegExp(key.api_key.id));
  const plan = await cli('workspace', 'set-plan', ws.id, '--plan', 'enterprise');
  t.regex(plan.stdout, /enterprise/);
  const revoked = await cli('key', 'revoke', ws.id, key.api_key.id);
  t.regex(revoked.stdout, /Revoked API key/);
});

test('CLI: errors are readable and exit non-zero', async (t) => {
  const err = await t.throwsAsync(cli('workspace', 'create', '--name', 'X', '--plan', 'gold'));
  t.regex((err as Error & { stderr: string }).stderr, /400 ValidationError/);
  const usage = await t.throwsAsync(cli('nonsense'));
  t.regex((usage as Error & { stdout: string; stderr: string }).stderr, /usage: invoicectl/);
});
