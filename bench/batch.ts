/**
 * Month-end batch benchmark (docs/benchmarks.md, docs/scaling.md): N recurring series fall due at
 * the same instant on the test clock, and the time until every follow-up is generated, has its PDF
 * and is emailed, with 1 and with 2 copies of every service, in one run.
 *
 *   pnpm bench:batch [--series 10000] [--replicas 1,2] [--workspaces 20] [--timeout-minutes 180]
 *
 * Needs the local stack up (bash deploy/local/stack.sh up); for each replica count it starts its
 * own platform (test/support/platform.ts, databases of its own) with that many copies of every
 * service, the recurring scheduler passing every second. Each workspace gets one generated
 * invoice, and the series copy it: they are made with RecurringService.CreateSeries, the call the
 * invoice service makes for a recurring generate, monthly with two occurrences, all anchored at
 * one instant, so their second occurrence comes due at once when the clock moves a month on. Then
 * it measures until the schedulers have sent every follow-up, and checks each one exactly once
 * (one invoice per occurrence in the invoice database, one email per occurrence at the SMTP sink).
 * CPU-seconds are the whole machine's busy time over the batch, by component.
 *
 * Prints a table and writes JSON to .local/bench/batch-latest.json. The exit code is 0 unless
 * something failed to run or a follow-up was lost or doubled.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createUnaryClient } from '../services/common/src/grpc/client.ts';
import { newId } from '../services/common/src/ids.ts';
import { createLogger } from '../services/common/src/logger.ts';
import { connectMongo } from '../services/common/src/mongo.ts';
import { platformService } from '../services/common/src/services.ts';
import { MailSink } from '../test/support/mail.ts';
import { scrapeMetrics, selectSamples, sumSamples } from '../test/support/metrics.ts';
import { type Copy, Platform, repoRoot } from '../test/support/platform.ts';
import { CpuTracker, type CpuUse } from './lib/cpu.ts';
import { round1 } from './lib/load.ts';
import { scanProcs } from './lib/proc.ts';

const { values: args } = parseArgs({
  options: {
    series: { type: 'string', default: '10000' },
    replicas: { type: 'string', default: '1,2' },
    workspaces: { type: 'string', default: '20' },
    'timeout-minutes': { type: 'string', default: '180' },
  },
});
const params = {
  series: Number(args.series),
  replicas: args.replicas.split(',').map(Number),
  workspaces: Number(args.workspaces),
  timeout_minutes: Number(args['timeout-minutes']),
};
if (!(params.series > 0) || params.replicas.some((r) => !(r >= 1 && r <= 6)) || !(params.workspaces > 0)) {
  console.error('usage: pnpm bench:batch [--series N] [--replicas 1,2] [--workspaces N] [--timeout-minutes N]');
  process.exit(2);
}

const began = performance.now();
const progress = (msg: string) => console.error(`[${((performance.now() - began) / 1000).toFixed(0)} s] ${msg}`);
const runTag = `batch${Date.now().toString(36)}`;
const silent = createLogger('bench-batch', 'silent');

/** The instant every series is anchored at; its second occurrence is a month on. */
const anchor = new Date(Date.UTC(2031, 0, 15, 9, 0, 0));
const due = new Date(Date.UTC(2031, 1, 15, 12, 0, 0));

interface CopyWork {
  copy: string;
  follow_ups_sent: number;
  renders: number;
  generates: number;
}

interface BatchRun {
  replicas: number;
  series: number;
  seed_seconds: number;
  /** From the clock's move to the last follow-up emailed. */
  seconds: number;
  /** Seconds until half of them were emailed. */
  half_seconds: number;
  follow_ups_per_second: number;
  follow_ups_per_second_per_replica: number;
  cpu_seconds: number;
  cpu_seconds_per_follow_up: number;
  cpu: CpuUse;
  copies: CopyWork[];
  checks: {
    invoices: number;
    doubled_invoices: number;
    emails: number;
    doubled_emails: number;
    failed_attempts: number;
  };
}

function requireStack(): void {
  try {
    execFileSync('bash', [path.join(repoRoot, 'deploy/local/stack.sh'), 'status'], { stdio: 'ignore' });
  } catch {
    throw new Error('the local stack is not up: bash deploy/local/stack.sh up');
  }
}

const metric = async (copy: Copy, name: string, labels: Record<string, string> = {}) =>
  sumSamples(selectSamples(await scrapeMetrics(copy.process.metricsUrl!), name, labels));

