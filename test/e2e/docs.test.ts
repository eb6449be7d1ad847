/**
 * The public reference routes (docs/architecture.md#public-contract): the API reference at /docs,
 * Redoc rendering the served /openapi.json from the bundle the gateway serves itself, under a
 * Content-Security-Policy that Chromium applies here; and the event contract at /asyncapi.json.
 *
 * UPDATE_SCREENSHOTS=1 also writes the rendered page to docs/api-reference.png.
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Parser } from '@asyncapi/parser';
import test from 'ava';
import { asyncApiText } from '../../scripts/asyncapi.ts';
import { TestBrowser, testOutputDir } from '../support/browser.ts';
import { Platform, repoRoot, request, uniqueIp } from '../support/platform.ts';

/** The limit per IP: the reference routes are asked more often than this from one address below. */
const ipLimit = 5;
const platform = new Platform({ gatewayEnv: { RATE_LIMIT_PER_IP: String(ipLimit) } });
let browser: TestBrowser;

test.before(async () => {
  await platform.start();
  browser = await TestBrowser.launch('e2e/docs');
});
test.after.always(async () => {
  await browser?.close();
  await platform.stop();
});

const url = (p: string) => `${platform.gateway.baseUrl}${p}`;

/** What the page may load, directive by directive (services/gateway/src/http/docs-pages.ts says why). */
const docsPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  "style-src 'unsafe-inline'",
  'worker-src blob:',
  "img-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');
const documentPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

interface OpenApi {
  paths: Record<string, Record<string, { operationId?: string; summary?: string }>>;
}

/** Every operation of the served document: method, path, operationId and summary. */
async function operations(): Promise<{ method: string; path: string; operationId: string; summary: string }[]> {
  const doc = (await (await fetch(url('/openapi.json'))).json()) as OpenApi;
  const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([m]) => methods.has(m))
      .map(([method, op]) => ({ method, path: p, operationId: op.operationId!, summary: op.summary! })),
  );
}

test('GET /docs: a static page with no inline script, under the reference CSP, nosniff, no Referer, revalidated', async (t) => {
  const res = await fetch(url('/docs'));
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'text/html; charset=utf-8');
  t.is(res.headers.get('content-security-policy'), docsPolicy);
  t.is(res.headers.get('x-content-type-options'), 'nosniff');
  t.is(res.headers.get('referrer-policy'), 'no-referrer');
  t.is(res.headers.get('cache-control'), 'no-cache');
  const html = await res.text();
  t.true(html.includes('<redoc spec-url="/openapi.json"'), html);
  // Scripts only by URL, from this gateway: the bundle, versioned.
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  t.deepEqual(
    scripts.map((m) => m[2]),
    [''],
  );
  t.regex(scripts[0]![1]!, /^ src="\/docs\/redoc\.standalone\.js\?v=\d+\.\d+\.\d+"$/);
  t.false(/https?:\/\//.test(html.replace(/xmlns='http:\/\/www\.w3\.org\/2000\/svg'/g, '')), 'no other origin');

  // The same page again is a 304 with the validator; /docs/ is the same page.
  // node:http: fetch asks past any cache (Cache-Control: no-cache) when it sends a validator.
  const again = await fetchRaw('/docs', { 'if-none-match': res.headers.get('etag')! });
  t.is(again.status, 304);
  t.is(again.headers.get('content-security-policy'), docsPolicy);
  const slash = await fetch(url('/docs/'));
  t.is(slash.status, 200);
  t.is(await slash.text(), html);
});

