import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promises as dnsPromises } from 'node:dns';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { createLogger } from '@invoice-platform/common/logger';
import { connectMongo } from '@invoice-platform/common/mongo';
import { type Sample, scrapeMetrics } from '../support/metrics.ts';
import { repoRoot, request, stackEnv, waitFor } from '../support/platform.ts';
import { secondPlatformEnv } from '../support/second-platform.ts';
import { assertSpread, generate, generatesAnswered, rpcCalls } from './helpers.ts';

/**
 * The local platform's replicas for real (issue 28, docs/scaling.md): `bash scripts/up.sh
 * --replicas 2` on a second platform of this file's own (state directory, ports, databases,
 * consumer groups, as up.test.ts), then what `.local/replicas.json` says, 200 generates spread over
 * every copy, `services.sh scale pdf 3`, and down.sh stopping every copy.
 */
const runId = randomBytes(4).toString('hex');
const state = path.join(repoRoot, '.local/logs/test', `up-replicas-${runId}`);
const services = ['accounts', 'invoice', 'pdf', 'recurring', 'webhook', 'payment'] as const;
let env: Record<string, string> = {};
let keepState = false;

interface Registry {
  dns: string;
  zone: string;
  replicas: { service: string; replica: number; pid: number; address: string; metrics_url: string }[];
}
const registry = () => JSON.parse(readFileSync(path.join(state, 'replicas.json'), 'utf8')) as Registry;
type Entry = Registry['replicas'][number];

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

const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) [ZX]/.test(stat);
  } catch {
    return false;
  }
};

async function scrapeCopies(service: string): Promise<Map<Entry, Sample[]>> {
  const copies = registry().replicas.filter((r) => r.service === service);
  const scraped = await Promise.all(copies.map((c) => scrapeMetrics(c.metrics_url)));
  return new Map(copies.map((c, i) => [c, scraped[i]!]));
}

test.before(async () => {
  env = {
    ...(await secondPlatformEnv(state, runId, `upr-${runId}-`)),
    RATE_LIMIT_PER_IP: '100000000',
    RATE_LIMIT_PLANS: '{"business":100000000}',
    // A platform of this test's own needs no sandbox payment providers.
    PAY_SANDBOX: 'off',
  };
});

test.afterEach.always((t) => {
  if (!t.passed) keepState = true;
});

test.after.always(async () => {
  await bash('scripts/services.sh', ['stop'], 120_000);
  const conn = await connectMongo(stackEnv().MONGODB_URI!, 'admin', createLogger('up-replicas-test', 'silent'));
  try {
    for (const name of services) await conn.useDb(`${name}_test_${runId}`, { useCache: false }).dropDatabase();
  } finally {
    await conn.close();
  }
  if (!keepState) rmSync(state, { recursive: true, force: true });
});

test.serial('up.sh --replicas 2 starts two copies of every service and lists each in replicas.json', async (t) => {
  t.timeout(600_000);
  const up = await bash('scripts/up.sh', ['--replicas', '2'], 480_000);
  t.log(`state, logs: ${path.relative(repoRoot, state)}`);
  t.is(up.code, 0, `${up.stdout}\n${up.stderr}`);
  t.regex(up.stdout, /Replicas: +2 of each service/);
  const { replicas, dns, zone } = registry();
  for (const service of [...services, 'gateway']) {
    const copies = replicas.filter((r) => r.service === service);
    t.deepEqual(
      copies.map((c) => c.replica),
      [1, 2],
      `${service}: two copies`,
    );
    for (const c of copies) {
      t.true(alive(c.pid), `${service} copy ${c.replica} runs as pid ${c.pid}`);
      t.true(
        readFileSync(`/proc/${c.pid}/environ`, 'latin1').split('\0').includes(`PLATFORM_STATE_DIR=${state}`),
        `${service} copy ${c.replica} is this platform's`,
      );
      t.is((await fetch(c.metrics_url)).status, 200, c.metrics_url);
    }
    if (service === 'gateway') {
      t.deepEqual(new Set(copies.map((c) => c.address)).size, 1, 'the gateways share one port');
      continue;
    }
    t.deepEqual(
      copies.map((c) => c.address),
      [1, 2].map((n) => `127.0.0.${n}:${env[`${service.toUpperCase()}_GRPC_PORT`]}`),
    );
    // What the services are told of a peer: the local DNS answers with every ready copy.
    const resolver = new dnsPromises.Resolver();
    resolver.setServers([dns]);
    t.deepEqual((await resolver.resolve4(`${service}.${zone}`)).sort(), ['127.0.0.1', '127.0.0.2'], service);
  }
});

