/**
 * Scale benchmark (docs/benchmarks.md): what requests and periodic passes cost when the platform
 * holds 100,000 invoices, against the same measurements on an empty database, in one run.
 *
 *   pnpm bench:scale [--invoices 100000] [--big 50000] [--medium 1000] [--workspaces 100]
 *                    [--idle-seconds 60] [--get-rate 100] [--get-seconds 10]
 *
 * Needs the local stack up (bash deploy/local/stack.sh up); starts its own service processes on
 * databases of their own. Phase 1 measures on an empty database; then 100,000 invoices of 100
 * workspaces (one holding 50,000, one 1,000) are written straight into the invoice database, shaped
 * as the service stores them (copies of an invoice it generated, with their credit pools and number
 * sequences), and phase 2 measures the same figures again. Prints ratios and PASS/MISS against the
 * targets, and writes JSON to .local/bench/scale-latest.json. The exit code is 0 unless something
 * failed to run.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Mongoose } from 'mongoose';
import { createUnaryClient } from '../services/common/src/grpc/client.ts';
import { loadService } from '../services/common/src/grpc/protos.ts';
import { newId } from '../services/common/src/ids.ts';
import { type ApiClient, Platform, repoRoot } from '../test/support/platform.ts';
import { CpuTracker } from './lib/cpu.ts';
import { closedLoop, type LoadResult, openLoop, type OpenLoopResult, round1 } from './lib/load.ts';
import { findChild, scanProcs } from './lib/proc.ts';

// Resolved from services/common like every service's own mongoose (bench/ is not a package).
const mongoose = createRequire(path.join(repoRoot, 'services/common/package.json'))('mongoose') as Mongoose;

const { values: args } = parseArgs({
  options: {
    invoices: { type: 'string', default: '100000' },
    big: { type: 'string', default: '50000' },
    medium: { type: 'string', default: '1000' },
    workspaces: { type: 'string', default: '100' },
    due: { type: 'string', default: '100' },
    'list-requests': { type: 'string', default: '100' },
    'generate-requests': { type: 'string', default: '40' },
    'get-rate': { type: 'string', default: '100' },
    'get-seconds': { type: 'string', default: '10' },
    'idle-seconds': { type: 'string', default: '60' },
  },
});
const params = {
  invoices: Number(args.invoices),
  big: Number(args.big),
  medium: Number(args.medium),
  workspaces: Number(args.workspaces),
  due: Number(args.due),
  list_requests: Number(args['list-requests']),
  generate_requests: Number(args['generate-requests']),
  get_rate: Number(args['get-rate']),
  get_seconds: Number(args['get-seconds']),
  idle_seconds: Number(args['idle-seconds']),
};

const began = performance.now();
const progress = (msg: string) => console.error(`[${((performance.now() - began) / 1000).toFixed(0)} s] ${msg}`);

const generateBody = {
  customer_name: 'PT Sinar Terang',
  customer_email: 'finance@sinarterang.example',
  currency: 'IDR',
  tax_rate: 11,
  items: [
    { description: 'Brand identity design', quantity: 1, price: 1000000, unit: 'project' },
    { description: 'Website maintenance', quantity: 2.5, price: 200000, discount: 50000, unit: 'hours' },
    { description: 'Stock photo licence', quantity: 3, price: 50000, tax_rate: 0 },
  ],
  notes: 'Thank you for your business.',
};

type Doc = Record<string, unknown>;

interface PhaseResult {
  list: Record<string, LoadResult>;
  get: OpenLoopResult;
  generate: Record<string, LoadResult>;
  overdue_pass: { ms: number; marked: number };
  idle_cpu_percent: Record<string, number>;
}

/** Sequential list requests of page 1 (pageSize 25), as a dashboard or a client's sync would make them. */
async function listLatency(api: ApiClient, query: string): Promise<LoadResult> {
  return closedLoop(1, params.list_requests, async () => {
    const res = await api.call('GET', `/api/invoices/external${query}`);
    if (res.status !== 200) throw new Error(`list: ${res.status} ${res.text.slice(0, 200)}`);
  });
}

