import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@invoice-platform/common/logger';
import { meter, secondsBuckets } from '@invoice-platform/common/metrics';
import { outputCapDefaults } from '../config.ts';
import type { BrowserPool } from './browser-pool.ts';
import { toFacturX } from './factur-x.ts';
import { OutputLimitError } from './print-bounds.ts';
import { printActionName, recipeName } from './warm-chrome-pdf.worker.ts';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Heap limits of each templating worker thread. A small young generation keeps the idle and peak
 * footprint down (about 40 MiB less for two workers, docs/benchmarks.md); the old-generation cap
 * makes a workspace template whose helpers allocate without end kill its own worker (jsreport
 * starts a new one) instead of the whole service.
 */
export const workerLimits = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 128 };

// jsreport ships CommonJS without type declarations; these are the few members used here.
interface JsReportResponse {
  content: Buffer;
  meta: { contentType?: string };
}
interface JsReport {
  use(extension: unknown): JsReport;
  init(): Promise<JsReport>;
  close(): Promise<unknown>;
  render(req: unknown): Promise<JsReportResponse>;
  registerMainAction(name: string, fn: (data: unknown, req: unknown) => Promise<unknown>): void;
}

const renderDuration = meter().createHistogram('invoice_platform.pdf.render.duration_seconds', {
  description: 'Time to template and print one PDF, by outcome (ok, template_error, error).',
  unit: 's',
  advice: { explicitBucketBoundaries: secondsBuckets },
});

/**
 * A template that failed to compile or run (bad handlebars or helpers) or whose output is over a
 * cap, as opposed to a print failure.
 */
export class TemplateError extends Error {
  readonly property: 'content' | 'helpers';
  /** Set when the output is over a cap: the same document is refused again whenever it is rendered. */
  readonly limit: OutputLimit | undefined;
  constructor(message: string, property: 'content' | 'helpers', limit?: OutputLimit) {
    super(message);
    this.name = 'TemplateError';
    this.property = property;
    this.limit = limit;
  }
}

export type OutputLimit = 'html_bytes' | 'pages' | 'output_bytes';

export interface RendererOptions {
  pool: BrowserPool;
  /** jsreport worker threads (templating runs there); one per pooled page is enough. */
  workers: number;
  timeoutMs: number;
  /** The most HTML a template may hand to Chromium; a nested loop can build hundreds of MB. */
  maxHtmlBytes: number;
  /** The most pages of one PDF (docs/architecture.md#pdf-rendering); PDF_MAX_PAGES's default when unset. */
  maxPages?: number;
  /** The most bytes of one PDF; PDF_MAX_OUTPUT_BYTES's default when unset. */
  maxOutputBytes?: number;
  log: Logger;
}

export interface RenderInput {
  /** Handlebars HTML. */
  content: string;
  /** Optional helpers (JavaScript source, top-level functions). */
  helpers?: string | undefined;
  data: unknown;
}

/**
 * jsreport-core with the handlebars engine and the `warm-chrome-pdf` recipe. Templating runs in
 * jsreport's worker threads (user helpers are sandboxed there and a runaway template is killed by
 * the report timeout without stalling this process); printing runs in this thread on the shared
 * warm page pool.
 */
export class PdfRenderer {
  private readonly jsreport: JsReport;
  private readonly opts: RendererOptions;

  private constructor(jsreport: JsReport, opts: RendererOptions) {
    this.jsreport = jsreport;
    this.opts = opts;
  }

  static async start(opts: RendererOptions): Promise<PdfRenderer> {
    const createJsReport = require('@jsreport/jsreport-core') as (options: unknown) => JsReport;
    const handlebars = require('@jsreport/jsreport-handlebars') as () => unknown;
    const jsreport = createJsReport({
      discover: false,
      useExtensionsLocationCache: false,
      rootDirectory: path.resolve(here, '../..'),
      tempDirectory: path.join(os.tmpdir(), 'pdf-jsreport'),
      logger: { silent: true },
      reportTimeout: opts.timeoutMs,
      workers: { numberOfWorkers: Math.max(1, opts.workers), resourceLimits: workerLimits },
      // Workspace templates carry user helpers: keep jsreport's sandbox on.
      trustUserCode: false,
      store: { provider: 'memory' },
      profiler: { defaultMode: 'disabled' },
    });
    jsreport.use(handlebars());
    jsreport.use({
      name: recipeName,
      directory: here,
      worker: 'warm-chrome-pdf.worker.ts',
      requires: { core: '4.x.x' },
    });
    jsreport.registerMainAction(printActionName, async (data) => {
      const { html } = data as { html: string };
      if (Buffer.byteLength(html, 'utf8') > opts.maxHtmlBytes)
        throw new TemplateError(`more than ${opts.maxHtmlBytes} bytes of HTML`, 'content');
      const pdf = await opts.pool.print(html, {
        timeoutMs: opts.timeoutMs,
        maxPages: opts.maxPages ?? outputCapDefaults.maxPages,
        maxBytes: opts.maxOutputBytes ?? outputCapDefaults.maxOutputBytes,
      });
      return { pdf };
    });
    await jsreport.init();
    return new PdfRenderer(jsreport, opts);
  }

