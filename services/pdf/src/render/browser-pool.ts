import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { Logger } from '@invoice-platform/common/logger';
import { countPdfPages } from '../domain/files.ts';
import { estimatePages, estimateSlack, OutputLimitError, readCapped, withinMs } from './print-bounds.ts';

/**
 * Flags for Debian's Chromium running as root in a container or on a dev machine. The proxy pair
 * sends every http(s) fetch of a page (loopback included) to a closed port, so a workspace
 * template cannot reach internal addresses (no SSRF); inline and data: resources still work.
 */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--proxy-server=127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  // Two helper processes fewer (the network service and the software compositor run in the browser
  // process): about 20 MiB PSS less, same print speed (docs/benchmarks.md).
  '--enable-features=NetworkServiceInProcess2',
  '--in-process-gpu',
  // No spare renderer kept warm for a next navigation: the pool's pages are reused and never
  // navigate to a new site, so it would only hold about 18 MiB (docs/benchmarks.md).
  '--disable-features=SpareRendererForSitePerProcess',
];

export interface BrowserPoolOptions {
  executablePath: string;
  /** Warm pages kept open; also the number of prints that run at once. */
  size: number;
  log: Logger;
}

export interface PrintOptions {
  /** Whole print budget: waiting for a page, loading the HTML and printing. */
  timeoutMs: number;
  /** The most pages the PDF may have (OutputLimitError beyond, before printing them all). */
  maxPages: number;
  /** The most bytes the PDF may have (OutputLimitError beyond). */
  maxBytes: number;
}

/** Thrown for every print failure; the caller turns it into ApplicationError. */
export class PrintError extends Error {
  override readonly cause: unknown;
  constructor(message: string, cause?: unknown) {
    super(message);
    this.name = 'PrintError';
    this.cause = cause;
  }
}

