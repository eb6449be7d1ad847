/**
 * Platform benchmark (docs/benchmarks.md): raw Chromium as the floor, the pdf service's render
 * path, generate through the whole stack, reads at a fixed rate, and the peak memory of every
 * service, all in one run against the local stack.
 *
 *   pnpm bench [--renders 100] [--requests 60] [--get-rate 100] [--get-seconds 10]
 *              [--chromium /usr/bin/chromium] [--quiet-wait 60] [--revocations 20] [--profile]
 *
 * Needs the local stack up (bash deploy/local/stack.sh up); starts its own service processes.
 * Prints a report and writes it as JSON to .local/bench/latest.json (and run-<date>.json). The
 * targets are goals, not assertions: the exit code is 0 unless something failed to run.
 * --profile also takes a CPU profile of each service per phase (.local/bench/profile-<date>/),
 * which inflates every CPU and latency figure of that run.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createUnaryClient } from '../services/common/src/grpc/client.ts';
import { loadService } from '../services/common/src/grpc/protos.ts';
import { sampleRenderRequest } from '../services/pdf/src/domain/sample.ts';
import { serviceDefaultTemplateId } from '../services/pdf/src/domain/templates.ts';
import { type ApiClient, Platform, repoRoot, request } from '../test/support/platform.ts';
import { RawChromium, ServiceRenderer } from './lib/chromium.ts';
import { type CpuPhase, CpuTracker, type CpuUse } from './lib/cpu.ts';
import { queryTimes } from './lib/ferretdb.ts';
import { closedLoop, type LoadResult, openLoop, type OpenLoopResult, percentile, round1 } from './lib/load.ts';
import type { Peak } from './lib/memory.ts';
import { findChild, scanProcs } from './lib/proc.ts';
import { PhaseProfiler, type ProfileSummary } from './lib/profiler.ts';
import { RoundTrips, type Traffic } from './lib/round-trips.ts';
import { cadence, Sampler } from './lib/sampler.ts';
import { germanSeller } from '../test/support/e-invoice.ts';

const { values: args } = parseArgs({
  options: {
    renders: { type: 'string', default: '100' },
    requests: { type: 'string', default: '60' },
    'get-rate': { type: 'string', default: '100' },
    'get-seconds': { type: 'string', default: '10' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    'quiet-wait': { type: 'string', default: '60' },
    revocations: { type: 'string', default: '20' },
    profile: { type: 'boolean', default: false },
  },
});
const params = {
  renders: Number(args.renders),
  /** Unmeasured renders before each render loop (jsreport workers, page caches, JIT). */
  warm_renders: 10,
  requests: Number(args.requests),
  get_rate: Number(args['get-rate']),
  get_seconds: Number(args['get-seconds']),
  revocations: Number(args.revocations),
};
const chromiumPath = args.chromium;
const renderRequest = sampleRenderRequest({ workspace_id: 'WSBENCH001', template_id: serviceDefaultTemplateId });

const serviceNames = ['accounts', 'invoice', 'pdf', 'gateway'];
const concurrencies = [1, 2, 4];
const generatePhases = concurrencies.map((c) => `generate c=${c}`);
const getPhase = `GET ${params.get_rate}/s`;
/** Phases of the tables and the profiles: not the unmeasured setup and warm-ups in between. */
const measured = (phase: string) => phase !== 'setup' && !phase.endsWith('warm-up');

const began = performance.now();
const progress = (msg: string) => console.error(`[${((performance.now() - began) / 1000).toFixed(0)} s] ${msg}`);

/** Ends the current phase and starts `phase`, for the sampler, the round trips and the profiles alike. */
type Mark = (phase: string) => Promise<void>;

interface RenderLoops {
  sequential: LoadResult;
  concurrency2: LoadResult;
}

async function renderLoops(once: () => Promise<unknown>): Promise<RenderLoops> {
  for (let i = 0; i < params.warm_renders; i++) await once();
  const sequential = await closedLoop(1, params.renders, once);
  const concurrency2 = await closedLoop(2, params.renders, once);
  return { sequential, concurrency2 };
}

/**
 * 1. The floor, plain puppeteer-core printing the service's own HTML on warm pages; and the
 * service's renderer in this process (render-bench's "service path"), which tells the render
 * path's cost apart from gRPC and the GridFS store.
 */
async function renderFloor(mark: Mark) {
  await mark('setup');
  const service = await ServiceRenderer.start(chromiumPath, renderRequest);
  let html: string;
  let inProcess: RenderLoops;
  try {
    html = await service.html();
    await mark('renderer in-process');
    inProcess = await renderLoops(() => service.render());
    await mark('setup');
  } finally {
    await service.close();
  }
  const raw = await RawChromium.launch(chromiumPath, 2);
  try {
    const chromium = await raw.version();
    await mark('raw Chromium');
    const loops = await renderLoops(() => raw.print(html));
    await mark('setup');
    return { chromium, html_bytes: html.length, raw: loops, in_process: inProcess };
  } finally {
    await raw.close();
  }
}