  /** Renders to PDF bytes. TemplateError for a template that does not run; other errors for printing. */
  async render(input: RenderInput): Promise<Buffer> {
    const startedAt = performance.now();
    let outcome = 'error';
    try {
      const pdf = await this.renderPdf(input);
      outcome = 'ok';
      return pdf;
    } catch (err) {
      if (err instanceof TemplateError) outcome = 'template_error';
      throw err;
    } finally {
      renderDuration.record((performance.now() - startedAt) / 1000, { outcome });
    }
  }

  private async renderPdf(input: RenderInput): Promise<Buffer> {
    let res: JsReportResponse;
    try {
      res = await this.jsreport.render({
        template: {
          content: input.content,
          helpers: input.helpers ?? '',
          engine: 'handlebars',
          recipe: recipeName,
        },
        data: input.data,
      });
    } catch (err) {
      throw classify(err);
    }
    const pdf = Buffer.from(res.content);
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('the recipe did not produce a PDF');
    return pdf;
  }

  /**
   * A printed PDF made Factur-X PDF/A-3b with `xml` embedded (render/factur-x.ts; FacturXError when
   * it cannot be). The result is held to the byte cap like the print itself: past it, the same
   * TemplateError (`output_bytes`).
   */
  async withFacturX(pdf: Buffer, xml: string): Promise<Buffer> {
    const out = await toFacturX(pdf, xml, this.opts.log);
    const cap = this.opts.maxOutputBytes ?? outputCapDefaults.maxOutputBytes;
    if (out.length > cap) throw classify(new OutputLimitError('bytes', cap));
    return out;
  }

  /** The HTML the engine produces (jsreport's built-in html recipe): for previews and the benchmark. */
  async renderHtml(input: RenderInput): Promise<string> {
    try {
      const res = await this.jsreport.render({
        template: { content: input.content, helpers: input.helpers ?? '', engine: 'handlebars', recipe: 'html' },
        data: input.data,
      });
      return Buffer.from(res.content).toString('utf8');
    } catch (err) {
      throw classify(err);
    }
  }

  async close(): Promise<void> {
    await this.jsreport.close();
  }

  get options(): RendererOptions {
    return this.opts;
  }
}

/** jsreport reports engine failures as "Error when evaluating engine …" with `property` set. */
function classify(err: unknown): Error {
  const e = err as { message?: string; property?: string };
  const message = e?.message ?? String(err);
  if (/reaching memory limit|heap out of memory/i.test(message)) {
    return new TemplateError(
      `the template used more than the ${workerLimits.maxOldGenerationSizeMb} MiB a render may use`,
      'helpers',
    );
  }
  if (/Report timeout/i.test(message)) {
    // jsreport ends the render and replaces the worker the template ran in, so whatever its helpers
    // left running does not reach the next render.
    return new TemplateError('the template took longer than the render timeout', 'helpers');
  }
  // The caps' errors (the HTML check above, OutputLimitError of the pool) reach here as messages
  // through jsreport's worker.
  const overCap = /more than \d+ (pages|bytes of PDF|bytes of HTML)/.exec(message);
  if (overCap) {
    const limit = overCap[1] === 'pages' ? 'pages' : overCap[1] === 'bytes of PDF' ? 'output_bytes' : 'html_bytes';
    const most = limit === 'html_bytes' ? '' : `, the most a PDF may have`;
    return new TemplateError(`the template produced ${overCap[0]}${most}`, 'content', limit);
  }
  if (
    /Error when evaluating engine|Error when compiling|Parse error|helper/i.test(message) &&
    !/printing failed/.test(message)
  ) {
    return new TemplateError(message, e.property === 'helpers' ? 'helpers' : 'content');
  }
  return err instanceof Error ? err : new Error(message);
}
