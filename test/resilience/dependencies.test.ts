import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { Platform, repoRoot, request, sleep, waitFor } from '../support/platform.ts';

/**
 * Kills the stack's real processes with SIGKILL, so this file runs alone (scripts/test.sh runs
 * it after every other test file, serially).
 */
const run = promisify(execFile);
const stack = (...args: string[]) =>
  run('bash', [path.join(repoRoot, 'deploy/local/stack.sh'), ...args], { timeout: 300_000 });
// A long auth cache: a revoked key can then only be refused through the workspace.v1 event.
const platform = new Platform({
  gatewayEnv: { RATE_LIMIT_PLANS: '{"enterprise":100000}', RATE_LIMIT_PER_IP: '100000', AUTH_CACHE_TTL_MS: '600000' },
});
const templates = '/api/invoices/external/templates';

test.before(async () => {
  await platform.start();
});
test.after.always(async () => {
  // Leave the stack as we found it even when a test failed half-way.
  await stack('up').catch(() => undefined);
  await platform.stop();
});

/** The public /readyz status and the admin port's health report (docs/health.md). */
async function readiness() {
  const ready = await request(platform.gateway.baseUrl, 'GET', '/readyz');
  const health = await platform.admin<{ checks: Record<string, boolean> }>('GET', '/health');
  return { status: ready.status, checks: health.body.data.checks };
}

// Redis (the rate limiter) and accounts (authentication) serve every request: without them the
// gateway is not ready. Kafka only carries cache invalidations: the gateway stays ready.
for (const [component, check, readyWhileDown] of [
  ['redis', 'redis', false],
  ['mongo', 'accounts', false],
  ['kafka', 'kafka', true],
] as const) {
  test.serial(
    `kill -9 ${component}: the admin port names it while it is down, /readyz is ${readyWhileDown ? 'still 200' : '503'}, and it recovers by itself`,
    async (t) => {
      const api = await platform.client('enterprise');
      t.is((await readiness()).status, 200);
      t.is((await api.call('GET', templates)).status, 501);

      await stack('kill', component);
      const down = await waitFor(
        `${check} reported down`,
        async () => {
          const r = await readiness();
          return r.checks[check] === false ? r : undefined;
        },
        30_000,
        200,
      );
      if (readyWhileDown) t.is(down.status, 200);
      else
        await waitFor(
          `/readyz 503 while ${component} is down`,
          async () => (await readiness()).status === 503,
          30_000,
          200,
        );
      if (component === 'kafka') t.is((await api.call('GET', templates)).status, 501, 'the API serves without Kafka');

      if (component === 'redis') {
        const res = await api.call('GET', templates);
        t.is(res.status, 503, 'no request is admitted without the shared rate limiter');
        t.is((res.body as { error: { name: string } }).error.name, 'ServiceUnavailableError');
        // Every response carries them (docs/architecture.md#rate-limits); the limit that would
        // apply (the IP's, before authentication), with nothing left.
        t.is(res.headers.get('x-ratelimit-limit'), '100000');
        t.is(res.headers.get('x-ratelimit-remaining'), '0');
      }
      if (component === 'mongo') {
        const fresh = await platform.admin('POST', '/workspaces', { name: 'during outage' });
        t.is(fresh.status, 503, 'a database outage is a 503, not a 500');
      }

      await stack('start', component);
      await waitFor(
        `gateway ready after ${component} restart`,
        async () => {
          const r = await readiness();
          return r.status === 200 && Object.values(r.checks).every(Boolean);
        },
        120_000,
        500,
      );
      t.is((await api.call('GET', templates)).status, 501);
      const other = await platform.client('enterprise');
      t.is((await other.call('GET', templates)).status, 501, 'new keys authenticate after recovery');
    },
  );
}

test.serial(
  'a key revoked while Kafka is down is refused once Kafka is back: the event waited in the outbox',
  async (t) => {
    // The gateway taking the admin call forgets the key at once; another replica learns it only
    // from workspace.v1, which is what this test is about.
    const replica = await platform.startGateway();
    const api = await platform.client('enterprise');
    const onReplica = async () =>
      (await request(replica.baseUrl, 'GET', templates, { key: api.key, ip: api.ip })).status;
    t.is((await api.call('GET', templates)).status, 501);
    t.is(await onReplica(), 501, 'cached on the replica');
    await stack('kill', 'kafka');
    t.is((await platform.admin('DELETE', `/workspaces/${api.workspaceId}/api-keys/${api.keyId}`)).status, 200);
    t.is((await api.call('GET', templates)).status, 403, 'refused at once where it was revoked');
    await sleep(500);
    t.is(await onReplica(), 501, 'the replica has not heard of it while Kafka is down');
    await stack('start', 'kafka');
    await waitFor('revoked key refused by the replica', async () => (await onReplica()) === 403, 60_000, 500);
    await replica.process.stop();
  },
);