/** 2. gRPC Render on the started pdf process: validation, templating, print and GridFS store. */
async function pdfRender(platform: Platform) {
  const client = createUnaryClient(
    loadService('invoiceplatform/pdf/v1/pdf.proto', 'invoiceplatform.pdf.v1.PdfService'),
    platform.pdfAddr,
    30_000,
  );
  const renderMs: number[] = [];
  try {
    const loops = await renderLoops(async () => {
      const res = await client.call<{ render_ms: number }>('Render', renderRequest);
      renderMs.push(Number(res.render_ms));
    });
    // The service's own clock (validate → template → print → store) over the sequential loop.
    const sequentialMs = renderMs
      .slice(params.warm_renders, params.warm_renders + params.renders)
      .sort((a, b) => a - b);
    return { ...loops, service_render_ms_p50: sequentialMs[Math.floor(sequentialMs.length / 2)]! };
  } finally {
    client.close();
  }
}

/** Close to the sample document the render phases print: three lines, tax, notes, footer. */
const generateBody = {
  customer_name: 'PT Sinar Terang',
  customer_email: 'finance@sinarterang.example',
  customer_tax_id: '09.876.543.2-109.000',
  currency: 'IDR',
  tax_rate: 11,
  items: [
    { description: 'Brand identity design', quantity: 1, price: 1000000, unit: 'project' },
    { description: 'Website maintenance', quantity: 2.5, price: 200000, discount: 50000, unit: 'hours' },
    { description: 'Stock photo licence', quantity: 3, price: 50000, tax_rate: 0 },
  ],
  notes: 'Thank you for your business.',
  custom_payment_notes: 'Please quote the invoice number with your transfer.',
  footer_text: 'Maju Jaya Studio · Jakarta · majujaya.example',
};

