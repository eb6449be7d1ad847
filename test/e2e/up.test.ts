import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { createLogger } from '@invoice-platform/common/logger';
import { connectMongo } from '@invoice-platform/common/mongo';
import { freePort, refusesConnections, repoRoot, request, stackEnv, uniqueIp, waitFor } from '../support/platform.ts';

/**
 * The README's first command, for real: scripts/up.sh adopts the running stack and starts every
 * service, here on ports, databases, consumer groups and a state directory of this test's own, so
 * it disturbs neither the other test files nor a developer's platform on the default ports.
 */
const runId = randomBytes(4).toString('hex');
const state = path.join(repoRoot, '.local/logs/test', `up-${runId}`);
const services = ['accounts', 'invoice', 'pdf', 'recurring', 'webhook', 'payment'] as const;
let env: Record<string, string> = {};
/** Only a passing run's state goes; a failing one keeps its logs for the report. */
let keepState = true;

/** What a developer's platform keeps in .local: this run must leave every one of them as it was. */
function defaultPlatformFiles(): Record<string, string | null> {
  const local = path.join(repoRoot, '.local');
  const run = path.join(local, 'run');
  const names = ['admin-token', 'webhook-secret-keys', 'accounts-secret-keys', 'demo-key', 'demo-workspace'].map((n) =>
    path.join(local, n),
  );
  if (existsSync(run))
    names.push(
      ...readdirSync(run)
        .filter((n) => n.startsWith('svc-'))
        .map((n) => path.join(run, n)),
    );
  return Object.fromEntries(names.map((file) => [file, existsSync(file) ? readFileSync(file, 'utf8') : null]));
}

function bash(script: string, args: string[], timeoutMs: number) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('bash', [path.join(repoRoot, script), ...args], { cwd: repoRoot, env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

test.before(async () => {
  const inherited: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    // pnpm's own settings from `pnpm exec` must not reach up.sh's `pnpm install`; nor may CI=true,
    // which would let pnpm purge node_modules under the running suite instead of failing.
    if (value === undefined || /^(npm_|pnpm_|PNPM_)/i.test(key) || key === 'CI') continue;
    inherited[key] = value;
  }
  const addr = async () => `127.0.0.1:${await freePort()}`;
  env = {
    ...inherited,
    PLATFORM_STATE_DIR: state,
    ACCOUNTS_ADDR: await addr(),
    INVOICE_ADDR: await addr(),
    PDF_ADDR: await addr(),
    RECURRING_ADDR: await addr(),
    WEBHOOK_ADDR: await addr(),
    PAYMENT_ADDR: await addr(),
    GATEWAY_PORT: String(await freePort()),
    GATEWAY_ADMIN_PORT: String(await freePort()),
    KAFKA_CONSUMER_GROUP_PREFIX: `up-${runId}-`,
    // Requests name their client in X-Forwarded-For, so this gateway never counts against
    // 127.0.0.1, which rate-limits.test.ts spends on purpose.
    TRUSTED_PROXIES: '127.0.0.1',
    ...Object.fromEntries(services.map((name) => [`${name.toUpperCase()}_DB_NAME`, `${name}_test_${runId}`])),
    // Not the default metrics ports a developer's platform serves on (scripts/services.sh).
    ...Object.fromEntries(
      await Promise.all(
        [...services, 'gateway'].map(async (name) => [`${name.toUpperCase()}_METRICS_PORT`, String(await freePort())]),
      ),
    ),
  };
  delete env.PUBLIC_BASE_URL;
  delete env.KAFKA_CONSUMER_GROUP;
});

test.afterEach.always((t) => {
  keepState = !t.passed;
});

test.after.always(async () => {
  // Stops only this run's services: their pids are in its own state directory.
  await bash('scripts/services.sh', ['stop'], 120_000);
  const conn = await connectMongo(stackEnv().MONGODB_URI!, 'admin', createLogger('up-test', 'silent'));
  try {
    for (const name of services) await conn.useDb(`${name}_test_${runId}`, { useCache: false }).dropDatabase();
  } finally {
    await conn.close();
  }
  if (!keepState) rmSync(state, { recursive: true, force: true });
});

test('scripts/up.sh adopts the running stack, starts the platform, prints a working demo key; services.sh stop stops what it started', async (t) => {
  t.timeout(600_000);
  const before = defaultPlatformFiles();
  const up = await bash('scripts/up.sh', [], 480_000);
  t.log(`state, logs: ${path.relative(repoRoot, state)}`);
  t.is(up.code, 0, `${up.stdout}\n${up.stderr}`);
  t.regex(up.stderr, /everything was already running/, 'the stack was adopted, not started');

  const apiUrl = /^\s*API:\s+(\S+)/m.exec(up.stdout)?.[1] ?? '';
  const demoKey = /^\s*Demo key:\s+(\S+)/m.exec(up.stdout)?.[1] ?? '';
  t.is(apiUrl, `http://127.0.0.1:${env.GATEWAY_PORT}`);
  t.regex(demoKey, /^ipk_/);
  t.is(readFileSync(path.join(state, 'demo-key'), 'utf8'), demoKey);

  const res = await request<{ data: { id: string }[] }>(apiUrl, 'GET', '/api/invoices/external/templates', {
    key: demoKey,
    ip: uniqueIp(),
  });
  t.is(res.status, 200, res.text);
  t.true(Array.isArray(res.body.data) && res.body.data.length > 0, res.text);
  t.truthy(res.headers.get('x-ratelimit-limit'));

  const stop = await bash('scripts/services.sh', ['stop'], 120_000);
  t.is(stop.code, 0, stop.stderr);
  t.is((await bash('scripts/services.sh', ['status'], 30_000)).code, 1, 'every service is down');
  await waitFor('the gateway port to close', () => refusesConnections(Number(env.GATEWAY_PORT)), 30_000, 100);
  t.deepEqual(defaultPlatformFiles(), before, 'the default platform files in .local are untouched');
});