interface Waiter {
  resolve: (page: Page) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * One shared Chromium with a pool of pre-opened ("warm") pages. Opening a page per render costs
 * about five times a print on a warm page (docs/architecture.md#pdf-rendering), so pages are opened
 * once and reused.
 *
 * - `print` borrows a page, loads the HTML with setContent (waitUntil: load), refuses a document
 *   whose pages or bytes exceed the caps (src/render/print-bounds.ts) and prints A4 with
 *   backgrounds. A page goes back to the pool only when it printed, or was refused, with nothing
 *   left in flight and the page still usable; otherwise it is closed and a fresh one takes its place.
 * - When the browser dies (crash, OOM kill) a print in flight fails; a new browser is launched
 *   at once, and the next print waits for it (or launches it) and succeeds.
 */
export class BrowserPool {
  private readonly opts: BrowserPoolOptions;
  private browser: Browser | undefined;
  private launching: Promise<Browser> | undefined;
  private userDataDir: string | undefined;
  /** Pages of the current browser that are free. */
  private idle: Page[] = [];
  /** Pages of the current browser (idle or lent). */
  private pages = new Set<Page>();
  private readonly waiters: Waiter[] = [];
  /** Pages being opened, counted so the pool never exceeds its size. */
  private opening = 0;
  private closed = false;
  private generation = 0;

  constructor(opts: BrowserPoolOptions) {
    this.opts = { ...opts, size: Math.max(1, opts.size) };
  }

  /**
   * Launches the browser and opens every page, so the first render is already warm. A browser that
   * will not start does not stop the service: templates and files are still served, health says
   * NOT_SERVING, and every render tries the launch again (failing with a PrintError meanwhile).
   */
  async start(): Promise<void> {
    try {
      await this.ensureBrowser();
      await this.fill();
    } catch (err) {
      this.opts.log.error({ err: (err as Error).message }, 'chromium did not start; renders will retry the launch');
    }
  }

  get connected(): boolean {
    return this.browser !== undefined && isAlive(this.browser);
  }

  /** Pid of the running Chromium (the browser process, parent of its renderers). */
  get browserPid(): number | undefined {
    return this.browser?.process()?.pid ?? undefined;
  }

  get size(): number {
    return this.opts.size;
  }

  /** Pages lent to a print right now. */
  get printing(): number {
    return this.pages.size - this.idle.length;
  }

  async print(html: string, opts: PrintOptions): Promise<Buffer> {
    if (this.closed) throw new PrintError('the browser pool is closed');
    const deadline = Date.now() + opts.timeoutMs;
    const remaining = () => Math.max(1, deadline - Date.now());
    let page: Page;
    try {
      page = await this.acquire(opts.timeoutMs);
      // A Chromium killed while idle still looks connected until its pipe's end is read, which can
      // come after this print began: a print on its page would fail a render that a relaunched
      // browser serves. One round trip settles it (it fails at once when the pipe is gone, and the
      // 'disconnected' handler has dropped that browser by then); the print then takes a page of
      // the new one. A browser that dies later, mid-print, still fails that print.
      if (!(await answers(page, remaining()))) {
        this.release(page, false);
        page = await this.acquire(remaining());
      }
    } catch (err) {
      throw err instanceof PrintError ? err : new PrintError('no browser page could be had', err);
    }
    let healthy = false;
    try {
      await page.setContent(html, { waitUntil: 'load', timeout: remaining() });
      const limit = estimateSlack * opts.maxPages;
      if ((await withinMs(estimatePages(page, limit), remaining(), 'measuring the document')) > limit) {
        healthy = true;
        throw new OutputLimitError('pages', opts.maxPages);
      }
      const stream = await page.createPDFStream({
        format: 'A4',
        printBackground: true,
        // One page past the cap tells a document over it from one that just fits.
        pageRanges: `1-${opts.maxPages + 1}`,
        timeout: remaining(),
      });
      // Past the byte cap the stream is left unread: the page is closed (healthy stays false),
      // which frees what Chromium still holds of it.
      const pdf = await readCapped(stream, opts.maxBytes, remaining);
      healthy = true;
      if (countPdfPages(pdf) > opts.maxPages) throw new OutputLimitError('pages', opts.maxPages);
      return pdf;
    } catch (err) {
      if (err instanceof OutputLimitError) throw err;
      throw new PrintError(`printing failed: ${(err as Error).message}`, err);
    } finally {
      this.release(page, healthy);
    }
  }

  /** Closes the browser and refuses further prints. */
  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiters.splice(0)) {
      clearTimeout(w.timer);
      w.reject(new PrintError('the browser pool is closed'));
    }
    const browser = this.browser ?? (await this.launching?.catch(() => undefined));
    this.browser = undefined;
    this.idle = [];
    this.pages.clear();
    if (browser) await browser.close().catch(() => undefined);
    await this.removeUserDataDir();
  }

  // ------------------------------------------------------------------------------------------

  private async acquire(timeoutMs: number): Promise<Page> {
    const browser = await this.ensureBrowser();
    const page = this.takeIdle(browser);
    if (page) return page;
    this.fill().catch((err: unknown) => this.opts.log.warn({ err }, 'opening a browser page failed'));
    return new Promise<Page>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          const i = this.waiters.indexOf(waiter);
          if (i >= 0) this.waiters.splice(i, 1);
          reject(new PrintError(`no browser page became free within ${timeoutMs} ms`));
        }, timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  private takeIdle(browser: Browser): Page | undefined {
    while (this.idle.length > 0) {
      const page = this.idle.shift()!;
      if (!page.isClosed() && isAlive(browser)) return page;
      this.pages.delete(page);
    }
    return undefined;
  }

  private release(page: Page, healthy: boolean): void {
    const current = this.browser;
    if (healthy && current && isAlive(current) && this.pages.has(page) && !page.isClosed()) {
      this.handOver(page);
      return;
    }
    this.pages.delete(page);
    if (!page.isClosed()) page.close().catch(() => undefined);
    if (this.closed) return;
    // Replace the page (launching a new browser first when this one died), so the pool stays full.
    this.ensureBrowser()
      .then(() => this.fill())
      .catch((err: unknown) => this.opts.log.warn({ err }, 'refilling the browser page pool failed'));
  }

  private handOver(page: Page): void {
    const waiter = this.waiters.shift();
    if (waiter) {
      clearTimeout(waiter.timer);
      waiter.resolve(page);
    } else {
      this.idle.push(page);
    }
  }

