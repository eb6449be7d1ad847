import type { Page } from 'puppeteer-core';

/**
 * What bounds one print (docs/architecture.md#pdf-rendering). Chromium paginates the whole
 * document on every printToPDF, even when asked for a page range: measured on Chromium 156, a
 * 5,000-page document takes 10 s to print its 51st page alone, and 1,600 pages of plain paragraphs
 * took a minute. Hence three steps, cheapest first:
 *
 * 1. Before printing, a lower bound of the page count from the laid-out document (the pooled pages
 *    emulate print media): its height over the smallest page box its `@page` rules allow, and its
 *    forced breaks. Far over the cap: refused without printing.
 * 2. Printing asks for the first cap + 1 pages only, so what is drawn and encoded stays bounded
 *    whatever the estimate missed; cap + 1 pages printed means the document is over the cap.
 * 3. The PDF is read from Chromium as a stream and reading stops past the byte cap.
 */

/** A4 as puppeteer prints `format: 'A4'` (8.27 × 11.7 in), in CSS pixels. */
export const a4Px = { width: 8.27 * 96, height: 11.7 * 96 };

/**
 * The estimate refuses only past twice the cap: it is a lower bound made from the screen layout,
 * and the slack keeps its errors (page boxes of `:first` pages, margins dropped at breaks) from
 * refusing a document that prints within the cap. The exact count of step 2 refuses the rest,
 * after paginating at most about twice the cap.
 */
export const estimateSlack = 2;

/** A document over a cap: the template's doing, not a printing failure. */
export class OutputLimitError extends Error {
  readonly limit: 'pages' | 'bytes';
  constructor(limit: 'pages' | 'bytes', cap: number) {
    super(limit === 'pages' ? `more than ${cap} pages` : `more than ${cap} bytes of PDF`);
    this.name = 'OutputLimitError';
    this.limit = limit;
  }
}

/**
 * Runs in the page (JavaScript is off for page scripts, not for evaluation): the page boxes of the
 * `@page` rules, the document height, and the forced breaks (distinct edges, as consecutive breaks
 * with nothing between them make one). Plain JavaScript in a string: the service is compiled
 * without DOM types.
 */