async function generateLatency(api: ApiClient, ids: string[], report = true): Promise<Record<string, LoadResult>> {
  const once = async () => {
    const res = await api.call<{ data: { id: string } }>('POST', '/api/invoices/generate-external', {
      body: generateBody,
    });
    if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text.slice(0, 200)}`);
    ids.push(res.body.data.id);
  };
  const levels: Record<string, LoadResult> = {};
  for (const c of [1, 4]) {
    await closedLoop(c, 2 * c, once);
    levels[`c${c}`] = await closedLoop(c, params.generate_requests, once);
    if (report) progress(`  generate c=${c}: p50 ${levels[`c${c}`]!.p50_ms} ms, p99 ${levels[`c${c}`]!.p99_ms} ms`);
  }
  return levels;
}

function getLatency(api: ApiClient, ids: string[]): Promise<OpenLoopResult> {
  return openLoop(params.get_rate, params.get_seconds, async (i) => {
    const res = await api.call('GET', `/api/invoices/external/${ids[(i * 7919) % ids.length]}`);
    if (res.status !== 200) throw new Error(`get: ${res.status} ${res.text.slice(0, 200)}`);
  });
}

function machineBusyTicks(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: all but idle and iowait.
  return cpu[0]! + cpu[1]! + cpu[2]! + cpu[5]! + cpu[6]! + cpu[7]!;
}

/**
 * Waits until the platform has finished what the last phase set off (100 overdue invoices mean
 * 100 events, webhooks and PDF re-renders): five seconds in a row with the whole machine under a
 * half a core (idle services and Kafka take about a quarter), or two minutes at most.
 */
async function settle(): Promise<void> {
  const deadline = performance.now() + 120_000;
  let quiet = 0;
  let last = machineBusyTicks();
  while (quiet < 5 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = machineBusyTicks();
    quiet = now - last < 50 ? quiet + 1 : 0;
    last = now;
  }
}

/** CPU of the stack and the services over `seconds` with no request made, as % of one core. */
async function idleCpu(services: { name: string; pid: number }[], seconds: number): Promise<Record<string, number>> {
  const tracker = new CpuTracker(process.pid, services);
  tracker.sample(scanProcs());
  tracker.mark('idle');
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    tracker.sample(scanProcs());
  }
  tracker.mark('end');
  const { cpu_s, seconds: measured } = tracker.result();
  const percent: Record<string, number> = {};
  for (const [label, s] of Object.entries(cpu_s)) percent[label] = round1((100 * s) / measured);
  return percent;
}

/** Writes straight into the invoice database, as the invoice service stores its documents. */
class Seeder {
  private readonly db: NonNullable<Awaited<ReturnType<typeof mongoose.createConnection>>['db']>;
  private readonly template: Doc;

  constructor(db: Seeder['db'], template: Doc) {
    this.db = db;
    this.template = template;
  }

  static async open(
    uri: string,
    dbName: string,
    templateId: string,
  ): Promise<{ seeder: Seeder; close: () => Promise<void> }> {
    const conn = await mongoose.createConnection(uri, { dbName, autoIndex: false }).asPromise();
    const template = await conn.db!.collection('invoices').findOne({ _id: templateId as never });
    if (!template) throw new Error(`invoice ${templateId} not found in ${dbName}`);
    return { seeder: new Seeder(conn.db!, template), close: () => conn.close() };
  }

  /**
   * `count` invoices of `workspaceId`, numbered 1..count per month over the last year, newest
   * last; none due for the overdue move unless `due` (then unpaid, overdue since yesterday).
   */
  async invoices(workspaceId: string, count: number, due = false): Promise<string[]> {
    const now = Date.now();
    const ids: string[] = [];
    const perPeriod = new Map<string, number>();
    const batch: Doc[] = [];
    const flush = async () => {
      if (batch.length > 0) await this.db.collection('invoices').insertMany(batch.splice(0), { ordered: false });
    };
    for (let i = 0; i < count; i++) {
      const created = new Date(
        now - 365 * 24 * 3600 * 1000 + Math.floor(((i + 1) / (count + 1)) * 360 * 24 * 3600 * 1000),
      );
      const period = `${created.getUTCFullYear()}${String(created.getUTCMonth() + 1).padStart(2, '0')}`;
      const seq = (perPeriod.get(period) ?? 0) + 1;
      perPeriod.set(period, seq);
      const id = newId('inv');
      ids.push(id);
      const roll = i % 10;
      const status = due ? 'unpaid' : roll < 7 ? 'unpaid' : roll < 9 ? 'paid' : 'cancelled';
      batch.push({
        ...this.template,
        _id: id,
        workspace_id: workspaceId,
        invoice_number: `INV-${workspaceId}-${period}-${String(seq).padStart(4, '0')}`,
        number_period: period,
        number_seq: seq,
        invoice_status: status,
        issue_date: created,
        created_at: created,
        updated_at: created,
        // Far ahead (or done): only the `due` ones are for the overdue move.
        overdue_at: due
          ? new Date(now - 24 * 3600 * 1000)
          : status === 'unpaid'
            ? new Date(now + 400 * 24 * 3600 * 1000)
            : null,
        paid_at: status === 'paid' ? created : null,
        idempotency_scope: `none:${id}`,
        occurrence_scope: id,
        series_id: null,
        series_pending: false,
        version: 1,
        outbox: [],
        outbox_at: null,
      });
      if (batch.length === 1000) await flush();
    }
    await flush();
    const sequences = [...perPeriod].map(([period, last]) => ({
      _id: `${workspaceId}:${period}`,
      workspace_id: workspaceId,
      period,
      last,
      free: [],
      reserved: [],
      reserved_count: 0,
      version: last,
    }));
    await this.db
      .collection('invoice_number_sequences')
      .insertMany(sequences as never[], { ordered: false })
      .catch((err: { code?: number; writeErrors?: unknown[] }) => {
        // A sequence the platform's own generates created already: keep theirs.
        if (!err.writeErrors) throw err;
      });
    await this.db.collection('credit_pools').updateOne(
      { _id: workspaceId as never },
      {
        $setOnInsert: { unlimited: false, balance: 1000, holds: [], held: 0, ops: [], version: 0 },
        $inc: { used: count },
        $set: { updated_at: new Date() },
      },
      { upsert: true },
    );
    return ids;
  }
}

async function measurePhase(
  name: string,
  platform: Platform,
  apis: { gen: ApiClient; big: ApiClient; medium: ApiClient },
  ids: string[],
  seedDue: () => Promise<unknown>,
  services: { name: string; pid: number }[],
): Promise<PhaseResult> {
  progress(`${name}: generate`);
  const generate = await generateLatency(apis.gen, ids);
  progress(`${name}: list`);
  const list: Record<string, LoadResult> = {};
  const lists: [string, ApiClient, string][] =
    name === 'empty'
      ? [
          ['small workspace', apis.gen, ''],
          ['small workspace, status=unpaid', apis.gen, '?status=unpaid'],
        ]
      : [
          [`${params.medium}-invoice workspace`, apis.medium, ''],
          [`${params.medium}-invoice workspace, status=unpaid`, apis.medium, '?status=unpaid'],
          [`${params.big}-invoice workspace`, apis.big, ''],
          [`${params.big}-invoice workspace, status=unpaid`, apis.big, '?status=unpaid'],
          [`${params.big}-invoice workspace, page 40`, apis.big, '?page=40'],
        ];
  for (const [label, api, query] of lists) {
    list[label] = await listLatency(api, query);
    progress(`  list ${label}: p50 ${list[label]!.p50_ms} ms, p99 ${list[label]!.p99_ms} ms`);
  }
  progress(`${name}: GET at ${params.get_rate}/s`);
  const get = await getLatency(apis.gen, ids);
  progress(`  GET p50 ${get.p50_ms} ms, p99 ${get.p99_ms} ms`);
  progress(`${name}: one overdue pass with ${params.due} due`);
  await seedDue();
  const invoice = createUnaryClient(
    loadService('invoiceplatform/invoice/v1/invoice.proto', 'invoiceplatform.invoice.v1.InvoiceService'),
    platform.invoiceAddr,
    120_000,
  );
  let overdue: PhaseResult['overdue_pass'];
  try {
    const start = performance.now();
    const res = await invoice.call<{ marked_overdue: number }>('RunOverdueSweep', {});
    overdue = { ms: round1(performance.now() - start), marked: Number(res.marked_overdue) };
  } finally {
    invoice.close();
  }
  progress(`  overdue pass: ${overdue.ms} ms, ${overdue.marked} marked`);
  progress(`${name}: idle for ${params.idle_seconds} s`);
  // Let the relay publish the sweep's events and the pdf service re-render them first.
  await settle();
  const idle = await idleCpu(services, params.idle_seconds);
  progress(`  idle CPU: ${JSON.stringify(idle)}`);
  return { list, get, generate, overdue_pass: overdue, idle_cpu_percent: idle };
}

interface Row {
  figure: string;
  empty: string;
  scale: string;
  ratio: string;
  target: string;
  pass: boolean | null;
}

const stackParts = ['ferretdb', 'kafka', 'redis', 'smtp-sink'];
const serviceParts = ['accounts', 'invoice', 'pdf', 'gateway'];
const sum = (r: Record<string, number>, keys: string[]) => round1(keys.reduce((s, k) => s + (r[k] ?? 0), 0));

function rows(empty: PhaseResult, scale: PhaseResult): Row[] {
  const out: Row[] = [];
  const ratio = (a: number, b: number) => `${(b / a).toFixed(2)}×`;
  const emptyList = empty.list['small workspace']!;
  const emptyListUnpaid = empty.list['small workspace, status=unpaid']!;
  const listTarget = (label: string, limit: number) => {
    const r = scale.list[label]!;
    const base = label.includes('unpaid') ? emptyListUnpaid : emptyList;
    out.push({
      figure: `list p99, ${label}`,
      empty: `${base.p99_ms} ms`,
      scale: `${r.p99_ms} ms (p50 ${r.p50_ms})`,
      ratio: ratio(base.p99_ms, r.p99_ms),
      target: `< ${limit} ms`,
      pass: r.p99_ms < limit && r.errors === 0,
    });
  };
  listTarget(`${params.medium}-invoice workspace`, 100);
  listTarget(`${params.medium}-invoice workspace, status=unpaid`, 100);
  listTarget(`${params.big}-invoice workspace`, 300);
  listTarget(`${params.big}-invoice workspace, status=unpaid`, 300);
  const deep = scale.list[`${params.big}-invoice workspace, page 40`]!;
  out.push({
    figure: `list p99, ${params.big}-invoice workspace, page 40`,
    empty: '',
    scale: `${deep.p99_ms} ms (p50 ${deep.p50_ms})`,
    ratio: ratio(emptyList.p99_ms, deep.p99_ms),
    target: '(skip costs what it skips)',
    pass: null,
  });
  for (const level of ['c1', 'c4']) {
    const a = empty.generate[level]!;
    const b = scale.generate[level]!;
    out.push({
      figure: `generate p50, concurrency ${level.slice(1)}`,
      empty: `${a.p50_ms} ms (p99 ${a.p99_ms})`,
      scale: `${b.p50_ms} ms (p99 ${b.p99_ms})`,
      ratio: ratio(a.p50_ms, b.p50_ms),
      target: '≤ 1.20×',
      pass: b.p50_ms / a.p50_ms <= 1.2 && b.errors === 0,
    });
  }
  out.push({
    figure: `GET p99 at ${params.get_rate}/s`,
    empty: `${empty.get.p99_ms} ms`,
    scale: `${scale.get.p99_ms} ms (p50 ${scale.get.p50_ms})`,
    ratio: ratio(empty.get.p99_ms, scale.get.p99_ms),
    target: '< 20 ms',
    pass: scale.get.p99_ms < 20 && scale.get.errors === 0,
  });
  out.push({
    figure: `overdue pass, ${params.due} due`,
    empty: `${empty.overdue_pass.ms} ms`,
    scale: `${scale.overdue_pass.ms} ms (${scale.overdue_pass.marked} marked)`,
    ratio: ratio(empty.overdue_pass.ms, scale.overdue_pass.ms),
    target: '< 1000 ms',
    pass: scale.overdue_pass.ms < 1000 && scale.overdue_pass.marked === params.due,
  });
  for (const [label, parts] of [
    ['idle CPU, stack (FerretDB, Kafka, Redis, SMTP)', stackParts],
    ['idle CPU, stack + services', [...stackParts, ...serviceParts]],
  ] as const) {
    const a = sum(empty.idle_cpu_percent, [...parts]);
    const b = sum(scale.idle_cpu_percent, [...parts]);
    out.push({
      figure: label,
      empty: `${a}%`,
      scale: `${b}% (${parts.map((p) => `${p} ${scale.idle_cpu_percent[p] ?? 0}`).join(', ')})`,
      ratio: a > 0 ? ratio(a, b) : '',
      target: parts === stackParts ? '< 5% of one core' : '',
      pass: parts === stackParts ? b < 5 : null,
    });
  }
  return out;
}

function requireStack(): void {
  try {
    execFileSync('bash', [path.join(repoRoot, 'deploy/local/stack.sh'), 'status'], { stdio: 'ignore' });
  } catch {
    throw new Error('the local stack is not up: bash deploy/local/stack.sh up');
  }
}

let platform: Platform | undefined;
try {
  requireStack();
  platform = new Platform({
    invoices: true,
    gatewayEnv: { RATE_LIMIT_PLANS: '{"enterprise":1000000}', RATE_LIMIT_PER_IP: '1000000' },
    // The benchmark runs the overdue pass itself, once per phase.
    invoiceEnv: { OVERDUE_SWEEP_INTERVAL_MS: '86400000' },
  });
  progress('starting accounts, invoice, pdf and gateway');
  await platform.start();
  await platform.waitReady();
  const services = serviceParts.map((name) => {
    const pid = findChild(process.pid, `services/${name}/src/main.ts`);
    if (!pid) throw new Error(`no ${name} process among this process's children`);
    return { name, pid };
  });
  const apis = {
    gen: await platform.client('enterprise', 100_000),
    big: await platform.client('enterprise', 'unlimited'),
    medium: await platform.client('enterprise', 'unlimited'),
  };
  const ids: string[] = [];
  const dbName = `invoice_test_${platform.runId}`;
  let seeding: Awaited<ReturnType<typeof Seeder.open>> | undefined;
  const seeder = async () => {
    seeding ??= await Seeder.open(platform!.stack.MONGODB_URI!, dbName, ids[0]!);
    return seeding.seeder;
  };
  // The first requests after a start pay for JIT, pools and Chromium's launch; the empty phase
  // would look slower than the full one without this.
  progress('warming up');
  await generateLatency(apis.gen, ids, false);
  await listLatency(apis.gen, '');
  await getLatency(apis.gen, ids);
  await settle();
  const empty = await measurePhase(
    'empty',
    platform,
    apis,
    ids,
    async () => (await seeder()).invoices('WSDUEEMPTY', params.due, true),
    services,
  );

  progress(`seeding ${params.invoices} invoices of ${params.workspaces} workspaces`);
  const seedStart = performance.now();
  const s = await seeder();
  await s.invoices(apis.big.workspaceId, params.big);
  await s.invoices(apis.medium.workspaceId, params.medium);
  const others = params.workspaces - 2;
  const rest = params.invoices - params.big - params.medium;
  for (let w = 0; w < others; w++) {
    const count = Math.floor(rest / others) + (w < rest % others ? 1 : 0);
    await s.invoices(`WSSCALE${String(w).padStart(3, '0')}`, count);
    if (w % 10 === 9) progress(`  ${w + 1} of ${others} other workspaces`);
  }
  const seedSeconds = round1((performance.now() - seedStart) / 1000);
  progress(`seeded in ${seedSeconds} s`);

  const scale = await measurePhase(
    '100k',
    platform,
    apis,
    ids,
    () => s.invoices('WSDUESCALE', params.due, true),
    services,
  );
  await seeding?.close();

  const table = rows(empty, scale);
  const report = { date: new Date().toISOString(), params, seed_seconds: seedSeconds, empty, scale, targets: table };
  const out = path.join(repoRoot, '.local/bench/scale-latest.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\nInvoice platform at scale — ${report.date} — ${params.invoices} invoices, ${params.workspaces} workspaces`,
  );
  const width = (k: 'figure' | 'empty' | 'scale' | 'ratio' | 'target') =>
    Math.max(k.length, ...table.map((r) => r[k].length));
  console.log(
    `  ${'figure'.padEnd(width('figure'))}  ${'empty'.padEnd(width('empty'))}  ${'100k'.padEnd(width('scale'))}  ` +
      `${'ratio'.padEnd(width('ratio'))}  ${'target'.padEnd(width('target'))}`,
  );
  for (const r of table) {
    console.log(
      `  ${r.figure.padEnd(width('figure'))}  ${r.empty.padEnd(width('empty'))}  ${r.scale.padEnd(width('scale'))}  ` +
        `${r.ratio.padEnd(width('ratio'))}  ${r.target.padEnd(width('target'))}  ${r.pass === null ? '' : r.pass ? 'PASS' : 'MISS'}`,
    );
  }
  console.log(`\nJSON: ${path.relative(repoRoot, out)}`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await platform?.stop();
}