test('GET /docs/redoc.standalone.js: the bundle from the gateway itself, gzipped when asked, immutable under its version', async (t) => {
  const html = await (await fetch(url('/docs'))).text();
  const scriptPath = /src="([^"]+)"/.exec(html)![1]!;
  const gz = await request(platform.gateway.baseUrl, 'GET', scriptPath);
  t.is(gz.status, 200);

  // Raw bytes both ways: fetch would decode the gzip itself.
  const raw = await fetchRaw(scriptPath, { 'accept-encoding': 'identity' });
  const zipped = await fetchRaw(scriptPath, { 'accept-encoding': 'gzip, deflate, br' });
  t.is(raw.status, 200);
  t.is(raw.headers.get('content-type'), 'text/javascript; charset=utf-8');
  t.is(raw.headers.get('content-encoding'), null);
  t.is(zipped.headers.get('content-encoding'), 'gzip');
  t.true(gunzipSync(zipped.body).equals(raw.body));
  t.true(zipped.body.length < raw.body.length / 2, `${zipped.body.length} of ${raw.body.length} bytes`);
  t.is(raw.headers.get('vary'), 'Accept-Encoding');
  t.not(raw.headers.get('etag'), zipped.headers.get('etag'));
  t.is(raw.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  t.is(raw.headers.get('x-content-type-options'), 'nosniff');
  t.is(raw.headers.get('content-security-policy'), documentPolicy);
  // The one remote URL Redoc's bundle loads (its logo) is not in the copy served.
  t.false(raw.body.includes('cdn.redoc.ly'));

  // Without the page's version in the URL: the same file, revalidated each time.
  const plain = await fetchRaw('/docs/redoc.standalone.js', { 'accept-encoding': 'identity' });
  t.true(plain.body.equals(raw.body));
  t.is(plain.headers.get('cache-control'), 'no-cache');
  const fresh = await fetchRaw('/docs/redoc.standalone.js', {
    'accept-encoding': 'identity',
    'if-none-match': plain.headers.get('etag')!,
  });
  t.is(fresh.status, 304);
  t.is(fresh.body.length, 0);
});

