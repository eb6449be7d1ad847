import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { repoRoot } from './platform.ts';

/**
 * Headless Chromium driven by playwright-core, for what only a browser shows: the public invoice
 * page as rendered, its form post and the redirects after it, its downloads, and what its
 * Content-Security-Policy refuses. Debian's Chromium, as the pdf service launches it (never a
 * browser download); one browser per test file, one context (cookies, IP, language) per session.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where sessions save screenshots and downloads: .local/test-output/<suite>/. */
export function testOutputDir(suite: string): string {
  const dir = path.join(repoRoot, '.local/test-output', suite);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export interface SessionOptions {
  /** Sent as X-Forwarded-For (the test platform trusts 127.0.0.1), so each session has its own IP limit. */
  ip?: string;
  /** The browser's language (navigator.language and Accept-Language). */
  locale?: string;
  viewport?: { width: number; height: number };
}

/** One main-frame document response: redirects appear in the order they were followed. */
export interface DocumentResponse {
  url: string;
  status: number;
  method: string;
  headers: Record<string, string>;
}

export class TestBrowser {
  private readonly browser: Browser;
  private readonly outputDir: string;

  private constructor(browser: Browser, outputDir: string) {
    this.browser = browser;
    this.outputDir = outputDir;
  }

  static async launch(suite: string): Promise<TestBrowser> {
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: [
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    return new TestBrowser(browser, testOutputDir(suite));
  }

  async session(opts: SessionOptions = {}): Promise<BrowserSession> {
    const context = await this.browser.newContext({
      acceptDownloads: true,
      locale: opts.locale ?? 'en-US',
      viewport: opts.viewport ?? { width: 1024, height: 900 },
      extraHTTPHeaders: opts.ip ? { 'x-forwarded-for': opts.ip } : {},
    });
    return new BrowserSession(context, await context.newPage(), this.outputDir);
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}

export class BrowserSession {
  /** Every main-frame document response since the session opened, redirects included. */
  readonly documents: DocumentResponse[] = [];
  /** Console errors and warnings, which is where Chromium reports what a CSP refused. */
  readonly consoleProblems: string[] = [];

  readonly context: BrowserContext;
  readonly page: Page;
  private readonly outputDir: string;

  constructor(context: BrowserContext, page: Page, outputDir: string) {
    this.context = context;
    this.page = page;
    this.outputDir = outputDir;
    page.on('response', (res) => {
      const req = res.request();
      if (!req.isNavigationRequest() || res.frame() !== page.mainFrame()) return;
      this.documents.push({ url: res.url(), status: res.status(), method: req.method(), headers: res.headers() });
    });
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') this.consoleProblems.push(msg.text());
    });
  }

  /** Opens `url` and waits for it to load; the document response (its status may be 4xx/5xx). */
  async open(url: string): Promise<DocumentResponse> {
    const res = await this.page.goto(url, { waitUntil: 'load' });
    if (!res) throw new Error(`no response for ${url}`);
    return this.documents.at(-1)!;
  }

  /**
   * Clicks what `selector` finds and waits until the navigation it starts (a form post, a link,
   * and every redirect after them) has loaded; the responses it went through, last one last.
   */
  async clickAndFollow(selector: string): Promise<DocumentResponse[]> {
    const before = this.documents.length;
    const navigated = this.page.waitForEvent('framenavigated', { predicate: (f) => f === this.page.mainFrame() });
    await this.page.click(selector);
    await navigated;
    await this.page.waitForLoadState('load');
    return this.documents.slice(before);
  }

  /** Clicks a download link; the file as saved under the test output. */
  async download(selector: string): Promise<{ name: string; path: string; bytes: Buffer }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.click(selector)]);
    const name = download.suggestedFilename();
    const file = path.join(this.outputDir, name);
    await download.saveAs(file);
    return { name, path: file, bytes: await readFile(file) };
  }

  /** The text a reader sees (CSS applied: hidden elements excluded). */
  text(): Promise<string> {
    return this.page.innerText('body');
  }

  /** A full-page PNG under the test output; returns its path. */
  async screenshot(name: string): Promise<string> {
    const file = path.join(this.outputDir, `${name}.png`);
    await this.page.screenshot({ path: file, fullPage: true });
    return file;
  }

  close(): Promise<void> {
    return this.context.close();
  }
}
