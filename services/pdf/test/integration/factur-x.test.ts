import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { AppError } from '@invoice-platform/common/errors';
import { createLogger } from '@invoice-platform/common/logger';
import test from 'ava';
import type { RenderRequest } from '../../src/domain/document.ts';
import { countPdfPages, type FileInfo, type FileMetadata, sha256Hex } from '../../src/domain/files.ts';
import { sampleRenderRequest } from '../../src/domain/sample.ts';
import { BrowserPool } from '../../src/render/browser-pool.ts';
import { FairQueue } from '../../src/render/fair-queue.ts';
import { PdfRenderer } from '../../src/render/renderer.ts';
import { loadSystemTemplateSources } from '../../src/render/system-templates.ts';
import { Documents } from '../../src/service/documents.ts';
import type { FileStore } from '../../src/store/files.ts';
import type { TemplateStore } from '../../src/store/templates.ts';
import { oddPdfs } from '../fixtures/odd-pdfs.ts';
import { repoRoot } from './helpers.ts';

// Render with factur_x_xml through the service's own path (Documents: validation, jsreport, the
// Chromium pool, the Factur-X update, the byte cap) with Chromium only: the file store is a fake
// that keeps what would be stored; and the pdf-lib fallback on the structures the update does not
// read, made from Chromium's PDF (test/fixtures/odd-pdfs.ts). Then the independent check: the
// Mustang validator (veraPDF for PDF/A-3b, the EN 16931 and Factur-X rules for the XML) on every
// stored or rewritten file, in one JVM run.

const xml = readFileSync(path.join(repoRoot, 'services/pdf/test/fixtures/factur-x-en16931.xml'), 'utf8');
/**
 * The project's validator runner (it installs the validator first when missing, through
 * scripts/install-mustang.sh): prints `VALID|INVALID … FILE` per file.
 */
const validator = path.join(repoRoot, 'scripts/validate-e-invoices.sh');

const log = createLogger('pdf-test', 'silent');
let pool: BrowserPool;
let renderer: PdfRenderer;

test.before(async () => {
  pool = new BrowserPool({ executablePath: '/usr/bin/chromium', size: 2, log });
  await pool.start();
  renderer = await PdfRenderer.start({ pool, workers: 2, timeoutMs: 15_000, maxHtmlBytes: 5 << 20, log });
});
test.after.always(async () => {
  await renderer?.close();
  await pool?.close();
});

interface Stored {
  bytes: Buffer;
  metadata: FileMetadata;
}

/** Documents over the given renderer, keeping every stored file in `stored`. */
function documents(r: PdfRenderer, stored: Stored[]): Documents {
  const files = {
    put: async (bytes: Buffer, metadata: FileMetadata): Promise<FileInfo> => {
      stored.push({ bytes, metadata });
      return { ...metadata, file_id: `pdf_${stored.length}`, size_bytes: String(bytes.length), created_at: '' };
    },
  };
  return new Documents({
    templates: {} as TemplateStore, // system templates only: never asked
    files: files as unknown as FileStore,
    renderer: r,
    queue: new FairQueue(2),
    sources: loadSystemTemplateSources(),
    log,
  });
}

function withItems(n: number, overrides: Partial<RenderRequest>): RenderRequest {
  const req = sampleRenderRequest(overrides);
  const [first] = req.document!.items;
  req.document!.items = Array.from({ length: n }, (_, i) => ({ ...first!, description: `Line ${i + 1}` }));
  return req;
}

const cases: { name: string; req: RenderRequest }[] = [
  { name: 'classic-en', req: sampleRenderRequest() },
  { name: 'classic-de', req: sampleRenderRequest({ document_language: 'de', status_marking: 'PAID' }) },
  { name: 'classic-zh', req: sampleRenderRequest({ document_language: 'zh' }) },
  { name: 'modern-ar', req: sampleRenderRequest({ template_id: 'modern', document_language: 'ar' }) },
  { name: 'plain', req: sampleRenderRequest({ template_id: undefined }) },
  { name: 'classic-100-lines', req: withItems(100, { document_language: 'fr' }) },
];

/** The newest trailer of a PDF. */
const lastTrailer = (pdf: Buffer) => {
  const text = pdf.toString('latin1');
  return text.slice(text.lastIndexOf('trailer'));
};

const factured: { name: string; bytes: Buffer }[] = [];
let chromiumOnly: Buffer | undefined;

