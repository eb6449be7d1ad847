import { randomBytes } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import type { Connection } from 'mongoose';
import { createLogger } from '@invoice-platform/common/logger';
import { connectMongo } from '@invoice-platform/common/mongo';
import { runChaos } from '../chaos/chaos.ts';
import { type Sample, scrapeMetrics } from '../support/metrics.ts';
import { type ApiClient, type Copy, Platform, type PlatformService, sleep, waitFor } from '../support/platform.ts';
import { assertSpread, generate, generatesAnswered, rpcCalls } from './helpers.ts';

/**
 * Every replica takes its share of the work (issue 28, docs/scaling.md), on a platform that runs
 * two copies of every service as the local platform's `up.sh --replicas 2` does: each copy of a
 * service on its own loopback address, the services finding each other's ready copies through
 * the platform's DNS and balancing their calls one by one (round_robin), the gateways sharing one
 * port. What each copy did is read from its own metrics. Runs alone in the test command: it times
 * how soon a killed copy's work moves and a new copy gets calls.
 */

/** A connection lives this long here (30 s in the chart), so a new copy is found within it. */
const maxAgeMs = 10_000;
const platform = new Platform({
  invoices: true,
  replicas: 2,
  replicaEnv: { GRPC_MAX_CONNECTION_AGE_MS: String(maxAgeMs), GRPC_MAX_CONNECTION_AGE_GRACE_MS: '30000' },
  gatewayEnv: { RATE_LIMIT_PLANS: '{"enterprise":100000000}', RATE_LIMIT_PER_IP: '100000000' },
});
let api: ApiClient;
let invoiceDb: Connection;
const credits = 100_000;

test.before(async (t) => {
  t.timeout(300_000);
  await platform.start();
  api = await platform.client('enterprise', credits);
  invoiceDb = await connectMongo(
    platform.stack.MONGODB_URI!,
    `invoice_test_${platform.runId}`,
    createLogger('replicas-test', 'silent'),
  );
});

test.after.always(async () => {
  await invoiceDb?.close();
  await platform.stop();
});

/** Every copy's own metrics, by copy. */
async function scrapeCopies(service: PlatformService): Promise<Map<Copy, Sample[]>> {
  const copies = platform.copies(service);
  const scraped = await Promise.all(copies.map((c) => scrapeMetrics(c.process.metricsUrl!)));
  return new Map(copies.map((c, i) => [c, scraped[i]!]));
}

test.serial(
  'replicas: 200 generates through the shared port spread 30–70 % over each copy of the gateway, invoice and pdf, by their own metrics',
  async (t) => {
    t.timeout(300_000);
    const services = ['gateway', 'invoice', 'pdf'] as const;
    const before = Object.fromEntries(await Promise.all(services.map(async (s) => [s, await scrapeCopies(s)])));
    let left = 200;
    const refused: string[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (left > 0) {
          left--;
          const res = await generate(platform.gateway.baseUrl, api.key);
          if (res.status !== 200) refused.push(`${res.status} ${res.text}`);
        }
      }),
    );
    t.deepEqual(refused, [], 'every generate answered 200');
    const after = Object.fromEntries(await Promise.all(services.map(async (s) => [s, await scrapeCopies(s)])));
    assertSpread(t, 'gateway generates', before.gateway, after.gateway, generatesAnswered);
    assertSpread(t, 'invoice GenerateInvoice', before.invoice, after.invoice, (s) =>
      rpcCalls(s, /InvoiceService\/GenerateInvoice$/),
    );
    assertSpread(t, 'pdf Render', before.pdf, after.pdf, (s) => rpcCalls(s, /PdfService\/Render$/));
  },
);

interface Keyed {
  key: string;
  startedAt: number;
  answeredAt?: number;
  id?: string;
  attempts: number;
}

/**
 * Clients generating with Idempotency-Keys, each retrying with its key (after 200 ms) on a 409,
 * a 503 or no answer, until `stop` says so; every generate is kept.
 */