  /** Opens pages until the pool holds `size` of them. */
  private async fill(): Promise<void> {
    const browser = this.browser;
    if (!browser?.connected || this.closed) return;
    const missing = this.opts.size - this.pages.size - this.opening;
    const opened: Promise<void>[] = [];
    for (let i = 0; i < missing; i++) {
      this.opening++;
      opened.push(
        browser
          .newPage()
          .then(async (page) => {
            await preparePage(page);
            if (browser !== this.browser || !browser.connected || this.closed) {
              page.close().catch(() => undefined);
              return;
            }
            this.pages.add(page);
            this.handOver(page);
          })
          .finally(() => this.opening--),
      );
    }
    await Promise.all(opened);
  }

  private ensureBrowser(): Promise<Browser> {
    if (this.closed) return Promise.reject(new PrintError('the browser pool is closed'));
    if (this.browser && isAlive(this.browser)) return Promise.resolve(this.browser);
    this.launching ??= this.launch().finally(() => (this.launching = undefined));
    return this.launching;
  }

  private async launch(): Promise<Browser> {
    const generation = ++this.generation;
    this.browser = undefined;
    this.idle = [];
    this.pages = new Set();
    await this.removeUserDataDir();
    this.userDataDir = await mkdtemp(path.join(os.tmpdir(), 'pdf-chromium-'));
    const started = Date.now();
    const browser = await puppeteer.launch({
      executablePath: this.opts.executablePath,
      headless: true,
      pipe: true,
      userDataDir: this.userDataDir,
      args: chromiumArgs,
      // The service stops the browser itself on shutdown.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      protocolTimeout: 30_000,
    });
    let dead = false;
    const onDead = (why: string) => {
      if (dead || generation !== this.generation || this.closed) return;
      dead = true;
      this.opts.log.warn({ pid: browser.process()?.pid, why }, 'chromium is gone; relaunching');
      // Renderers may hold the pipe open a little longer: cut the connection so calls in flight
      // fail now instead of at their timeout.
      if (browser.connected) void browser.disconnect().catch(() => undefined);
      this.browser = undefined;
      this.idle = [];
      this.pages = new Set();
      // Relaunch now rather than on the next print: readiness (health) follows the browser, and a
      // service reported NOT_SERVING would otherwise get no render to trigger the relaunch.
      setTimeout(() => {
        if (this.closed || this.browser) return;
        this.ensureBrowser()
          .then(() => this.fill())
          .catch((err: unknown) => this.opts.log.error({ err }, 'relaunching chromium failed'));
      }, 100).unref();
    };
    browser.on('disconnected', () => onDead('disconnected'));
    browser.process()?.once('exit', (code, signal) => onDead(`exited (${signal ?? code})`));
    // The initial about:blank tab serves as the first pooled page.
    const [first] = await browser.pages();
    if (first) await preparePage(first);
    this.browser = browser;
    if (first) {
      this.pages.add(first);
      this.handOver(first);
    }
    this.opts.log.info({ pid: browser.process()?.pid, ms: Date.now() - started }, 'chromium launched');
    return browser;
  }

  private async removeUserDataDir(): Promise<void> {
    if (!this.userDataDir) return;
    const dir = this.userDataDir;
    this.userDataDir = undefined;
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * Scripts are off in pooled pages. A warm page keeps its JavaScript realm across setContent
 * (document.open reuses the window), so a template's script could leave timers or globals that
 * change the next workspace's document; templates are static HTML, rendered by handlebars.
 * Pages lay documents out for print media (printing uses it anyway), so the page count estimated
 * before printing sees the styles the print will use.
 */
async function preparePage(page: Page): Promise<void> {
  await page.setJavaScriptEnabled(false);
  await page.emulateMediaType('print');
}

/** Whether the page's Chromium answers a protocol round trip within `ms` (browser.version() is cached). */
async function answers(page: Page, ms: number): Promise<boolean> {
  try {
    await withinMs(page.evaluate('1'), ms, 'a round trip to chromium');
    return true;
  } catch {
    return false;
  }
}

/** Connected and its process not exited (a killed browser may still look connected for a moment). */
function isAlive(browser: Browser): boolean {
  const proc = browser.process();
  return browser.connected && (!proc || (proc.exitCode === null && proc.signalCode === null));
}