test.serial('a render with factur_x_xml stores Chromium PDF + the update; without it, as before', async (t) => {
  for (const { name, req } of cases) {
    const stored: Stored[] = [];
    const docs = documents(renderer, stored);
    const plain = await docs.render(req);
    const { file } = await docs.render({ ...req, factur_x_xml: xml });
    const [before, after] = stored as [Stored, Stored];

    t.notRegex(lastTrailer(before.bytes), /\/Prev|\/ID/, `${name}: without the XML, Chromium's PDF`);
    t.false(before.bytes.includes('factur-x.xml'));
    t.regex(lastTrailer(after.bytes), /\/Prev \d+ \/ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\]/, name);
    t.true(after.bytes.includes('/AFRelationship /Alternative'));
    t.true(after.bytes.includes('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>'));
    // What the client is told describes the stored bytes; the update adds no page.
    t.is(file.size_bytes, String(after.bytes.length));
    t.is(file.sha256, sha256Hex(after.bytes));
    t.is(file.pages, plain.file.pages);
    t.is(file.pages, countPdfPages(before.bytes));
    t.true(after.bytes.length - before.bytes.length < 16 * 1024 + xml.length, `${name}: a few KB added`);
    factured.push({ name, bytes: after.bytes });
    if (name === 'classic-en') chromiumOnly = before.bytes;
  }
  const longest = factured.find((f) => f.name === 'classic-100-lines')!;
  t.true(countPdfPages(longest.bytes) >= 3);
});

test.serial("what the update does not read, made from Chromium's PDF, is pdf-lib's rewrite", async (t) => {
  t.truthy(chromiumOnly, 'the renders above ran');
  for (const odd of oddPdfs) {
    const input = await odd.make(chromiumOnly!);
    const out = await renderer.withFacturX(input, xml);
    t.false(out.subarray(0, input.length).equals(input), `${odd.name}: a full rewrite, not the update`);
    t.true(out.includes('/AFRelationship /Alternative'), odd.name);
    factured.push({ name: odd.name, bytes: out });
  }
});

test.serial('the byte cap counts the Factur-X update: over it, refused like any PDF over the cap', async (t) => {
  const req = sampleRenderRequest();
  const stored: Stored[] = [];
  await documents(renderer, stored).render(req);
  const printed = stored[0]!.bytes.length;
  // Chromium's PDF fits under this cap, the PDF/A-3b file does not.
  const capped = await PdfRenderer.start({
    pool,
    workers: 1,
    timeoutMs: 15_000,
    maxHtmlBytes: 5 << 20,
    maxOutputBytes: printed + 1024,
    log,
  });
  try {
    const docs = documents(capped, stored);
    await t.notThrowsAsync(docs.render(req));
    const err = await t.throwsAsync(docs.render({ ...req, factur_x_xml: xml }), { instanceOf: AppError });
    t.is(err.kind, 'application');
    t.deepEqual(err.details, { limit: 'output_bytes' });
    t.regex(err.message, new RegExp(`more than ${printed + 1024} bytes of PDF`));
    t.is(stored.length, 2, 'nothing stored for the refused render');
  } finally {
    await capped.close();
  }
});

test.serial(
  'Mustang: every Factur-X file, updated or rewritten, is PDF/A-3b with valid EN 16931 XML; Chromium’s own PDF is not',
  async (t) => {
    t.timeout(180_000);
    t.true(factured.length === cases.length + oddPdfs.length && chromiumOnly !== undefined, 'the renders above ran');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'factur-x-'));
    try {
      const files = factured.map(({ name, bytes }) => {
        const file = path.join(dir, `${name.replace(/[^\w-]+/g, '-')}.pdf`);
        writeFileSync(file, bytes);
        return file;
      });
      const negative = path.join(dir, 'chromium-only.pdf');
      writeFileSync(negative, chromiumOnly!);
      const { stdout } = await promisify(execFile)('bash', [validator, ...files, negative], {
        maxBuffer: 16 << 20,
      }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
      const verdict = (file: string) =>
        new RegExp(`^(VALID|INVALID) .*${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm').exec(stdout)?.[0] ??
        'absent';
      t.log(stdout.split('\n').filter((l) => /^(VALID|INVALID)/.test(l)));
      for (const file of files) t.regex(verdict(file), /^VALID errors=0 .*pdfa=compliant/, path.basename(file));
      t.regex(verdict(negative), /^INVALID /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