function keyedLoad(clients: number, stop: () => boolean): { done: Promise<void>; generates: Keyed[] } {
  const generates: Keyed[] = [];
  const done = Promise.all(
    Array.from({ length: clients }, async () => {
      while (!stop()) {
        const g: Keyed = { key: `replicas-${randomBytes(6).toString('hex')}`, startedAt: Date.now(), attempts: 0 };
        generates.push(g);
        for (;;) {
          g.attempts++;
          const res = await generate(platform.gateway.baseUrl, api.key, g.key);
          if (res.status === 200) {
            g.answeredAt = Date.now();
            g.id = res.id;
            break;
          }
          if (![0, 409, 503].includes(res.status) || Date.now() - g.startedAt > 60_000) break;
          await sleep(200);
        }
      }
    }),
  ).then(() => undefined);
  return { done, generates };
}

/** No generate lost or doubled: each key answered 200 once, its invoice stored once, one credit each. */
async function assertExactlyOnce(t: ExecutionContext, generates: Keyed[]): Promise<void> {
  const unanswered = generates.filter((g) => !g.id);
  t.deepEqual(
    unanswered.map((g) => g.key),
    [],
    'every generate got its 200',
  );
  const stored = await invoiceDb
    .collection<{ _id: string; idempotency_scope: string }>('invoices')
    .find({ workspace_id: api.workspaceId }, { projection: { _id: 1, idempotency_scope: 1 } })
    .toArray();
  const byId = new Map(stored.map((i) => [i._id, i]));
  for (const g of generates) t.truthy(byId.get(g.id!), `${g.key}'s invoice is stored`);
  const keys = new Set(generates.map((g) => g.key));
  const perKey = new Map<string, number>();
  // An API key is stored as `key {key}` (docs/architecture.md#idempotency).
  for (const i of stored) {
    const key = i.idempotency_scope.replace(/^key /, '');
    if (keys.has(key)) perKey.set(key, (perKey.get(key) ?? 0) + 1);
  }
  t.is(perKey.size, keys.size, 'every key has its invoice');
  t.deepEqual(
    [...perKey].filter(([, n]) => n !== 1),
    [],
    'one invoice per key',
  );
  const pool = await platform.credits(api.workspaceId);
  t.is(pool.credits_used, stored.length, 'one credit per stored invoice');
}

test.serial(
  'replicas: kill -9 of a pdf copy under keyed generates loses and doubles none, and every retry with its key gets its 200 within 10 s of the kill',
  async (t) => {
    t.timeout(300_000);
    let stopping = false;
    const load = keyedLoad(4, () => stopping);
    await sleep(3000);
    const victim = platform.copies('pdf')[0]!;
    const killedAt = Date.now();
    await platform.stopCopy(victim, 'SIGKILL');
    await sleep(8000);
    stopping = true;
    await load.done;
    const inFlight = load.generates.filter((g) => g.startedAt <= killedAt && (g.answeredAt ?? Infinity) >= killedAt);
    const slowest = Math.max(0, ...inFlight.map((g) => (g.answeredAt ?? Infinity) - killedAt));
    t.log(
      `${load.generates.length} generates, ${inFlight.length} in flight at the kill, the last answered ${slowest} ms after it; ${load.generates.filter((g) => g.attempts > 1).length} retried`,
    );
    t.true(load.generates.filter((g) => g.startedAt > killedAt).length > 0, 'generates went on after the kill');
    t.true(slowest <= 10_000, `answered ${slowest} ms after the kill`);
    await assertExactlyOnce(t, load.generates);
    // As a supervisor would: the copy starts again, under its number.
    await platform.startCopy('pdf', victim.replica);
  },
);

