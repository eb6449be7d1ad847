import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import Router from '@koa/router';
import type { Context } from 'koa';

export interface DocsDeps {
  /** The served OpenAPI document (GET /openapi.json), built once on first use. */
  openapi: () => object;
  /** The event contract (GET /asyncapi.json), the document scripts/asyncapi.ts writes to docs/. */
  asyncapi: () => object;
}

/**
 * Redoc's standalone bundle from the gateway's own dependencies: the image installs them
 * (deploy/docker/Dockerfile.slim), so the page needs no CDN. Resolved when the app is built, so a
 * missing bundle stops the gateway at start rather than breaking the page later.
 */
const require = createRequire(import.meta.url);
const redocBundlePath = require.resolve('redoc/bundles/redoc.standalone.js');
const redocVersion = (require('redoc/package.json') as { version: string }).version;

/** Where the page loads the bundle from; the version in the query makes a new Redoc a new URL. */
export const redocScriptPath = '/docs/redoc.standalone.js';
const redocScriptUrl = `${redocScriptPath}?v=${redocVersion}`;

/**
 * The API reference page (docs/architecture.md#public-contract): Redoc renders /openapi.json.
 * No inline script: the bundle starts itself on the <redoc> element and reads its options from the
 * attributes. Absolute paths, so /docs/ (the router is not strict) loads the same URLs; an empty
 * icon, so the browser asks for no /favicon.ico.
 */
const page = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoice platform API reference</title>
<link rel="icon" href="data:,">
<style>body { margin: 0; }</style>
</head>
<body>
<redoc spec-url="/openapi.json" required-props-first="true" path-in-middle-panel="true"></redoc>
<script src="${redocScriptUrl}"></script>
</body>
</html>
`;

/**
 * The page's Content-Security-Policy: nothing but what Redoc uses (checked in Chromium by
 * test/e2e/docs.test.ts, which fails on any violation).
 */
export const docsPolicy = [
  // Everything not named below, fonts included: Redoc's theme names system fonts and loads none.
  "default-src 'none'",
  // The bundle, from this gateway; no inline script, no eval.
  "script-src 'self'",
  // Redoc fetches the document it renders (/openapi.json) from here.
  "connect-src 'self'",
  // styled-components writes Redoc's styles into <style> elements it creates at run time.
  "style-src 'unsafe-inline'",
  // The search index runs in a worker Redoc starts from a blob: URL.
  'worker-src blob:',
  // Redoc's icons are data: images in its styles.
  "img-src 'self' data:",
  // Not framed (click-jacking), no <base> to redirect the bundle's URL, no form, no plugin.
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');

/** The JSON documents: the same policy as a file the browser shows (nothing to load, no frame). */
const documentPolicy = ["default-src 'none'", "frame-ancestors 'none'", "base-uri 'none'", "form-action 'none'"].join(
  '; ',
);

/** Headers of every reference answer: no MIME sniffing, and the reader's URL goes to no other site. */
function setCommonHeaders(ctx: Context, policy: string): void {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Content-Security-Policy', policy);
}

/** A strong validator of `body`. */
const etagOf = (body: string | Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Answers `body`, or 304 when the client's copy (If-None-Match) is current. */
function sendCached(ctx: Context, body: string | Buffer, type: string, etag: string, cacheControl: string): void {
  ctx.set('Cache-Control', cacheControl);
  ctx.set('ETag', etag);
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = type;
  ctx.body = body;
}

/**
 * The one remote resource the bundle loads: the Redocly logo beside the "API docs by Redocly" link
 * of the sidebar, from Redocly's CDN. The policy would refuse it; an empty image of our own takes
 * its place, so the page asks no other site for anything and the link stays.
 */
const remoteLogo = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const localLogo = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='0' height='0'/%3E";

/** The bundle, read (and gzipped) once, on its first request: a gateway nobody reads the docs of holds none of it. */
interface Bundle {
  raw: Buffer;
  gzipped: Buffer;
  etag: string;
}
let bundle: Promise<Bundle> | undefined;
function loadBundle(): Promise<Bundle> {
  if (!bundle) {
    bundle = (async () => {
      const raw = Buffer.from((await readFile(redocBundlePath, 'utf8')).replaceAll(remoteLogo, localLogo));
      return { raw, gzipped: await promisify(gzip)(raw, { level: 9 }), etag: etagOf(raw) };
    })();
    // A failed read is tried again next time rather than kept.
    bundle.catch(() => (bundle = undefined));
  }
  return bundle;
}

/**
 * The public reference routes, without a key: GET /openapi.json, the API reference page at /docs
 * with its script, and GET /asyncapi.json, the Kafka event contract. Like /openapi.json they answer
 * from memory and reach no peer and no Redis, so no rate limit counts them (the ones that do:
 * docs/architecture.md#rate-limits); an unknown method falls through to the JSON 404.
 */
export function docsRouter(deps: DocsDeps): Router {
  const router = new Router();
  const pageEtag = etagOf(page);
  let asyncapi: { text: string; etag: string } | undefined;

  router.get('/openapi.json', (ctx) => {
    ctx.body = deps.openapi();
  });

  router.get('/asyncapi.json', (ctx) => {
    setCommonHeaders(ctx, documentPolicy);
    asyncapi ??= ((text) => ({ text, etag: etagOf(text) }))(JSON.stringify(deps.asyncapi()));
    sendCached(ctx, asyncapi.text, 'application/json; charset=utf-8', asyncapi.etag, 'no-cache');
  });

  router.get('/docs', (ctx) => {
    setCommonHeaders(ctx, docsPolicy);
    // Revalidated each time: the page names the bundle's version, which a deploy may change.
    sendCached(ctx, page, 'text/html; charset=utf-8', pageEtag, 'no-cache');
  });

  router.get(redocScriptPath, async (ctx) => {
    setCommonHeaders(ctx, documentPolicy);
    const { raw, gzipped, etag } = await loadBundle();
    // The page's URL names the version: that copy never changes. Any other is revalidated.
    const cacheControl = ctx.query.v === redocVersion ? 'public, max-age=31536000, immutable' : 'no-cache';
    ctx.vary('Accept-Encoding');
    const gz = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
    // Each encoding is its own representation, with its own validator.
    sendCached(
      ctx,
      gz ? gzipped : raw,
      'text/javascript; charset=utf-8',
      gz ? `${etag.slice(0, -1)}-gz"` : etag,
      cacheControl,
    );
    if (gz && ctx.status === 200) ctx.set('Content-Encoding', 'gzip');
  });

  return router;
}