/** A GET whose body comes back as sent (node:http, no decoding). */
async function fetchRaw(
  p: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const { request: httpRequest } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = httpRequest(url(p), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
        resolve({ status: res.statusCode!, headers: h, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

test('GET /docs renders in Chromium: every operation of /openapi.json listed, search works, no CSP violation, no failed request', async (t) => {
  t.timeout(120_000);
  const ops = await operations();
  t.true(ops.length >= 15, `${ops.length} operations`);
  const session = await browser.session({ ip: uniqueIp(), viewport: { width: 1280, height: 800 } });
  try {
    const { page } = session;
    const failed: string[] = [];
    const workers: string[] = [];
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    page.on('requestfailed', (r) => failed.push(`${r.method()} ${r.url()}: ${r.failure()?.errorText}`));
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.request().method()} ${r.url()}: ${r.status()}`);
    });
    page.on('pageerror', (e) => failed.push(`page error: ${e.message}`));
    page.on('worker', (w) => workers.push(w.url()));
    // Runs in the browser before the page's own script; typed by hand, as the tests compile without the DOM library.
    await page.addInitScript(() => {
      const g = globalThis as unknown as {
        cspViolations: string[];
        addEventListener(type: string, fn: (e: { violatedDirective: string; blockedURI: string }) => void): void;
      };
      g.cspViolations = [];
      g.addEventListener('securitypolicyviolation', (e) =>
        g.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const doc = await session.open(url('/docs'));
    t.is(doc.status, 200);
    t.is(doc.headers['content-security-policy'], docsPolicy);

    // The sidebar lists every operation under its summary, and the middle panel shows each one's path.
    const menuItem = (op: { operationId: string }) =>
      `li[role="menuitem"][data-item-id$="/operation/${op.operationId}"]`;
    await page.waitForSelector(menuItem(ops.at(-1)!), { state: 'attached', timeout: 60_000 });
    for (const op of ops) {
      t.is(await page.getAttribute(menuItem(op), 'aria-label'), op.summary, `${op.operationId} in the sidebar`);
      const heading = page.locator('h2', { hasText: op.summary }).first();
      t.is(await heading.count(), 1, `${op.operationId}: its section`);
    }
    const text = await page.innerText('body');
    for (const p of ['/api/invoices/generate-external', '/api/invoices/external/{id}', '/p/invoice/{id}/pay'])
      t.true(text.includes(p), `${p} shown`);
    const shot = path.join(testOutputDir('e2e/docs'), 'api-reference.png');
    await page.screenshot({ path: shot });
    if (process.env.UPDATE_SCREENSHOTS === '1') copyFileSync(shot, path.join(repoRoot, 'docs/api-reference.png'));

    // Search runs in Redoc's worker (worker-src blob:) and finds an operation.
    const skip = ops.find((o) => o.operationId === 'skipRecurringOccurrence')!;
    await page.fill('input[placeholder="Search..."]', 'occurrence');
    await page
      .locator(`[data-role="search:results"] ${menuItem(skip)}`, { hasText: skip.summary })
      .first()
      .waitFor({ timeout: 30_000 });
    t.true(
      workers.some((w) => w.startsWith('blob:')),
      `workers: ${workers.join(', ')}`,
    );

    const violations = await page.evaluate(() => (globalThis as unknown as { cspViolations: string[] }).cspViolations);
    t.deepEqual(violations, []);
    t.deepEqual(session.consoleProblems, []);
    t.deepEqual(failed, []);
    // Nothing but this gateway was asked for anything.
    t.deepEqual(
      [...new Set(requested.map((r) => new URL(r).origin))].filter(
        (o) => o !== platform.gateway.baseUrl && o !== 'null',
      ),
      [],
    );
  } finally {
    await session.close();
  }
});

test('GET /asyncapi.json: the event contract scripts/asyncapi.ts writes to docs/, valid for the AsyncAPI parser', async (t) => {
  const res = await fetch(url('/asyncapi.json'));
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'application/json; charset=utf-8');
  t.is(res.headers.get('x-content-type-options'), 'nosniff');
  t.is(res.headers.get('content-security-policy'), documentPolicy);
  t.is(res.headers.get('cache-control'), 'no-cache');
  const text = await res.text();
  t.deepEqual(JSON.parse(text), JSON.parse(asyncApiText()));
  const { document, diagnostics } = await new Parser().parse(text);
  t.deepEqual(
    diagnostics.filter((d) => d.severity === 0).map((d) => `${d.code}: ${d.message} at ${d.path.join('.')}`),
    [],
  );
  t.deepEqual(
    document!
      .channels()
      .all()
      .map((c) => c.address()),
    ['invoice.lifecycle.v1', 'workspace.v1', 'recurring.v1'],
  );
  const again = await fetchRaw('/asyncapi.json', { 'if-none-match': res.headers.get('etag')! });
  t.is(again.status, 304);
});

test('GET /docs, its script and /asyncapi.json need no key and count against no rate limit; other methods get the JSON 404', async (t) => {
  const ip = uniqueIp();
  const html = await (await fetch(url('/docs'))).text();
  const scriptPath = /src="([^"]+)"/.exec(html)![1]!;
  for (let i = 0; i < ipLimit * 2; i++) {
    for (const p of ['/docs', scriptPath, '/asyncapi.json', '/openapi.json']) {
      const res = await request(platform.gateway.baseUrl, 'GET', p, { ip });
      t.is(res.status, 200, `${p} #${i + 1}`);
      t.is(res.headers.get('x-ratelimit-limit'), null);
    }
  }
  // The limit itself is on: a keyless API request from the same address is counted.
  const api = await request(platform.gateway.baseUrl, 'GET', '/api/invoices/external', { ip });
  t.is(api.headers.get('x-ratelimit-limit'), String(ipLimit));

  const notFound = await request(platform.gateway.baseUrl, 'POST', '/openapi.json', { ip: uniqueIp() });
  t.is(notFound.status, 404);
  for (const p of ['/docs', '/docs/redoc.standalone.js', '/asyncapi.json', '/docs/other.js']) {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await request(platform.gateway.baseUrl, method, p, { ip: uniqueIp() });
      t.is(res.status, 404, `${method} ${p}`);
      t.deepEqual(res.body, notFound.body, `${method} ${p}`);
    }
  }
  const head = await fetch(url('/docs'), { method: 'HEAD' });
  t.is(head.status, 200);
  t.is(head.headers.get('content-security-policy'), docsPolicy);
});
