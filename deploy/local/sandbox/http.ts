/**
 * What every fake provider server shares: a node:http server on a free loopback port, the raw body
 * of each request, and the provider's hosted checkout page with its Pay button.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { DeliveredNotification, FakeNotification } from './types.ts';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: Buffer;
}

export type Handler = (req: FakeRequest, res: ServerResponse) => unknown;

export interface FakeServer {
  baseUrl: string;
  /** Every request received, oldest first (what the adapter sent). */
  requests: FakeRequest[];
  stop(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

let selfSigned: { key: string; cert: string } | undefined;

/**
 * A throwaway self-signed certificate for 127.0.0.1 (openssl), for the one SDK that speaks only
 * HTTPS (Mollie's pins its own CA bundle, so the process calling the fake runs with
 * NODE_TLS_REJECT_UNAUTHORIZED=0; test/support/platform.ts sets it for the payment service).
 */
function certificate(): { key: string; cert: string } {
  if (!selfSigned) {
    const pem = execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        '-',
        '-out',
        '-',
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const key = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/.exec(pem)?.[0];
    const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(pem)?.[0];
    if (!key || !cert) throw new Error('openssl did not make a certificate');
    selfSigned = { key, cert };
  }
  return selfSigned;
}

export async function startFakeServer(
  handler: Handler,
  opts: { tls?: boolean; port?: number } = {},
): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const body = await readBody(req);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const fr: FakeRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://fake'),
        headers,
        body,
      };
      requests.push(fr);
      try {
        await handler(fr, res);
      } catch (err) {
        if (!res.headersSent) json(res, 500, { error: String(err) });
      }
    })();
  };
  const server = opts.tls ? createTlsServer(certificate(), listener) : createServer(listener);
  await listen(server, opts.port);
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Listens on 127.0.0.1 at `port` (a free one when 0 or undefined); rejects when it is taken. */
export function listen(server: Server, port = 0): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The provider's hosted page: the amount and a Pay button (id "pay") that posts to `payAction`;
 * the fake then records the payment, sends the notification and answers 303 to the return URL.
 * A Cancel link goes back to the return URL without paying.
 */
export function checkoutPage(
  res: ServerResponse,
  page: { title: string; amount: string; currency: string; payAction: string; returnUrl: string },
): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(page.title)} checkout</title></head>
<body>
<h1>${escape(page.title)}</h1>
<p id="amount">${escape(page.amount)} ${escape(page.currency)}</p>
<form method="post" action="${escape(page.payAction)}"><button id="pay" type="submit">Pay</button></form>
<p><a id="cancel" href="${escape(page.returnUrl)}">Cancel</a></p>
</body></html>`);
}

/** After the Pay button: sends the notification (its answer is the payment service's business) and returns the customer. */
export async function payAndReturn(
  res: ServerResponse,
  notification: FakeNotification,
  deliver: (n: FakeNotification) => Promise<unknown>,
  returnUrl: string,
): Promise<void> {
  await deliver(notification).catch(() => undefined);
  res.writeHead(303, { location: returnUrl });
  res.end();
}

/**
 * The hosted page of a checkout that can no longer be paid (expired, cancelled at the provider):
 * 410 with the provider's message in `#closed`, and no Pay button. Its Pay form post gets the same.
 */
export function closedPage(res: ServerResponse, title: string, message: string): void {
  html(res, 410, title, `<h1>${escapeHtml(title)}</h1>\n<p id="closed">${escapeHtml(message)}</p>`);
}

/**
 * Where a fake's notifications go (its page's Pay, and what the provider sends on its own): at once,
 * or, while held (holdNotifications(true)), into a queue that release() delivers in order.
 */
export interface Outbox {
  /** Delivers now (the answer), or queues while held (undefined); a notification without a URL goes nowhere. */
  send(n: FakeNotification): Promise<{ status: number; body: string } | undefined>;
  hold(on: boolean): void;
  held(): FakeNotification[];
  release(): Promise<DeliveredNotification[]>;
}

export function outbox(deliver: (n: FakeNotification) => Promise<{ status: number; body: string }>): Outbox {
  let holding = false;
  const queue: FakeNotification[] = [];
  return {
    send: async (n) => {
      if (!n.url) return undefined;
      if (holding) {
        queue.push(n);
        return undefined;
      }
      return deliver(n);
    },
    hold: (on) => {
      holding = on;
    },
    held: () => [...queue],
    release: async () => {
      const answers: DeliveredNotification[] = [];
      // One at a time, oldest first; one that cannot be delivered stays queued with those after it.
      while (queue.length > 0) {
        const n = queue[0]!;
        const answer = await deliver(n);
        queue.shift();
        answers.push({ notification: n, ...answer });
      }
      return answers;
    },
  };
}

/**
 * Sends a notification as the provider would. `redirect: 'manual'` for the fakes that never had a
 * notification follow a redirect (Midtrans, Xendit, Razorpay); the others keep fetch's default.
 */
export async function deliverOverHttp(
  n: FakeNotification,
  opts: { redirect?: 'manual' } = {},
): Promise<{ status: number; body: string }> {
  const url = n.query ? `${n.url}?${n.query}` : n.url;
  const res = await fetch(url, {
    method: n.method,
    headers: n.headers,
    body: n.method === 'GET' ? undefined : n.body,
    ...opts,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: await res.text() };
}

export function randomId(prefix: string, length = 16): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(Math.random() * alphabet.length)];
  return `${prefix}${out}`;
}

/*
 * For the fakes that serve node:http themselves (Midtrans, Xendit, Razorpay): their requests'
 * Basic auth and text, JSON objects, and their hosted page's HTML.
 */

export function basicAuth(req: IncomingMessage): string | undefined {
  const match = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
  return match ? Buffer.from(match[1]!, 'base64').toString('utf8') : undefined;
}

export async function readText(req: IncomingMessage): Promise<string> {
  return (await readBody(req)).toString('utf8');
}

/** A JSON object, else undefined; `reviver` as JSON.parse's. */
export function parseObject(
  text: string,
  reviver?: (key: string, value: unknown, context?: { source?: string }) => unknown,
): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text, reviver);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The hosted page as `title` shows it; `content` is the body's HTML, escaped with escapeHtml. */
export function html(res: ServerResponse, status: number, title: string, content: string): void {
  res
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    .end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} checkout</title></head><body>${content}</body></html>`,
    );
}

/** Numeric character references, which the pages' Pay form actions are read back with. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
