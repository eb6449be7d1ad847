/**
 * The Factur-X PDF/A-3b step two ways on the same Chromium PDFs (docs/e-invoicing.md "PDF/A-3
 * writer: pdf-lib versus the hand-written one"): src/render/factur-x.ts's incremental update alone
 * and src/render/factur-x-pdf-lib.ts (pdf-lib's parse and full rewrite, the service's fallback, with
 * and without object streams). For each:
 * the Mustang validator's verdict, ms per conversion (median), bytes added, and which odd inputs it
 * handles.
 *
 *   node services/pdf/bench/pdfa-writers.ts [--runs 30] [--chromium /usr/bin/chromium] [--keep DIR]
 *
 * Needs Chromium and the validator (scripts/validate-e-invoices.sh installs it); no database.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { createLogger } from '@invoice-platform/common/logger';
import { buildTemplateData, type RenderRequest, validateRenderRequest } from '../src/domain/document.ts';
import { countPdfPages } from '../src/domain/files.ts';
import { sampleRenderRequest } from '../src/domain/sample.ts';
import { BrowserPool } from '../src/render/browser-pool.ts';
import { toFacturXIncremental } from '../src/render/factur-x.ts';
import { toFacturXPdfLib } from '../src/render/factur-x-pdf-lib.ts';
import { PdfRenderer } from '../src/render/renderer.ts';
import { loadSystemTemplateSources } from '../src/render/system-templates.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    keep: { type: 'string' },
  },
});
const runs = Math.max(5, Number(values.runs));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const xml = readFileSync(path.join(root, 'services/pdf/test/fixtures/factur-x-en16931.xml'), 'utf8');
const log = createLogger('bench', 'warn');

type Writer = (pdf: Buffer) => Buffer | Promise<Buffer>;
const writers: Record<string, Writer> = {
  'hand-written': (pdf) => toFacturXIncremental(pdf, xml),
  'pdf-lib': (pdf) => toFacturXPdfLib(pdf, xml, { objectStreams: true }),
  'pdf-lib, no object streams': (pdf) => toFacturXPdfLib(pdf, xml, { objectStreams: false }),
};

// ---------------------------------------------------------------------------------------------
// Inputs: Chromium's PDFs printed by the service's renderer, and a few altered after printing.

const pool = new BrowserPool({ executablePath: values.chromium, size: 1, log });
await pool.start();
const renderer = await PdfRenderer.start({
  pool,
  workers: 1,
  timeoutMs: 300_000,
  maxHtmlBytes: 64 << 20,
  maxPages: 1000,
  maxOutputBytes: 256 << 20,
  log,
});
const sources = loadSystemTemplateSources();

async function print(req: RenderRequest): Promise<Buffer> {
  const { document, language, marking } = validateRenderRequest(req);
  const content = req.template_id === undefined ? sources.plain : sources.byId.get(req.template_id)!;
  return renderer.render({ content, data: buildTemplateData(document, language, marking) });
}

function withItems(n: number, overrides: Partial<RenderRequest> = {}): RenderRequest {
  const req = sampleRenderRequest(overrides);
  const [first] = req.document!.items;
  req.document!.items = Array.from({ length: n }, (_, i) => ({ ...first!, description: `Line ${i + 1}` }));
  return req;
}

/** An incremental update appended to `pdf` that replaces its catalog with `extra` added to it. */
function appendUpdate(pdf: Buffer, extra: string, objects: string[] = []): Buffer {
  const text = pdf.toString('latin1');
  const xrefAt = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
  const trailer = text.slice(text.lastIndexOf('trailer'));
  const size = Number(/\/Size (\d+)/.exec(trailer)![1]);
  const root = Number(/\/Root (\d+) 0 R/.exec(trailer)![1]);
  const catalogAt = text.lastIndexOf(`\n${root} 0 obj`) + 1;
  const catalog = text.slice(catalogAt, text.indexOf('endobj', catalogAt));
  const body = catalog.slice(catalog.indexOf('<<') + 2, catalog.lastIndexOf('>>'));
  let out = text;
  const offsets: [number, number][] = [];
  objects.forEach((o, i) => {
    offsets.push([size + i, out.length]);
    out += `${size + i} 0 obj\n${o}\nendobj\n`;
  });
  offsets.push([root, out.length]);
  out += `${root} 0 obj\n<<${body}${extra}>>\nendobj\n`;
  const at = out.length;
  out += 'xref\n0 1\n0000000000 65535 f \n';
  for (const [num, offset] of offsets) out += `${num} 1\n${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<</Size ${size + objects.length} /Root ${root} 0 R /Info 1 0 R /Prev ${xrefAt}>>\nstartxref\n${at}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const started = performance.now();
const onePage = await print(sampleRenderRequest());
const twentyPages = await print(withItems(540));
// The invoice template past ~3,000 lines outlasts the pool's 30 s protocol timeout: pages of text.
const twoHundredPages = await renderer.render({
  content: `<!DOCTYPE html><html lang="en"><head><title>200 pages</title></head><body>${Array.from(
    { length: 200 },
    (_, i) =>
      `<div style="break-after: page"><h1>Page ${i + 1}</h1>${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, 0123456789 €.</p>'.repeat(15)}</div>`,
  ).join('')}</body></html>`,
  data: {},
});
const chinese = await print(sampleRenderRequest({ document_language: 'zh' }));
const arabic = await print(sampleRenderRequest({ template_id: 'modern', document_language: 'ar' }));
const unicodeTitle = await renderer.render({
  content:
    '<!DOCTYPE html><html lang="ja"><head><title>請求書 №7 – Ünïcødé 😀 (a\\b)</title></head>' +
    '<body><p>請求書 Rechnung فاتورة</p></body></html>',
  data: {},
});
await renderer.close();
await pool.close();
const printMs = performance.now() - started;

const xmp =
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"/><?xpacket end="w"?>';
const inputs: { name: string; pdf: Buffer }[] = [
  { name: '1 page', pdf: onePage },
  { name: `${countPdfPages(twentyPages)} pages`, pdf: twentyPages },
  { name: `${countPdfPages(twoHundredPages)} pages`, pdf: twoHundredPages },
  { name: 'CJK fonts (zh)', pdf: chinese },
  { name: 'Arabic fonts (modern, ar)', pdf: arabic },
  { name: 'Unicode title (ja, emoji)', pdf: unicodeTitle },
  { name: 'an earlier incremental update', pdf: appendUpdate(onePage, ' /PageMode /UseNone') },
  {
    name: 'an existing /Metadata',
    pdf: appendUpdate(
      onePage,
      ` /Metadata ${Number(/\/Size (\d+)/.exec(onePage.toString('latin1').slice(-200))![1])} 0 R`,
      [`<</Type /Metadata /Subtype /XML /Length ${xmp.length}>>\nstream\n${xmp}\nendstream`],
    ),
  },
  {
    name: 'object and cross-reference streams',
    pdf: Buffer.from(
      await (await PDFDocument.load(onePage, { updateMetadata: false })).save({ useObjectStreams: true }),
    ),
  },
];

// ---------------------------------------------------------------------------------------------

const dir = values.keep ?? mkdtempSync(path.join(os.tmpdir(), 'pdfa-writers-'));
mkdirSync(dir, { recursive: true });
const slug = (s: string) =>
  s
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

interface Row {
  input: string;
  writer: string;
  input_bytes: number;
  added_bytes?: number;
  median_ms?: number;
  error?: string;
  file?: string;
}
const rows: Row[] = [];
// Warm both (the first call of each compiles its code).
for (const write of Object.values(writers)) for (let i = 0; i < 5; i++) await write(onePage);

for (const { name, pdf } of inputs) {
  const timed: { row: Row; write: Writer; times: number[] }[] = [];
  for (const [writer, write] of Object.entries(writers)) {
    const row: Row = { input: name, writer, input_bytes: pdf.length };
    rows.push(row);
    let out: Buffer;
    try {
      out = await write(pdf);
    } catch (err) {
      row.error = (err as Error).message;
      continue;
    }
    row.added_bytes = out.length - pdf.length;
    row.file = path.join(dir, `${slug(name)}--${slug(writer)}.pdf`);
    writeFileSync(row.file, out);
    timed.push({ row, write, times: [] });
  }
  // The speed comparison reads the page-count inputs: `runs` timings there, a few elsewhere. The
  // writers take turns, so that a busy moment of the machine falls on all of them alike.
  const n = /pages$|^1 page$/.test(name) ? runs : 5;
  for (let i = 0; i < n; i++) {
    for (const { write, times } of timed) {
      const t = performance.now();
      await write(pdf);
      times.push(performance.now() - t);
    }
  }
  for (const { row, times } of timed) row.median_ms = median(times);
}

const files = rows.flatMap((r) => (r.file ? [r.file] : []));
const { stdout } = await promisify(execFile)('bash', [path.join(root, 'scripts/validate-e-invoices.sh'), ...files], {
  maxBuffer: 64 << 20,
}).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
const verdict = (file: string) =>
  stdout.split('\n').find((l) => /^(VALID|INVALID) /.test(l) && l.endsWith(file)) ?? 'absent';

console.log(
  `pdfa-writers: ${runs} runs per speed case, ${os.cpus().length} CPUs, node ${process.version}, inputs printed in ${Math.round(printMs)} ms`,
);
console.log('| input | input bytes | writer | Mustang | ms (median) | bytes added |');
console.log('| --- | ---: | --- | --- | ---: | ---: |');
for (const r of rows) {
  const v = r.file ? verdict(r.file) : `refused: ${r.error}`;
  const short = r.file ? (/^VALID errors=0 .*pdfa=compliant/.test(v) ? 'valid' : v.replace(` ${r.file}`, '')) : v;
  console.log(
    `| ${r.input} | ${r.input_bytes} | ${r.writer} | ${short} | ${r.median_ms?.toFixed(2) ?? '–'} | ${r.added_bytes ?? '–'} |`,
  );
}
if (!values.keep) rmSync(dir, { recursive: true, force: true });