/** 3. POST generate-external through the gateway at concurrency 1, 2 and 4; returns the new ids too. */
async function generate(api: ApiClient, mark: Mark) {
  const ids: string[] = [];
  const once = async () => {
    const res = await api.call<{ data: { id: string } }>('POST', '/api/invoices/generate-external', {
      body: generateBody,
    });
    if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text.slice(0, 200)}`);
    ids.push(res.body.data.id);
  };
  const levels: Record<string, LoadResult> = {};
  for (const c of concurrencies) {
    await mark(`generate c=${c} warm-up`);
    await closedLoop(c, Math.max(4, 2 * c), once);
    await mark(`generate c=${c}`);
    levels[`c${c}`] = await closedLoop(c, params.requests, once);
    progress(`  concurrency ${c}: p50 ${levels[`c${c}`]!.p50_ms} ms`);
  }
  return { levels, ids };
}

/**
 * 3b. The same generate with `e_invoice: factur-x` (a German seller and buyer) against the plain
 * one, alternating one of each so both see the same machine: the XML, and the PDF/A-3b update of
 * the printed file, are all it adds (docs/e-invoicing.md).
 */
async function generateFacturX(platform: Platform, api: ApiClient) {
  const profile = await platform.admin('PUT', `/workspaces/${api.workspaceId}/legal-profile`, germanSeller);
  if (profile.status !== 200) throw new Error(`legal profile: ${profile.status}`);
  const facturX = {
    ...generateBody,
    currency: 'EUR',
    customer_address: { line1: 'Hauptstraße 5', city: 'München', postal_code: '80331', country: 'DE' },
    e_invoice: 'factur-x',
  };
  const time = async (body: object) => {
    const start = performance.now();
    const res = await api.call('POST', '/api/invoices/generate-external', { body });
    if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text.slice(0, 300)}`);
    return performance.now() - start;
  };
  const plain: number[] = [];
  const withXml: number[] = [];
  for (let i = 0; i < 4; i++) await Promise.all([time(generateBody), time(facturX)]);
  for (let i = 0; i < params.requests; i++) {
    plain.push(await time(generateBody));
    withXml.push(await time(facturX));
  }
  const p50 = (xs: number[]) => round1([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
  return { requests: params.requests, plain_p50_ms: p50(plain), factur_x_p50_ms: p50(withXml) };
}

/** 4. GET one invoice at a fixed rate, cycling through the generated ones. */
function reads(api: ApiClient, ids: string[]): Promise<OpenLoopResult> {
  return openLoop(params.get_rate, params.get_seconds, async (i) => {
    const res = await api.call('GET', `/api/invoices/external/${ids[i % ids.length]}`);
    if (res.status !== 200) throw new Error(`get: ${res.status} ${res.text.slice(0, 200)}`);
  });
}

/**
 * 5. How long a key revoked through one gateway stays usable at a second one whose cache would
 * keep it for 10 minutes: the accounts outbox, Kafka and the replica's workspace.v1 consumer.
 */
async function revocation(platform: Platform, replicaEnv: Record<string, string>): Promise<LoadResult> {
  const replica = await platform.startGateway({ AUTH_CACHE_TTL_MS: '600000', ...replicaEnv });
  const latencies: number[] = [];
  const errorSamples = new Set<string>();
  let errors = 0;
  const started = performance.now();
  for (let i = 0; i < params.revocations; i++) {
    const api = await platform.client('business');
    const onReplica = () =>
      request(replica.baseUrl, 'GET', '/api/invoices/external/templates', {
        key: api.key,
        ip: api.ip,
      });
    const before = await onReplica();
    if (before.status === 403) throw new Error(`the replica refused the key before its revocation: ${before.text}`);
    const revoke = await platform.admin('DELETE', `/workspaces/${api.workspaceId}/api-keys/${api.keyId}`);
    if (revoke.status !== 200) throw new Error(`revoke: ${revoke.status}`);
    const revokedAt = performance.now();
    for (;;) {
      if ((await onReplica()).status === 403) break;
      if (performance.now() - revokedAt > 30_000) {
        errors++;
        if (errorSamples.size < 3) errorSamples.add('still accepted 30 s after the revocation');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    latencies.push(performance.now() - revokedAt);
  }
  const sorted = latencies.sort((a, b) => a - b);
  const seconds = (performance.now() - started) / 1000;
  return {
    count: sorted.length,
    errors,
    errorSamples: [...errorSamples],
    p50_ms: round1(percentile(sorted, 0.5)),
    p99_ms: round1(percentile(sorted, 0.99)),
    max_ms: round1(sorted.at(-1)!),
    per_s: round1(sorted.length / seconds),
    seconds: round1(seconds),
  };
}

function machine() {
  const cpus = os.cpus();
  let commit = 'unknown';
  try {
    // Others commit while a run goes on: say which code ran, and whether services/ had edits.
    commit = execFileSync('git', ['describe', '--always', '--dirty', '--exclude', '*'], {
      cwd: repoRoot,
      encoding: 'utf8',
    }).trim();
  } catch {
    // not a git checkout
  }
  return {
    cpus: cpus.length,
    cpu_model: cpus[0]?.model ?? 'unknown',
    mem_total_mib: Math.round(os.totalmem() / 1024 / 1024),
    kernel: os.release(),
    node: process.version,
    commit,
  };
}

interface Target {
  figure: string;
  target: string;
  measured: string;
  pass: boolean;
}

const mib = (kb: number) => round1(kb / 1024);

function evaluate(
  floor: Awaited<ReturnType<typeof renderFloor>>,
  pdf: Awaited<ReturnType<typeof pdfRender>>,
  gen: Record<string, LoadResult>,
  get: OpenLoopResult,
  revoked: LoadResult,
  memory: Record<string, Peak>,
  facturX: Awaited<ReturnType<typeof generateFacturX>>,
  cpu: CpuUse,
  cpuPerOp: ReturnType<typeof cpuPerOperation>,
): Target[] {
  const raw = floor.raw;
  const rawP50 = raw.sequential.p50_ms;
  const latency = (figure: string, r: RenderLoops): Target => {
    const ratio = r.sequential.p50_ms / rawP50;
    return {
      figure,
      target: '≤ 1.30x',
      measured: `${ratio.toFixed(2)}x (${r.sequential.p50_ms} / ${rawP50} ms)`,
      pass: ratio <= 1.3,
    };
  };
  const throughput = (figure: string, r: RenderLoops): Target => {
    const ratio = r.concurrency2.per_s / raw.concurrency2.per_s;
    return {
      figure,
      target: '≥ 0.80x',
      measured: `${ratio.toFixed(2)}x (${r.concurrency2.per_s} / ${raw.concurrency2.per_s} PDF/s)`,
      pass: ratio >= 0.8,
    };
  };
  const genP50 = gen.c1!.p50_ms;
  const targets: Target[] = [
    latency('pdf gRPC Render p50 / raw p50', pdf),
    throughput('pdf gRPC Render c=2 / raw 2 pages', pdf),
    latency('  renderer in-process p50 / raw p50', floor.in_process),
    throughput('  renderer in-process c=2 / raw 2 pages', floor.in_process),
    {
      figure: 'generate p50 (c=1) − raw p50',
      target: '≤ +50 ms',
      measured: `+${(genP50 - rawP50).toFixed(1)} ms (${genP50} ms = ${(genP50 / rawP50).toFixed(2)}x raw)`,
      pass: genP50 - rawP50 <= 50,
    },
    {
      figure: 'generate factur-x p50 / plain generate p50',
      target: '≤ 1.30x',
      measured: `${(facturX.factur_x_p50_ms / facturX.plain_p50_ms).toFixed(2)}x (${facturX.factur_x_p50_ms} / ${facturX.plain_p50_ms} ms)`,
      pass: facturX.factur_x_p50_ms / facturX.plain_p50_ms <= 1.3,
    },
    {
      figure: `GET invoice p99 at ${params.get_rate}/s`,
      target: '< 20 ms',
      measured: `${get.p99_ms} ms (p50 ${get.p50_ms} ms, ${get.per_s}/s achieved, ${get.errors} errors)`,
      pass: get.p99_ms < 20 && get.errors === 0,
    },
    {
      figure: 'revoked key refused by a second gateway, max',
      target: '< 1 s',
      measured: `${revoked.max_ms} ms (p50 ${revoked.p50_ms} ms, ${revoked.count} keys, ${revoked.errors} errors)`,
      pass: revoked.max_ms < 1000 && revoked.errors === 0,
    },
  ];
  for (const name of ['accounts', 'invoice', 'gateway']) {
    const peak = memory[name]!.peak_rss_kb;
    targets.push({
      figure: `${name} peak RSS`,
      target: '< 200 MiB',
      measured: `${mib(peak)} MiB`,
      pass: peak < 200 * 1024,
    });
  }
  const pdfPeak = memory.pdf!;
  targets.push({
    figure: 'pdf + Chromium peak PSS',
    target: '< 700 MiB',
    measured: `${mib(pdfPeak.peak_pss_kb)} MiB (${pdfPeak.max_processes} processes)`,
    pass: pdfPeak.peak_pss_kb < 700 * 1024,
  });
  const { print_ms: printMs, generate: perGenerate, get: perGet } = cpuPerOp;
  targets.push(
    {
      figure: 'platform CPU beyond the print per generate / print CPU per PDF',
      target: '≤ 0.40x',
      measured: `${perGenerate.ratio_to_print.toFixed(2)}x (${round1(perGenerate.total_ms - printMs)} / ${printMs} ms)`,
      pass: perGenerate.ratio_to_print <= 0.4,
    },
    {
      figure: 'CPU per GET, all processes / print CPU per PDF',
      target: '≤ 0.04x',
      measured: `${perGet.ratio_to_print.toFixed(3)}x (${perGet.total_ms} / ${printMs} ms)`,
      pass: perGet.ratio_to_print <= 0.04,
    },
  );
  const samplerPct = (100 * (cpu.cpu_s.sampler ?? 0)) / cpu.seconds;
  targets.push({
    figure: 'bench sampler CPU, whole run',
    target: '< 5% of a core',
    measured: `${samplerPct.toFixed(1)}% (${cpu.cpu_s.sampler} CPU-s in ${cpu.seconds} s)`,
    pass: samplerPct < 5,
  });
  return targets;
}

const ms = (x: number) => `${x.toFixed(1).padStart(7)} ms`;
const loadLine = (label: string, r: LoadResult, unit: string) =>
  `  ${label.padEnd(24)} n=${String(r.count).padEnd(5)} p50 ${ms(r.p50_ms)}  p99 ${ms(r.p99_ms)}  max ${ms(r.max_ms)}` +
  `  ${r.per_s.toFixed(1).padStart(6)} ${unit}` +
  (r.errors ? `  ERRORS ${r.errors}: ${r.errorSamples.join(' | ')}` : '');

type Report = Awaited<ReturnType<typeof measure>>;

const componentOrder = ['driver', 'sampler', 'gateway', 'accounts', 'invoice', 'pdf', 'kafka', 'ferretdb', 'redis'];

/**
 * Per phase, each component's CPU as % of one core; then, for phases of known size, CPU
 * milliseconds per operation: what one render, generate or read costs each process.
 */
function printCpu(cpu: CpuUse, opsByPhase: Record<string, number>): void {
  const phases = cpu.phases.filter((p) => measured(p.phase));
  const seen = new Set(phases.flatMap((p) => Object.keys(p.cpu_s)));
  const columns = [
    ...componentOrder.filter((c) => seen.has(c)),
    ...[...seen].filter((c) => !componentOrder.includes(c) && c !== 'other' && c !== 'unattributed').sort(),
    'other',
    'unattributed',
  ];
  const label = (c: string) => ({ pdf: 'pdf+chr', unattributed: 'unattr', 'smtp-sink': 'smtp' })[c] ?? c;
  const cell = (x: string) => x.padStart(9);
  const table = (
    title: string,
    first: 'seconds' | 'ops',
    rows: CpuPhase[],
    cols: string[],
    value: (p: CpuPhase, cpuS: number) => string,
  ) => {
    console.log(title);
    console.log(`  ${'phase'.padEnd(22)}${cell(first)}${cols.map((c) => cell(label(c))).join('')}${cell('total')}`);
    for (const p of rows) {
      const total = cols.reduce((sum, c) => sum + (p.cpu_s[c] ?? 0), 0);
      const lead = first === 'seconds' ? p.seconds.toFixed(1) : String(opsByPhase[p.phase]);
      console.log(
        `  ${p.phase.padEnd(22)}${cell(lead)}${cols.map((c) => cell(value(p, p.cpu_s[c] ?? 0))).join('')}` +
          cell(value(p, total)),
      );
    }
  };
  table(
    '\n7. CPU by phase, % of one core (driver: this process and the Chromiums it launches, but for its sampling thread)',
    'seconds',
    phases,
    columns,
    (p, cpuS) => `${Math.round((100 * cpuS) / p.seconds)}`,
  );
  table(
    '   CPU ms per operation, benchmark and stack (the stack serves anyone else using it meanwhile too)',
    'ops',
    phases.filter((p) => opsByPhase[p.phase]),
    columns.filter((c) => c !== 'other' && c !== 'unattributed'),
    (p, cpuS) => `${Math.round((1000 * cpuS) / opsByPhase[p.phase]!)}`,
  );
}

const split = (ms: Record<string, number>) =>
  Object.entries(ms)
    .map(([c, x]) => `${c === 'pdf' ? 'pdf+chr' : c} ${x}`)
    .join(', ');

/** The CPU figures of the targets, with the component split behind them. */
function printCpuPerOperation(r: Report): void {
  const { print_ms: printMs, generate: g, get } = r.cpu_per_operation;
  console.log(`   print CPU per PDF (raw Chromium: puppeteer + its Chromium): ${printMs} ms`);
  console.log(
    `   CPU per operation beyond the print (generate c=${concurrencies.join(',')}, ${g.operations} requests): ` +
      `${round1(g.total_ms - printMs)} ms = ${g.ratio_to_print.toFixed(2)}x print; ${g.total_ms} ms in all: ${split(g.ms)}`,
  );
  console.log(
    `   CPU per GET (${get.operations} requests): ${get.total_ms} ms = ${get.ratio_to_print.toFixed(3)}x print: ${split(get.ms)}`,
  );
  const cpu: CpuUse = r.cpu;
  console.log(
    `   the sampler's own thread: ${cpu.cpu_s.sampler} CPU-s in ${cpu.seconds} s = ` +
      `${((100 * (cpu.cpu_s.sampler ?? 0)) / cpu.seconds).toFixed(1)}% of a core`,
  );
}

function printRoundTrips(rt: Report['round_trips']): void {
  const counts = (c: Record<string, number>) =>
    Object.entries(c)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v < 0.01 ? '<0.01' : v.toFixed(2)}`)
      .join(', ') || '–';
  console.log(
    '\n9. Round trips per operation: MongoDB commands by name, Kafka messages produced by topic (counter deltas)',
  );
  for (const [title, t] of [
    [`generate c=${concurrencies.join(',')} (${rt.generate.operations} requests)`, rt.generate],
    [`${getPhase} (${rt.get.operations} requests)`, rt.get],
  ] as const) {
    console.log(`  ${title}`);
    for (const [name, traffic] of Object.entries(t.services))
      console.log(`    ${name.padEnd(9)} MongoDB: ${counts(traffic.mongodb)}  |  Kafka: ${counts(traffic.kafka)}`);
  }
}

/** Per service, its main thread's top packages and functions by self time, in CPU ms per operation. */
function printProfiles(profile: NonNullable<Report['profile']>, operations: Record<string, number>): void {
  const rows = 8;
  console.log(
    '\n10. CPU profiles of the main threads (not the jsreport and print workers): self time in ms per operation,\n' +
      "    idle left out; a sample counts while the thread waits for a core too. (native): V8's builtins and Node's\n" +
      '    C++ bindings; (program): native code outside any JavaScript frame',
  );
  for (const phase of [...generatePhases, getPhase]) {
    const ops = operations[phase]!;
    for (const [service, summary] of Object.entries(profile.phases[phase] ?? {}) as [string, ProfileSummary][]) {
      const perOp = (ms: number) => (ms / ops).toFixed(2).padStart(7);
      console.log(`  ${phase}, ${service}: ${perOp(summary.busy_ms).trim()} ms/op sampled busy (${ops} ops)`);
      for (let i = 0; i < rows; i++) {
        const p = summary.packages[i];
        const f = summary.functions[i];
        if (!p && !f) break;
        const left = p ? `${p.name.slice(0, 38).padEnd(38)}${perOp(p.ms)}` : ''.padEnd(45);
        const right = f ? `${f.name.slice(0, 58).padEnd(58)}${perOp(f.ms)}` : '';
        console.log(`    ${left}   ${right}`);
      }
    }
  }
}

function print(r: Report): void {
  const m = r.machine;
  const cpu: CpuUse = r.cpu;
  console.log(`\nInvoice platform benchmark — ${r.date} — ${m.commit}`);
  console.log(
    `${m.cpus} CPUs (${m.cpu_model}), ${m.mem_total_mib} MiB, Linux ${m.kernel}, Node ${m.node}, ${m.chromium}`,
  );
  const foreign = (cpu.cpu_s.other ?? 0) + (cpu.cpu_s.unattributed ?? 0);
  console.log(
    `Others used ${r.others_cores_before} cores just before; during the ${cpu.seconds} s measured, processes ` +
      `outside the benchmark and the stack used ${cpu.cpu_s.other ?? 0} CPU-s and ${cpu.cpu_s.unattributed ?? 0} ` +
      `were unattributed (${((100 * foreign) / (cpu.seconds * m.cpus)).toFixed(1)}% of the machine)` +
      (cpu.other_top.length ? `; top: ${cpu.other_top.map((o) => `${o.comm} ${o.cpu_s}`).join(', ')}` : ''),
  );
  // Others' tests reach the shared stack, not just the CPU: the render phases use no database or
  // broker, so what the stack burns meanwhile is mostly someone else's (idle Kafka takes about 5%).
  const quietPhases = cpu.phases.filter((p) => p.phase === 'renderer in-process' || p.phase === 'raw Chromium');
  const quietSeconds = quietPhases.reduce((sum, p) => sum + p.seconds, 0);
  const stackPct = (c: string) =>
    Math.round((100 * quietPhases.reduce((sum, p) => sum + (p.cpu_s[c] ?? 0), 0)) / quietSeconds);
  console.log(
    `While the benchmark used no stack (render phases, ${quietSeconds.toFixed(1)} s) the stack used: ` +
      `FerretDB ${stackPct('ferretdb')}%, Kafka ${stackPct('kafka')}%, Redis ${stackPct('redis')}% of a core`,
  );
  console.log(`p99 is nearest-rank: of ${r.params.requests} requests (or 20 queries) it is the slowest.`);
  if (r.profile)
    console.log(
      `PROFILED (--profile): the services ran with the inspector sampling every ${r.profile.sampling_interval_us} µs, ` +
        `which inflates every CPU and latency figure below; profiles in ${r.profile.dir}/`,
    );

  console.log(`\n1. Classic template, sample invoice (${r.render.html_bytes} bytes of HTML)`);
  console.log(' raw puppeteer-core, warm pages');
  console.log(loadLine('1 page, sequential', r.render.raw.sequential, 'PDF/s'));
  console.log(loadLine('2 pages, concurrency 2', r.render.raw.concurrency2, 'PDF/s'));
  console.log(' pdf renderer in this process (jsreport + warm pool of 2; no gRPC, no store)');
  console.log(loadLine('sequential', r.render.in_process.sequential, 'PDF/s'));
  console.log(loadLine('concurrency 2', r.render.in_process.concurrency2, 'PDF/s'));

  console.log('\n2. pdf service, gRPC Render (validation + renderer + GridFS store)');
  console.log(loadLine('sequential', r.pdf_render_grpc.sequential, 'PDF/s'));
  console.log(loadLine('concurrency 2', r.pdf_render_grpc.concurrency2, 'PDF/s'));
  console.log(`  render_ms the service reports, p50 (sequential): ${r.pdf_render_grpc.service_render_ms_p50} ms`);

  console.log('\n3. POST /api/invoices/generate-external through the gateway');
  for (const [level, res] of Object.entries(r.generate))
    console.log(loadLine(`concurrency ${level.slice(1)}`, res, 'req/s'));
  const fx = r.generate_factur_x;
  console.log(
    `  e_invoice factur-x, alternating with the plain body (${fx.requests} each): p50 ${fx.factur_x_p50_ms} ms / ${fx.plain_p50_ms} ms`,
  );

  const get = r.get_invoice;
  console.log(
    `\n4. GET /api/invoices/external/{id}, open loop at ${get.target_per_s}/s over ${get.invoices} invoices ` +
      `(send lag p99 ${get.send_lag_p99_ms} ms)`,
  );
  console.log(loadLine(`${get.seconds} s`, get, 'req/s'));

  console.log('\n5. A key revoked through one gateway, until a second gateway (10-minute cache) refuses it');
  console.log(loadLine('revocations', r.revocation, 'keys/s'));

  const { everyMs, pssEvery } = r.sampler_cadence;
  console.log(
    `\n6. Memory, sampled every ${everyMs / 1000} s (the pdf tree's PSS every ${(pssEvery * everyMs) / 1000} s): at start → peak`,
  );
  for (const [name, p] of Object.entries(r.memory_kb)) {
    const line =
      name === 'pdf'
        ? `node + Chromium (${p.max_processes} processes) PSS ${mib(p.first.pss_kb)} → ${mib(p.peak_pss_kb)} MiB` +
          ` (node ${mib(p.first.root_pss_kb)} → ${mib(p.peak_root_pss_kb)}, Chromium ` +
          `${mib(p.first.pss_kb - p.first.root_pss_kb)} → ${mib(p.peak_descendants_pss_kb)}; ` +
          `RSS summed ${mib(p.first.rss_kb)} → ${mib(p.peak_rss_kb)} MiB counts shared pages repeatedly)`
        : `RSS ${mib(p.first.rss_kb)} → ${mib(p.peak_rss_kb)} MiB`;
    console.log(`  ${name.padEnd(9)} ${line}, peak during ${p.peak_phase}`);
  }

  printCpu(cpu, r.operations_by_phase);
  printCpuPerOperation(r);

  const q = r.query_diagnostics;
  console.log(`\n8. Single queries on the local MongoDB-wire server, sequential, this run's ${q.invoices} invoices`);
  console.log(loadLine('ping', q.ping, 'q/s'));
  console.log(loadLine('findOne by _id (GET)', q.find_by_id, 'q/s'));
  console.log(loadLine('findOne by number', q.find_by_number, 'q/s'));
  console.log(loadLine('count by workspace', q.count_by_workspace, 'q/s'));

  printRoundTrips(r.round_trips);
  if (r.profile) printProfiles(r.profile, r.operations_by_phase);

  const width = (k: 'figure' | 'target' | 'measured') => Math.max(...r.targets.map((t) => t[k].length));
  console.log('\nTargets');
  console.log(
    `  (reference: print CPU per PDF ${r.cpu_per_operation.print_ms} ms, the raw Chromium phase's puppeteer and ` +
      'its Chromium; the CPU targets are ratios to it)',
  );
  for (const t of r.targets) {
    console.log(
      `  ${t.figure.padEnd(width('figure'))}  ${t.target.padEnd(width('target'))}  ` +
        `${t.measured.padEnd(width('measured'))}  ${t.pass ? 'PASS' : 'MISS'}`,
    );
  }
}

/**
 * Two cores are shared with whoever else works on this machine: wait (up to `maxSeconds`) until
 * other processes use less than 0.3 of a core over 5 s (idle Kafka alone takes about 0.1), so a
 * lull between two steps of someone's build does not count as quiet.
 */
async function waitForQuiet(maxSeconds: number): Promise<number> {
  const deadline = performance.now() + maxSeconds * 1000;
  for (;;) {
    const tracker = new CpuTracker(process.pid, []);
    tracker.sample(scanProcs());
    tracker.mark('probe');
    await new Promise((resolve) => setTimeout(resolve, 5000));
    tracker.sample(scanProcs());
    tracker.mark('end');
    const { seconds, cpu_s } = tracker.result();
    const busy = Object.entries(cpu_s).reduce((sum, [label, s]) => sum + (label === 'driver' ? 0 : s), 0) / seconds;
    if (busy < 0.3 || performance.now() > deadline) return busy;
    progress(`waiting for a quiet machine: others use ${busy.toFixed(2)} cores`);
  }
}

/** How many operations each phase of known size ran: the CPU tables and profiles divide by it. */
function operationsByPhase(gen: Record<string, LoadResult>, get: OpenLoopResult): Record<string, number> {
  const renders = params.warm_renders + 2 * params.renders;
  return {
    'renderer in-process': renders,
    'raw Chromium': renders,
    'pdf gRPC Render': renders,
    ...Object.fromEntries(concurrencies.map((c) => [`generate c=${c}`, gen[`c${c}`]!.count])),
    [getPhase]: get.count,
  };
}

/** The components a platform operation costs: the services (pdf with its Chromium) and the stack. */
const platformComponents = ['gateway', 'accounts', 'invoice', 'pdf', 'kafka', 'ferretdb', 'redis'];

interface OperationCpu {
  operations: number;
  /** CPU ms per operation by component, and their sum. */
  ms: Record<string, number>;
  total_ms: number;
  /** That sum against one print (print_ms): beyond it for a generate, all of it for a GET. */
  ratio_to_print: number;
}

/**
 * What one generate and one GET cost the platform in CPU, against what one PDF costs to print:
 * the driver's CPU in the raw Chromium phase (puppeteer and the Chromium it launched) per render.
 */
function cpuPerOperation(cpu: CpuUse, operations: Record<string, number>) {
  const phaseCpu = (phase: string) => cpu.phases.find((p) => p.phase === phase)!.cpu_s;
  const printMs = (1000 * (phaseCpu('raw Chromium').driver ?? 0)) / operations['raw Chromium']!;
  const perOperation = (phases: string[], beyond: number): OperationCpu => {
    const count = phases.reduce((sum, p) => sum + operations[p]!, 0);
    const ms = Object.fromEntries(
      platformComponents.map((c) => [
        c,
        round1((1000 * phases.reduce((sum, p) => sum + (phaseCpu(p)[c] ?? 0), 0)) / count),
      ]),
    );
    const total = Object.values(ms).reduce((sum, x) => sum + x, 0);
    return {
      operations: count,
      ms,
      total_ms: round1(total),
      ratio_to_print: Math.round((100 * (total - beyond)) / printMs) / 100,
    };
  };
  return {
    print_ms: round1(printMs),
    generate: perOperation(generatePhases, printMs),
    get: perOperation([getPhase], 0),
  };
}

/** MongoDB commands and Kafka messages per generate (the three measured levels) and per GET. */
function roundTripsPerOperation(roundTrips: RoundTrips, operations: Record<string, number>) {
  const perOperation = (phases: string[]) => {
    const count = phases.reduce((sum, p) => sum + operations[p]!, 0);
    const per = (counts: Record<string, number>) =>
      Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Math.round((100 * v) / count) / 100]));
    const services = Object.entries(roundTrips.total(phases)).map(
      ([name, t]) => [name, { mongodb: per(t.mongodb), kafka: per(t.kafka) }] as const,
    );
    return { operations: count, services: Object.fromEntries(services) as Record<string, Traffic> };
  };
  return { generate: perOperation(generatePhases), get: perOperation([getPhase]), phases: roundTrips.phases };
}