async function run(replicas: number): Promise<BatchRun> {
  const platform = new Platform({
    invoices: true,
    recurring: true,
    replicas,
    recurringEnv: { SCHEDULER_INTERVAL_MS: '1000' },
    invoiceEnv: { OVERDUE_SWEEP_INTERVAL_MS: '86400000' },
    gatewayEnv: { RATE_LIMIT_PLANS: '{"enterprise":100000000}', RATE_LIMIT_PER_IP: '100000000' },
  });
  // Each run's addresses are its own: the SMTP sink keeps every run's mail.
  const tag = `${runTag}r${replicas}`;
  try {
    progress(`${replicas} ${replicas === 1 ? 'copy' : 'copies'} of every service: starting`);
    await platform.start();
    // One source invoice per workspace: the content every follow-up of its series copies.
    const sources: { workspaceId: string; id: string; number: string }[] = [];
    for (let w = 0; w < params.workspaces; w++) {
      const api = await platform.client('enterprise', 'unlimited', { name: `Batch ${w}` });
      const res = await api.call<{ data: { id: string; invoice_number: string } }>(
        'POST',
        '/api/invoices/generate-external',
        {
          body: {
            customer_name: `PT Batch ${w}`,
            customer_email: `${tag}-${w}@example.test`,
            currency: 'IDR',
            tax_rate: 11,
            items: [
              { description: 'Monthly retainer', quantity: 1, price: 2750000 },
              { description: 'Hosting', quantity: 1, price: 450000, tax_rate: 0 },
            ],
          },
        },
      );
      if (res.status !== 200) throw new Error(`source invoice: ${res.status} ${res.text}`);
      sources.push({ workspaceId: api.workspaceId, id: res.body.data.id, number: res.body.data.invoice_number });
    }
    progress(`seeding ${params.series} series over ${params.workspaces} workspaces`);
    const seedStart = performance.now();
    const recurring = createUnaryClient(platformService('recurring'), platform.copies('recurring')[0]!.address, 30_000);
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < params.series) {
          const i = next++;
          const source = sources[i % sources.length]!;
          await recurring.call('CreateSeries', {
            workspace_id: source.workspaceId,
            series_id: newId('rs'),
            source_invoice_id: source.id,
            invoice_number: source.number,
            frequency: 'monthly',
            count: 2,
            anchor_date: anchor.toISOString(),
            first_due_date: '2031-01-29',
            customer_name: `PT Batch ${i % sources.length}`,
            customer_email: `${tag}-s${i}@example.test`,
            currency: 'IDR',
            amount: '3502500',
            document_language: 'en',
            time_zone: 'UTC',
          });
          if ((i + 1) % 2000 === 0) progress(`  ${i + 1} series`);
        }
      }),
    );
    recurring.close();
    const seedSeconds = round1((performance.now() - seedStart) / 1000);

    const copies = [...platform.copies('recurring'), ...platform.copies('pdf'), ...platform.copies('invoice')];
    const roots = [
      ...['gateway', 'accounts', 'invoice', 'pdf', 'recurring'].flatMap((s) =>
        platform.copies(s as Copy['service']).map((c) => ({ name: `${s}#${c.replica}`, pid: c.process.pid! })),
      ),
    ];
    const tracker = new CpuTracker(process.pid, roots);
    tracker.sample(scanProcs());
    tracker.mark('batch');
    const sentNow = async () => {
      let sent = 0;
      for (const c of platform.copies('recurring'))
        sent += await metric(c, 'invoice_platform_recurring_follow_ups_total', { outcome: 'sent' });
      return sent;
    };
    progress(`moving the clock to ${due.toISOString()}: ${params.series} follow-ups come due at once`);
    const t0 = performance.now();
    await platform.setRecurringClock(due.toISOString());
    let half = 0;
    const deadline = t0 + params.timeout_minutes * 60_000;
    let lastReport = 0;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      tracker.sample(scanProcs());
      const sent = await sentNow();
      if (!half && sent >= params.series / 2) half = (performance.now() - t0) / 1000;
      if (performance.now() - lastReport > 60_000) {
        lastReport = performance.now();
        progress(`  ${sent} of ${params.series} follow-ups sent`);
      }
      if (sent >= params.series) break;
      if (performance.now() > deadline)
        throw new Error(`only ${sent} of ${params.series} follow-ups after the timeout`);
    }
    const seconds = (performance.now() - t0) / 1000;
    tracker.sample(scanProcs());
    tracker.mark('end');
    const cpu = tracker.result();
    // The platform's and the stack's, not this driver's (it only polls), the SMTP sink's (the
    // test's mail server, an outside provider in production) nor anything else's.
    const cpuSeconds = round1(
      Object.entries(cpu.cpu_s)
        .filter(([label]) => !['other', 'driver', 'sampler', 'smtp-sink'].includes(label))
        .reduce((a, [, s]) => a + s, 0),
    );

    const work: CopyWork[] = [];
    for (const c of copies)
      work.push({
        copy: `${c.service}#${c.replica}`,
        follow_ups_sent:
          c.service === 'recurring'
            ? await metric(c, 'invoice_platform_recurring_follow_ups_total', { outcome: 'sent' })
            : 0,
        renders: c.service === 'pdf' ? await metric(c, 'invoice_platform_pdf_render_duration_seconds_count') : 0,
        generates:
          c.service === 'invoice'
            ? await metric(c, 'rpc_server_call_duration_seconds_count', {
                rpc_method: 'invoiceplatform.invoice.v1.InvoiceService/GenerateInvoice',
                rpc_status_code: 'OK',
              })
            : 0,
      });
    let failedAttempts = 0;
    for (const c of platform.copies('recurring'))
      failedAttempts += await metric(c, 'invoice_platform_recurring_follow_ups_total', { outcome: 'failed' });

    // Exactly once: one invoice per occurrence, one email per occurrence (copies of one email
    // would share its Message-ID).
    const invoiceDb = await connectMongo(platform.stack.MONGODB_URI!, `invoice_test_${platform.runId}`, silent);
    let invoices = 0;
    let doubledInvoices = 0;
    try {
      const groups = await invoiceDb
        .collection('invoices')
        .aggregate<{ n: number }>([
          { $match: { series_id: { $ne: null }, occurrence_date: { $ne: null } } },
          { $group: { _id: { s: '$series_id', d: '$occurrence_date' }, n: { $sum: 1 } } },
        ])
        .toArray();
      invoices = groups.length;
      doubledInvoices = groups.filter((g) => g.n > 1).length;
    } finally {
      await invoiceDb.close();
    }
    const mail = (await new MailSink().list()).filter((m) => m.to.some((to) => to.startsWith(`${tag}-s`)));
    const byId = new Map<string, number>();
    for (const m of mail) byId.set(m.message_id ?? m.id, (byId.get(m.message_id ?? m.id) ?? 0) + 1);
    const checks = {
      invoices,
      doubled_invoices: doubledInvoices,
      emails: byId.size,
      doubled_emails: [...byId.values()].filter((n) => n > 1).length,
      failed_attempts: failedAttempts,
    };
    const rate = params.series / seconds;
    return {
      replicas,
      series: params.series,
      seed_seconds: seedSeconds,
      seconds: round1(seconds),
      half_seconds: round1(half),
      follow_ups_per_second: round1(rate),
      follow_ups_per_second_per_replica: round1(rate / replicas),
      cpu_seconds: cpuSeconds,
      cpu_seconds_per_follow_up: Math.round((cpuSeconds / params.series) * 1000) / 1000,
      cpu,
      copies: work,
      checks,
    };
  } finally {
    await platform.stop();
  }
}

