import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import { createLogger } from '../../services/common/src/logger.ts';
import { repoRoot } from '../../test/support/platform.ts';
import {
  buildTemplateData,
  type RenderRequest,
  validateRenderRequest,
} from '../../services/pdf/src/domain/document.ts';
import { BrowserPool, chromiumArgs } from '../../services/pdf/src/render/browser-pool.ts';
import { PdfRenderer, type RenderInput } from '../../services/pdf/src/render/renderer.ts';
import { loadSystemTemplateSources } from '../../services/pdf/src/render/system-templates.ts';

// bench/ is not a workspace package: its dependencies resolve from the pdf service's node_modules,
// which is also where the service's own puppeteer-core (the same version) comes from.
const fromPdf = createRequire(path.join(repoRoot, 'services/pdf/package.json'));
const { default: puppeteer } = (await import(
  pathToFileURL(fromPdf.resolve('puppeteer-core')).href
)) as typeof import('puppeteer-core');

/**
 * The pdf service's renderer (jsreport + handlebars + warm-chrome-pdf on a BrowserPool of two
 * pages, two jsreport workers: the service's defaults) in this process, as render-bench runs it:
 * the render path without gRPC and without the GridFS store.
 */
export class ServiceRenderer {
  private readonly renderer: PdfRenderer;
  private readonly pool: BrowserPool;
  private readonly input: RenderInput;

  private constructor(renderer: PdfRenderer, pool: BrowserPool, input: RenderInput) {
    this.renderer = renderer;
    this.pool = pool;
    this.input = input;
  }

  static async start(executablePath: string, req: RenderRequest): Promise<ServiceRenderer> {
    const sources = loadSystemTemplateSources();
    const { document, language, marking } = validateRenderRequest(req);
    const log = createLogger('bench', 'warn');
    const pool = new BrowserPool({ executablePath, size: 2, log });
    await pool.start();
    const renderer = await PdfRenderer.start({
      pool,
      workers: 2,
      timeoutMs: 15_000,
      maxHtmlBytes: 5 * 1024 * 1024,
      log,
    });
    const input = {
      content: sources.byId.get(req.template_id!)!,
      data: buildTemplateData(document, language, marking),
    };
    return new ServiceRenderer(renderer, pool, input);
  }

  /** The HTML the service prints (jsreport's html recipe on the same template and data). */
  html(): Promise<string> {
    return this.renderer.renderHtml(this.input);
  }

  render(): Promise<Buffer> {
    return this.renderer.render(this.input);
  }

  async close(): Promise<void> {
    await this.renderer.close();
    await this.pool.close();
  }
}

/**
 * Plain puppeteer-core with the service's launch flags and warm pages (JavaScript off, as the
 * service's pages): the floor any render path on this machine can reach.
 */
export class RawChromium {
  private readonly browser: Browser;
  private readonly userDataDir: string;
  private readonly free: Page[];

  private constructor(browser: Browser, userDataDir: string, pages: Page[]) {
    this.browser = browser;
    this.userDataDir = userDataDir;
    this.free = pages;
  }

  static async launch(executablePath: string, pages: number): Promise<RawChromium> {
    const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-chromium-'));
    const browser = await puppeteer.launch({
      executablePath,
      headless: true,
      pipe: true,
      userDataDir,
      args: chromiumArgs,
    });
    const opened = [(await browser.pages())[0] ?? (await browser.newPage())];
    while (opened.length < pages) opened.push(await browser.newPage());
    for (const p of opened) await p.setJavaScriptEnabled(false);
    return new RawChromium(browser, userDataDir, opened);
  }

  /** Prints on a free page; callers keep concurrency at or below the number of pages. */
  async print(html: string): Promise<Uint8Array> {
    const page = this.free.pop();
    if (!page) throw new Error('no free page: concurrency above the pool size');
    try {
      await page.setContent(html, { waitUntil: 'load' });
      return await page.pdf({ format: 'A4', printBackground: true });
    } finally {
      this.free.push(page);
    }
  }

  version(): Promise<string> {
    return this.browser.version();
  }

  async close(): Promise<void> {
    await this.browser.close();
    await rm(this.userDataDir, { recursive: true, force: true });
  }
}