async function measure(platform: Platform, profiler: PhaseProfiler | undefined) {
  const waitStart = performance.now();
  const othersBefore = await waitForQuiet(Number(args['quiet-wait']));
  const quietWaitS = round1((performance.now() - waitStart) / 1000);
  if (othersBefore >= 0.3)
    progress(`warning: others still use ${othersBefore.toFixed(2)} cores; figures will be inflated`);
  const date = new Date().toISOString();
  const measureStart = performance.now();
  progress('starting accounts, invoice, pdf and gateway');
  await platform.start();
  await platform.waitReady();
  const services = serviceNames.map((name) => {
    const pid = findChild(process.pid, `services/${name}/src/main.ts`);
    if (!pid) throw new Error(`no ${name} process among this process's children`);
    return { name, pid };
  });
  const sampler = new Sampler(
    services,
    services.map((s) => ({ ...s, tree: s.name === 'pdf' })),
  );
  // Taken now: the revocation phase starts a second gateway, which later calls would find.
  const roundTrips = new RoundTrips(serviceNames.map((name) => ({ name, url: platform.metricsUrl(name) })));
  const profileDir = path.join(repoRoot, `.local/bench/profile-${date.replace(/[:.]/g, '-')}`);
  await profiler?.attach(profileDir);
  const mark: Mark = async (phase) => {
    if (profiler) {
      // Each service serializes its profile on its main thread: outside every measured phase.
      await sampler.mark('setup');
      await profiler.mark(phase, measured(phase));
    }
    await Promise.all([sampler.mark(phase), roundTrips.mark(phase)]);
  };
  try {
    progress('1/5 the pdf renderer in-process and raw Chromium');
    const render = await renderFloor(mark);
    progress('2/5 pdf service gRPC Render');
    await mark('pdf gRPC Render');
    const pdf = await pdfRender(platform);
    progress('3/5 generate through the gateway');
    await mark('setup');
    const api = await platform.client('enterprise', 'unlimited');
    const gen = await generate(api, mark);
    await mark('generate factur-x / plain');
    const facturX = await generateFacturX(platform, api);
    progress(`4/5 GET at ${params.get_rate}/s for ${params.get_seconds} s`);
    await mark(getPhase);
    const get = await reads(api, gen.ids);
    progress(`5/5 ${params.revocations} keys revoked through one gateway, polled at a second one`);
    await mark('revocations');
    const revoked = await revocation(platform, profiler?.withoutInspector() ?? {});
    progress('diagnostics: single queries on the local MongoDB-wire server');
    await mark('query diagnostics');
    const queries = await queryTimes(platform.stack.MONGODB_URI!, `invoice_test_${platform.runId}`, api.workspaceId);
    await mark('setup');
    const { memory, cpu } = await sampler.stop();
    const operations = operationsByPhase(gen.levels, get);
    const cpuPerOp = cpuPerOperation(cpu, operations);
    return {
      date,
      quiet_wait_s: quietWaitS,
      runtime_s: round1((performance.now() - measureStart) / 1000),
      machine: { ...machine(), chromium: render.chromium },
      others_cores_before: round1(othersBefore),
      sampler_cadence: cadence,
      cpu,
      operations_by_phase: operations,
      cpu_per_operation: cpuPerOp,
      params,
      render,
      pdf_render_grpc: pdf,
      generate: gen.levels,
      generate_factur_x: facturX,
      get_invoice: { invoices: gen.ids.length, ...get },
      revocation: revoked,
      query_diagnostics: queries,
      memory_kb: memory,
      round_trips: roundTripsPerOperation(roundTrips, operations),
      profile: profiler && {
        dir: path.relative(repoRoot, profileDir),
        sampling_interval_us: profiler.intervalUs,
        /** Per phase and service: main-thread self time in ms (not per operation), top 20 each. */
        phases: profiler.summaries,
      },
      targets: evaluate(render, pdf, gen.levels, get, revoked, memory, facturX, cpu, cpuPerOp),
    };
  } finally {
    await sampler.stop().catch(() => undefined); // idempotent: ends the worker when a phase threw
    profiler?.close();
  }
}

/**
 * The local stack must be up. Not started from here: other checkouts on this machine may hold
 * its ports, and `stack.sh up` would then adopt their servers.
 */
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
  const profiler = args.profile ? await PhaseProfiler.forServices(serviceNames) : undefined;
  platform = new Platform({
    invoices: true,
    gatewayEnv: {
      RATE_LIMIT_PLANS: '{"enterprise":1000000}',
      RATE_LIMIT_PER_IP: '1000000',
      ...profiler?.env('gateway'),
    },
    accountsEnv: profiler?.env('accounts'),
    invoiceEnv: profiler?.env('invoice'),
    pdfEnv: profiler?.env('pdf'),
  });
  const report = await measure(platform, profiler);
  const out = path.join(repoRoot, '.local/bench/latest.json');
  mkdirSync(path.dirname(out), { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(out, json);
  // Runs are compared over time: keep each one next to the latest.
  writeFileSync(path.join(path.dirname(out), `run-${report.date.replace(/[:.]/g, '-')}.json`), json);
  print(report);
  console.log(
    `\nJSON: ${path.relative(repoRoot, out)}; ${report.runtime_s} s measuring after ${report.quiet_wait_s} s waiting for quiet`,
  );
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await platform?.stop();
}
