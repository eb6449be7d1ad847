import { AppError } from '@invoice-platform/common/errors';
import test from 'ava';
import type { RenderRequest } from '../../src/domain/document.ts';
import { sampleRenderRequest } from '../../src/domain/sample.ts';
import type { FileInfo } from '../../src/domain/files.ts';
import { startTestService, type TestService } from './helpers.ts';

// A render is capped in pages (PDF_MAX_PAGES, 50 here as by default) and in bytes of PDF
// (PDF_MAX_OUTPUT_BYTES, lowered to 2 MiB here, twice the longest invoice, so two embedded images
// exceed it well inside the HTML cap). One page and one templating worker, as a loaded service
// would give a template.
const maxOutputBytes = 2 * 1024 * 1024;
let svc: TestService;

test.before(async () => {
  svc = await startTestService('pdf_caps', {
    PDF_PAGE_POOL_SIZE: '1',
    PDF_MAX_OUTPUT_BYTES: String(maxOutputBytes),
  });
});
test.after.always(async () => {
  await svc?.stop();
});

type RenderResponse = { file: FileInfo; render_ms: number };
const render = (req: RenderRequest) => svc.client.call<RenderResponse>('Render', req);
const upsert = (workspace_id: string, name: string, content: string) =>
  svc.client.call<{ id: string }>('UpsertWorkspaceTemplate', { workspace_id, name, content });

/** A request for a document of `n` items, each a copy of the sample's first. */
function withItems(n: number, overrides: Partial<RenderRequest>): RenderRequest {
  const req = sampleRenderRequest(overrides);
  const [first] = req.document!.items;
  req.document!.items = Array.from({ length: n }, (_, i) => ({ ...first!, description: `Line ${i + 1}` }));
  return req;
}

/** A page per combination of `depth` items: 3^depth pages for the sample's 3 items, n^depth for n. */
function pagePerCombination(depth: number): string {
  const page = '<div style="break-after: page">{{description}}</div>';
  return `<html><body>${'{{#each @root.items}}'.repeat(depth)}${page}${'{{/each}}'.repeat(depth)}</body></html>`;
}

function fieldError(err: unknown): { path: string; message: string } {
  const errors = (err as AppError).details?.errors as { path: string; message: string }[] | undefined;
  return errors?.[0] ?? { path: '', message: String(err) };
}

/**
 * A helper making a 700 × 700 bitmap of random pixels as a data URI: incompressible, so each one
 * adds about 1.4 MiB to the PDF while the HTML stays well inside its cap.
 */
const noiseHelper = `function noise(seed) {
  const w = 700, h = 700, size = 54 + w * 3 * h;
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  bytes[0] = 66; bytes[1] = 77;
  view.setUint32(2, size, true); view.setUint32(10, 54, true); view.setUint32(14, 40, true);
  view.setInt32(18, w, true); view.setInt32(22, h, true); view.setUint16(26, 1, true); view.setUint16(28, 24, true);
  let x = (seed * 2654435761) >>> 0 || 1;
  for (let i = 54; i < size; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; bytes[i] = x & 255; }
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const out = [];
  for (let i = 0; i < size; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out.push(abc[n >> 18], abc[(n >> 12) & 63], i + 1 < size ? abc[(n >> 6) & 63] : '=', i + 2 < size ? abc[n & 63] : '=');
  }
  return 'data:image/bmp;base64,' + out.join('');
}`;