try {
  requireStack();
  const runs: BatchRun[] = [];
  for (const replicas of params.replicas) runs.push(await run(replicas));
  const report = { date: new Date().toISOString(), params, runs };
  const out = path.join(repoRoot, '.local/bench/batch-latest.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(
    out.replace('latest', `run-${report.date.replace(/[:.]/g, '-')}`),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  console.log(
    `\nMonth-end batch — ${report.date} — ${params.series} series due at once, ${params.workspaces} workspaces`,
  );
  console.log(
    '| copies of each service | until every follow-up was emailed | half | follow-ups/s | per copy | CPU-s per follow-up | invoices (doubled) | emails (doubled) |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of runs)
    console.log(
      `| ${r.replicas} | ${r.seconds} s | ${r.half_seconds} s | ${r.follow_ups_per_second} | ${r.follow_ups_per_second_per_replica} | ${r.cpu_seconds_per_follow_up} | ${r.checks.invoices} (${r.checks.doubled_invoices}) | ${r.checks.emails} (${r.checks.doubled_emails}) |`,
    );
  for (const r of runs) {
    console.log(`\n${r.replicas} ${r.replicas === 1 ? 'copy' : 'copies'}: CPU-seconds over the batch by component`);
    console.log(
      Object.entries(r.cpu.cpu_s)
        .filter(([, s]) => s >= 0.1)
        .sort((a, b) => b[1] - a[1])
        .map(([k, s]) => `${k} ${s}`)
        .join(', '),
    );
    console.log(
      `work by copy: ${r.copies.map((c) => `${c.copy} ${c.follow_ups_sent || c.renders || c.generates}`).join(', ')}`,
    );
  }
  console.log(`\nJSON: ${path.relative(repoRoot, out)}`);
  const broken = runs.some(
    (r) =>
      r.checks.invoices !== r.series ||
      r.checks.doubled_invoices > 0 ||
      r.checks.emails !== r.series ||
      r.checks.doubled_emails > 0,
  );
  if (broken) {
    console.error('a follow-up was lost or doubled');
    process.exitCode = 1;
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
}