test.serial(
  'replicas: a third pdf copy serves calls within the maximum connection age plus 5 s, and its group rebalances on scale-up and scale-down without losing a re-render',
  async (t) => {
    t.timeout(300_000);
    let stopping = false;
    const load = keyedLoad(2, () => stopping);
    await sleep(1000);
    const third = await platform.startCopy('pdf');
    const readyAt = Date.now();
    t.is(third.replica, 3);
    const renders = async () => rpcCalls(await scrapeMetrics(third.process.metricsUrl!), /PdfService\/Render$/);
    await waitFor('the third copy to render', async () => (await renders()) > 0, maxAgeMs + 15_000, 100).catch(
      () => undefined,
    );
    const servedAfter = Date.now() - readyAt;
    t.log(`the third copy rendered ${servedAfter} ms after it was ready`);
    t.true((await renders()) > 0 && servedAfter <= maxAgeMs + 5000, `first render ${servedAfter} ms after ready`);
    // Status moves re-render through the pdf group, which rebalanced over three members (and over
    // the copy restarted after the kill): every one ends with the file of its new status. Then the
    // third copy stops as a scale-down stops a pod (SIGTERM), the group rebalances over two again,
    // and the moves made after it are re-rendered too.
    const answered = load.generates.filter((g) => g.id);
    await markPaidAndAwaitRender(t, answered.slice(0, 20));
    await platform.stopCopy(third, 'SIGTERM');
    await markPaidAndAwaitRender(t, answered.slice(20, 30));
    stopping = true;
    await load.done;
    await assertExactlyOnce(t, load.generates);
  },
);

/** Moves each invoice to paid and waits until its PDF is the paid one (a re-render through the pdf group). */
async function markPaidAndAwaitRender(t: ExecutionContext, generates: Keyed[]): Promise<void> {
  t.true(generates.length > 0, 'invoices to move');
  for (const g of generates) {
    const res = await api.call('PUT', `/api/invoices/external/${g.id}/status`, { body: { status: 'paid' } });
    t.is(res.status, 200, res.text);
  }
  for (const g of generates)
    await waitFor(
      `${g.key}'s PDF re-rendered as paid`,
      async () => {
        const res = await api.call<{ data: { pdf_status: string; pdf_url: string } }>(
          'GET',
          `/api/invoices/external/${g.id}`,
        );
        if (res.body.data?.pdf_status !== 'ready') return false;
        const pdf = await fetch(res.body.data.pdf_url);
        await pdf.arrayBuffer();
        return /-PAID\.pdf/.test(pdf.headers.get('content-disposition') ?? '');
      },
      60_000,
      250,
    );
}

test.serial(
  'replicas: background work in two copies at once (scheduler, outbox relays, webhook deliveries, maintenance) reconciles as the chaos run does, and every copy takes a share',
  async (t) => {
    t.timeout(25 * 60_000);
    // A platform of its own (the chaos run's: every service, webhooks, payments, series), two copies each, no faults.
    await platform.stop();
    const report = await runChaos({
      minutes: 1,
      seed: Math.floor(Math.random() * 2 ** 31),
      faultEveryMs: 15_000,
      faults: false,
      replicas: 2,
      log: (line) => t.log(line),
    });
    t.log(`\n${report.table}`);
    for (const check of report.checks) t.is(check.broken, 0, `${check.name}: ${check.examples.join('; ')}`);
    const shares = report.shares ?? [];
    for (const [service, work] of [
      ['invoice', 'outbox events sent'],
      ['recurring', 'follow-ups sent'],
      ['webhook', 'deliveries'],
      ['pdf', 'renders'],
      ['payment', 'calls served'],
      ['accounts', 'calls served'],
    ] as const) {
      const copies = shares.filter((s) => s.service === service);
      t.is(copies.length, 2, `two ${service} copies`);
      for (const copy of copies)
        t.true((copy.work[work] ?? 0) > 0, `${service} copy ${copy.replica}: ${work} ${copy.work[work]}`);
    }
  },
);