test.serial('a template printing thousands of pages is refused quickly, naming the page cap', async (t) => {
  const ws = 'WSCAPPAGE1';
  // 27 pages on the sample document: stored.
  const template = await upsert(ws, 'Cube', pagePerCombination(3));

  // 18 items: 5,832 pages (18³).
  const started = performance.now();
  const err = await t.throwsAsync(render(withItems(18, { workspace_id: ws, template_id: template.id })));
  const tookMs = performance.now() - started;
  t.true(AppError.isKind(err, 'application'), String(err));
  t.regex(err!.message, /PDF could not be generated/);
  t.regex(err!.message, /more than 50 pages/);
  t.log(`a 5,832-page document refused in ${Math.round(tookMs)} ms`);

  // 6,561 pages (3⁸) on the sample document itself: refused when stored, on content.
  const storing = performance.now();
  const refused = await t.throwsAsync(upsert(ws, 'Hypercube', pagePerCombination(8)));
  t.log(`a 6,561-page template refused when stored in ${Math.round(performance.now() - storing)} ms`);
  t.true(AppError.isKind(refused, 'validation'), String(refused));
  t.is(fieldError(refused).path, 'content');
  t.regex(fieldError(refused).message, /more than 50 pages/);

  // The page it was refused on serves the next render.
  const { file } = await render(sampleRenderRequest({ workspace_id: 'WSCAPOTHER', template_id: 'classic' }));
  t.is(file.pages, 1);
});

test.serial('the cap is exact: 49 pages print, 64 are refused after printing only the first 51', async (t) => {
  const ws = 'WSCAPEDGE1';
  const template = await upsert(ws, 'Square', pagePerCombination(2));
  const { file } = await render(withItems(7, { workspace_id: ws, template_id: template.id }));
  t.is(file.pages, 49);
  const err = await t.throwsAsync(render(withItems(8, { workspace_id: ws, template_id: template.id })));
  t.true(AppError.isKind(err, 'application'), String(err));
  t.regex(err!.message, /more than 50 pages/);
});

test.serial('a document made long by its @page margins is refused too', async (t) => {
  const ws = 'WSCAPMARG1';
  // 27 mm of each A4 page left for content: 2,500 paragraphs, under 100 pages of A4 height, print
  // on 834 pages (the count before the caps).
  const template = await upsert(
    ws,
    'Margins',
    '<html><head><style>@page { margin: 135mm 0 }</style></head><body>' +
      '{{#each @root.items}}{{#each @root.items}}<p>{{description}}</p>{{/each}}{{/each}}</body></html>',
  );
  const started = performance.now();
  const err = await t.throwsAsync(render(withItems(50, { workspace_id: ws, template_id: template.id })));
  t.log(`refused in ${Math.round(performance.now() - started)} ms`);
  t.true(AppError.isKind(err, 'application'), String(err));
  t.regex(err!.message, /more than 50 pages/);
});

test.serial('a template whose few pages hold more bytes than the cap is refused, naming the byte cap', async (t) => {
  const refused = await t.throwsAsync(
    svc.client.call('UpsertWorkspaceTemplate', {
      workspace_id: 'WSCAPBYTE1',
      name: 'Photos',
      content:
        '<html><body><h1>{{invoice_number}}</h1><img style="width: 80mm" src="{{noise 1}}"><img style="width: 80mm" src="{{noise 2}}"></body></html>',
      helpers: noiseHelper,
    }),
  );
  t.true(AppError.isKind(refused, 'validation'), String(refused));
  t.is(fieldError(refused).path, 'content');
  t.regex(fieldError(refused).message, new RegExp(`more than ${maxOutputBytes} bytes of PDF`));

  const { file } = await render(sampleRenderRequest({ workspace_id: 'WSCAPOTHER', template_id: 'classic' }));
  t.is(file.pages, 1);
});

test.serial('a normal invoice still renders, and the longest one the API accepts fits the page cap', async (t) => {
  for (const template_id of ['classic', 'modern']) {
    const { file } = await render(sampleRenderRequest({ workspace_id: 'WSCAPOK001', template_id }));
    t.is(file.pages, 1, template_id);
    // The gateway accepts up to 500 items.
    const long = await render(withItems(500, { workspace_id: 'WSCAPOK001', template_id }));
    t.log(`${template_id}: 500 items print on ${long.file.pages} pages, ${long.file.size_bytes} bytes`);
    t.true(long.file.pages > 1 && long.file.pages <= 50, `${long.file.pages} pages`);
  }
});
