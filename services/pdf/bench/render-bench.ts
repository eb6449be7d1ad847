/**
 * Render benchmark (docs/architecture.md#pdf-rendering): the default template through the service's renderer
 * (jsreport-core + handlebars + the warm-chrome-pdf recipe on a pool of warm pages of one shared
 * Chromium) against raw puppeteer-core printing the same HTML on warm pages, plus memory as PSS.
 *
 *   node services/pdf/bench/render-bench.ts [--n 100] [--json] [--chromium /usr/bin/chromium]
 *
 * Needs only Chromium; no database.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createLogger } from '@invoice-platform/common/logger';
import puppeteer, { type Page } from 'puppeteer-core';
import { buildTemplateData, validateRenderRequest } from '../src/domain/document.ts';
import { sampleRenderRequest } from '../src/domain/sample.ts';
import { serviceDefaultTemplateId } from '../src/domain/templates.ts';
import { BrowserPool, chromiumArgs } from '../src/render/browser-pool.ts';
import { PdfRenderer } from '../src/render/renderer.ts';
import { loadSystemTemplateSources } from '../src/render/system-templates.ts';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '100' },
    json: { type: 'boolean', default: false },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
  },
});
const n = Math.max(10, Number(values.n));
const executablePath = values.chromium;
const log = createLogger('bench', 'warn');

interface Result {
  p50_ms: number;
  p95_ms: number;
  per_s_sequential: number;
  per_s_concurrency2: number;
  p50_ms_concurrency2: number;
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function measure(once: () => Promise<unknown>): Promise<Result> {
  for (let i = 0; i < 10; i++) await once();
  const seq: number[] = [];
  let start = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await once();
    seq.push(performance.now() - t);
  }
  const seqSeconds = (performance.now() - start) / 1000;
  const conc: number[] = [];
  let next = 0;
  start = performance.now();
  await Promise.all(
    [0, 1].map(async () => {
      while (next++ < n) {
        const t = performance.now();
        await once();
        conc.push(performance.now() - t);
      }
    }),
  );
  const concSeconds = (performance.now() - start) / 1000;
  return {
    p50_ms: round(pct(seq, 0.5)),
    p95_ms: round(pct(seq, 0.95)),
    per_s_sequential: round(n / seqSeconds),
    per_s_concurrency2: round(n / concSeconds),
    p50_ms_concurrency2: round(pct(conc, 0.5)),
  };
}

const round = (x: number) => Math.round(x * 10) / 10;

/** PSS (kB) of a process and all its descendants, from /proc/<pid>/smaps_rollup. */
function pssOfTree(root: number): { kb: number; processes: number } {
  const children = new Map<number, number[]>();
  for (const entry of readdirNumeric('/proc')) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), entry]);
    } catch {
      // gone meanwhile
    }
  }
  let kb = 0;
  let processes = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    kb += pssOf(pid);
    processes++;
    stack.push(...(children.get(pid) ?? []));
  }
  return { kb, processes };
}

function pssOf(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

function readdirNumeric(dir: string): number[] {
  return readdirSync(dir)
    .filter((e) => /^\d+$/.test(e))
    .map(Number);
}

async function main() {
  const sources = loadSystemTemplateSources();
  const req = sampleRenderRequest({ template_id: serviceDefaultTemplateId });
  const { document, language, marking } = validateRenderRequest(req);
  const input = {
    content: sources.byId.get(serviceDefaultTemplateId)!,
    data: buildTemplateData(document, language, marking),
  };

  // 1. The service's path.
  const pool = new BrowserPool({ executablePath, size: 2, log });
  await pool.start();
  const renderer = await PdfRenderer.start({ pool, workers: 2, timeoutMs: 15_000, maxHtmlBytes: 5 * 1024 * 1024, log });
  const html = await renderer.renderHtml(input);
  const service = await measure(() => renderer.render(input));
  const chromium = pssOfTree(pool.browserPid!);
  const node = pssOf(process.pid);
  await renderer.close();
  await pool.close();

  // 2. Raw puppeteer-core on warm pages, printing the same HTML.
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-chromium-'));
  const browser = await puppeteer.launch({
    executablePath,
    headless: true,
    pipe: true,
    userDataDir,
    args: chromiumArgs,
  });
  const pages: Page[] = [(await browser.pages())[0]!, await browser.newPage()];
  for (const p of pages) await p.setJavaScriptEnabled(false);
  const free = [...pages];
  const raw = await measure(async () => {
    const page = free.pop()!;
    try {
      await page.setContent(html, { waitUntil: 'load' });
      return await page.pdf({ format: 'A4', printBackground: true });
    } finally {
      free.push(page);
    }
  });
  await browser.close();
  await rm(userDataDir, { recursive: true, force: true });

  const report = {
    template: serviceDefaultTemplateId,
    renders: n,
    service,
    raw_puppeteer_warm_page: raw,
    ratio_p50_service_over_raw: round(service.p50_ms / raw.p50_ms),
    ratio_throughput_c2_service_over_raw: round(service.per_s_concurrency2 / raw.per_s_concurrency2),
    pss_mib: {
      chromium_tree: round(chromium.kb / 1024),
      chromium_processes: chromium.processes,
      node: round(node / 1024),
      total: round((chromium.kb + node) / 1024),
    },
    cpus: os.cpus().length,
    node_version: process.version,
  };
  if (values.json) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  const line = (name: string, r: Result) =>
    `${name.padEnd(34)} p50 ${String(r.p50_ms).padStart(6)} ms  p95 ${String(r.p95_ms).padStart(6)} ms  ` +
    `${String(r.per_s_sequential).padStart(5)} PDF/s sequential  ${String(r.per_s_concurrency2).padStart(5)} PDF/s at concurrency 2 (p50 ${r.p50_ms_concurrency2} ms)`;
  console.log(
    `render-bench: template "${serviceDefaultTemplateId}", ${n} renders each, ${report.cpus} CPUs, node ${process.version}`,
  );
  console.log(line('service (jsreport + warm pool of 2)', service));
  console.log(line('raw puppeteer-core warm pages', raw));
  console.log(
    `ratio service/raw: p50 x${report.ratio_p50_service_over_raw}, throughput at concurrency 2 x${report.ratio_throughput_c2_service_over_raw}`,
  );
  console.log(
    `PSS: chromium ${report.pss_mib.chromium_tree} MiB (${chromium.processes} processes) + node ${report.pss_mib.node} MiB = ${report.pss_mib.total} MiB`,
  );
}

await main();