test.serial(
  'up.sh --replicas 2: 200 generates spread 30–70 % over each copy of the gateway, invoice and pdf',
  async (t) => {
    t.timeout(300_000);
    const base = `http://127.0.0.1:${env.GATEWAY_PORT}`;
    const key = readFileSync(path.join(state, 'demo-key'), 'utf8');
    const ws = readFileSync(path.join(state, 'demo-workspace'), 'utf8');
    const admin = await request(
      `http://127.0.0.1:${env.GATEWAY_ADMIN_PORT}`,
      'PUT',
      `/admin/workspaces/${ws}/credits`,
      {
        authorization: `Bearer ${readFileSync(path.join(state, 'admin-token'), 'utf8')}`,
        body: { unlimited: true },
      },
    );
    t.is(admin.status, 200, admin.text);
    const scrape = async () => ({
      gateway: await scrapeCopies('gateway'),
      invoice: await scrapeCopies('invoice'),
      pdf: await scrapeCopies('pdf'),
    });
    const before = await scrape();
    let left = 200;
    const refused: string[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (left > 0) {
          left--;
          const res = await generate(base, key);
          if (res.status !== 200) refused.push(`${res.status} ${res.text}`);
        }
      }),
    );
    t.deepEqual(refused, [], 'every generate answered 200');
    const after = await scrape();
    assertSpread(t, 'gateway generates', before.gateway, after.gateway, generatesAnswered);
    assertSpread(t, 'invoice GenerateInvoice', before.invoice, after.invoice, (s) =>
      rpcCalls(s, /InvoiceService\/GenerateInvoice$/),
    );
    assertSpread(t, 'pdf Render', before.pdf, after.pdf, (s) => rpcCalls(s, /PdfService\/Render$/));
  },
);

test.serial('services.sh scale pdf 3 adds a copy that gets calls, and down.sh stops every copy', async (t) => {
  t.timeout(300_000);
  const scale = await bash('scripts/services.sh', ['scale', 'pdf', '3'], 180_000);
  t.is(scale.code, 0, scale.stderr);
  const third = registry().replicas.find((r) => r.service === 'pdf' && r.replica === 3);
  t.truthy(third, 'replicas.json lists the third pdf copy');
  const base = `http://127.0.0.1:${env.GATEWAY_PORT}`;
  const key = readFileSync(path.join(state, 'demo-key'), 'utf8');
  // Within the connection age (30 s by default) of the invoice copies' connections, plus 5 s.
  await waitFor(
    'the third pdf copy to render',
    async () => {
      await Promise.all([generate(base, key), generate(base, key)]);
      return rpcCalls(await scrapeMetrics(third!.metrics_url), /PdfService\/Render$/) > 0;
    },
    45_000,
    200,
  );
  const pids = registry().replicas.map((r) => r.pid);
  t.is(pids.length, 2 * 7 + 1);
  const down = await bash('scripts/down.sh', [], 180_000);
  t.is(down.code, 0, down.stderr);
  t.deepEqual(
    pids.filter((pid) => alive(pid)),
    [],
    'no copy is left',
  );
  t.deepEqual(registry().replicas, []);
});