const measureInPage = `(opts) => {
  const mm = 96 / 25.4;
  const named = { a5: [148, 210], a4: [210, 297], a3: [297, 420], b5: [176, 250], b4: [250, 353],
    'jis-b5': [182, 257], 'jis-b4': [257, 364], letter: [215.9, 279.4], legal: [215.9, 355.6],
    ledger: [279.4, 431.8] };
  const units = { px: 1, mm, cm: 10 * mm, q: mm / 4, in: 96, pt: 96 / 72, pc: 16, em: 16, rem: 16 };
  let probe;
  const toPx = (value, basis) => {
    const v = String(value || '').trim().toLowerCase();
    if (v === '' || v === 'auto') return 0;
    const m = /^(-?\\d*\\.?\\d+(?:e[-+]?\\d+)?)(px|mm|cm|q|in|pt|pc|em|rem|%)?$/.exec(v);
    if (m) return m[2] === '%' ? (Number(m[1]) * basis) / 100 : Number(m[1]) * (m[2] ? units[m[2]] : 0);
    if (!probe) {
      probe = document.createElement('div');
      probe.style.cssText = 'position:absolute;visibility:hidden;font-size:16px';
      document.documentElement.appendChild(probe);
    }
    probe.style.width = basis + 'px';
    probe.style.marginTop = '';
    probe.style.marginTop = v;
    const px = parseFloat(getComputedStyle(probe).marginTop);
    return Number.isFinite(px) ? px : 0;
  };
  const boxes = [{ w: opts.width, h: opts.height }];
  const pageRule = (rule) => {
    const s = rule.style;
    let w = opts.width;
    let h = opts.height;
    const size = s.getPropertyValue('size').trim().toLowerCase();
    if (size && size !== 'auto') {
      const parts = size.split(/\\s+/);
      const rest = parts.filter((p) => p !== 'landscape' && p !== 'portrait');
      const paper = rest.length === 1 ? named[rest[0]] : undefined;
      if (paper) [w, h] = [paper[0] * mm, paper[1] * mm];
      else if (rest.length > 0) [w, h] = [toPx(rest[0], 0), toPx(rest[1] || rest[0], 0)];
      if (parts.includes('landscape') && h > w) [w, h] = [h, w];
    }
    const side = (name, basis) => Math.max(0, toPx(s.getPropertyValue('margin-' + name), basis));
    boxes.push({ w: w - side('left', w) - side('right', w), h: h - side('top', h) - side('bottom', h) });
  };
  const walk = (rules) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSPageRule) pageRule(rule);
      else if (rule instanceof CSSMediaRule) {
        if (matchMedia(rule.media.mediaText).matches) walk(rule.cssRules);
      } else if (rule instanceof CSSImportRule) {
        if (rule.styleSheet) walk(rule.styleSheet.cssRules);
      } else if (rule.cssRules && !(rule instanceof CSSStyleRule)) walk(rule.cssRules);
    }
  };
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      walk(sheet.cssRules);
    } catch {}
  }
  if (probe) probe.remove();
  const width = Math.max(1, Math.min(...boxes.map((b) => b.w)));
  const height = Math.max(1, Math.min(...boxes.map((b) => b.h)));
  const byHeight = Math.ceil(document.documentElement.scrollHeight / height);
  if (byHeight > opts.limit) return { width, viewport: innerWidth, pages: byHeight };
  const forced = new Set(['page', 'left', 'right', 'recto', 'verso', 'always']);
  const edges = new Set();
  const roots = [document];
  while (roots.length > 0 && edges.size <= opts.limit) {
    for (const el of roots.pop().querySelectorAll('*')) {
      if (el.shadowRoot) roots.push(el.shadowRoot);
      const s = getComputedStyle(el);
      const before = forced.has(s.breakBefore);
      const after = forced.has(s.breakAfter);
      const namedPage = Boolean(s.page) && s.page !== 'auto';
      if (!before && !after && !namedPage) continue;
      const r = el.getBoundingClientRect();
      if (before || namedPage) edges.add(Math.round(r.top + scrollY));
      if (after || namedPage) edges.add(Math.round(r.bottom + scrollY));
      if (edges.size > opts.limit) break;
    }
  }
  return { width, viewport: innerWidth, pages: Math.max(byHeight, edges.size + 1) };
}`;

interface Measure {
  /** Narrowest content width the page boxes allow, CSS px. */
  width: number;
  /** Width the document was laid out at. */
  viewport: number;
  /** Lower bound of the pages (beyond `limit`, the first bound that passed it). */
  pages: number;
}

/**
 * A lower bound of the pages the loaded document prints on, exact enough up to `limit`. When the
 * page boxes are much narrower (or wider) than the viewport, the document is laid out again at
 * their width, since text wraps, and grows, with the width.
 */
export async function estimatePages(page: Page, limit: number): Promise<number> {
  const measure = async () =>
    (await page.evaluate(`(${measureInPage})(${JSON.stringify({ ...a4Px, limit })})`)) as Measure;
  let m = await measure();
  if (m.width < m.viewport * 0.75 || m.width > m.viewport / 0.75) {
    const height = page.viewport()?.height ?? 600;
    await page.setViewport({ width: Math.min(8192, Math.max(16, Math.round(m.width))), height });
    m = await measure();
  }
  return m.pages;
}

/**
 * Reads Chromium's PDF stream up to `maxBytes`. Past it, reading stops (the rest stays in the
 * browser until the page is closed) and OutputLimitError is thrown. Chromium hands the stream out
 * once the whole PDF is made, in chunks of up to 10 MiB, so this bounds the transfer and what this
 * process holds, not the printing; the page cap bounds that.
 */
export async function readCapped(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
  remainingMs: () => number,
): Promise<Buffer> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await withinMs(reader.read(), remainingMs(), 'reading the PDF');
    if (done) return Buffer.concat(chunks, size);
    size += value.byteLength;
    if (size > maxBytes) {
      reader.cancel().catch(() => undefined);
      throw new OutputLimitError('bytes', maxBytes);
    }
    chunks.push(value);
  }
}

/** The promise, or a rejection once `ms` have passed. */
export function withinMs<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}
