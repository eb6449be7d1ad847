/**
 * A webhook receiver as a third party would run one, as its own process (started by
 * webhook-receiver.ts). Every POST /hook/<name> is verified per docs/architecture.md#webhooks by
 * this file's own code — the receiver's decision — and, as independent second checks, by two
 * maintained libraries: Stripe's verifier for `Service-Signature: t=…,v1=…` and the Standard
 * Webhooks library for the `webhook-*` headers. A request failing the own check is answered 400;
 * otherwise the route's behaviour decides (status, failures per event, a hang, the answer's body
 * and headers).
 *
 * Control API (tests only): PUT /_control/routes/<name>, GET /_control/requests/<name>,
 * PUT /_control/clock {offsetMs} (the webhook service's moved clock, for timestamp checks).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';

interface Route {
  status: number;
  /** Answer 500 to the first N requests of each event id, then `status`. */
  failFirstPerEvent: number;
  hangMs: number;
  /** Every one of these must verify (two during a secret rotation test). */
  secrets: string[];
  /** The body of an accepted request's answer instead of {"received":true} (a large one, say). */
  reply?: string;
  /** More headers on an accepted request's answer (a redirect's Location). */
  headers?: Record<string, string>;
}

interface Checks {
  own: string;
  stripe: string;
  standard: string;
}

interface Recorded {
  seq: number;
  received_at: string;
  headers: Record<string, string>;
  body: string;
  checks: Checks;
  accepted: boolean;
  responded: number;
}

const routes = new Map<string, Route>();
const requests = new Map<string, Recorded[]>();
const perEvent = new Map<string, number>();
let clockOffsetMs = 0;
let seq = 0;

const toleranceSeconds = 300;
const nowMs = () => Date.now() + clockOffsetMs;

/**
 * docs/architecture.md#webhooks, step by step: HMAC-SHA256 over "{t}.{raw body}", constant-time
 * compare, age ≤ 5 min.
 */
function ownCheck(header: string | undefined, body: string, secret: string): string {
  if (!header) return 'missing Service-Signature';
  let t: number | undefined;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    if (key === 't' && /^\d+$/.test(value)) t = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) v1.push(value);
  }
  if (t === undefined || v1.length === 0) return 'malformed Service-Signature';
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  if (!v1.some((sig) => timingSafeEqual(Buffer.from(sig, 'hex'), expected))) return 'signature mismatch';
  if (Math.floor(nowMs() / 1000) - t > toleranceSeconds) return 'timestamp older than 5 minutes';
  return 'ok';
}

function stripeCheck(header: string | undefined, body: string, secret: string): string {
  try {
    const webhooks = Stripe.webhooks as unknown as {
      signature: {
        verifyHeader(p: string, h: string, s: string, tol: number, cp: undefined, receivedAt: number): boolean;
      };
    };
    webhooks.signature.verifyHeader(body, header ?? '', secret, toleranceSeconds, undefined, nowMs());
    return 'ok';
  } catch (err) {
    return `stripe: ${(err as Error).message.split('\n')[0]}`;
  }
}

/**
 * The Standard Webhooks library's verify() checks the timestamp against the real clock. While the
 * service clock is moved, its sign() computes the expected signature for the header's timestamp
 * and the timestamp is checked against the moved clock here.
 */
function standardCheck(headers: Record<string, string>, body: string, secret: string): string {
  try {
    const wh = new Webhook(secret);
    if (clockOffsetMs === 0) {
      wh.verify(body, headers);
      return 'ok';
    }
    const id = headers['webhook-id'] ?? '';
    const t = Number(headers['webhook-timestamp']);
    if (!id || !Number.isInteger(t)) return 'standard: missing headers';
    const expected = wh.sign(id, new Date(t * 1000), body);
    const given = (headers['webhook-signature'] ?? '').split(' ');
    if (!given.includes(expected)) return 'standard: no matching signature';
    if (Math.abs(Math.floor(nowMs() / 1000) - t) > toleranceSeconds) return 'standard: timestamp out of tolerance';
    return 'ok';
  } catch (err) {
    return `standard: ${(err as Error).message}`;
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

const worst = (results: string[]) => results.find((r) => r !== 'ok') ?? 'ok';

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://receiver');
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  readBody(req).then(
    async (body) => {
      const control = /^\/_control\/(routes|requests)\/([\w-]+)$/.exec(url.pathname);
      if (control && control[1] === 'routes' && req.method === 'PUT') {
        const cfg = JSON.parse(body || '{}') as Partial<Route>;
        const previous = routes.get(control[2]!);
        routes.set(control[2]!, { status: 200, failFirstPerEvent: 0, hangMs: 0, secrets: [], ...previous, ...cfg });
        return json(200, routes.get(control[2]!));
      }
      if (control && control[1] === 'requests' && req.method === 'GET')
        return json(200, requests.get(control[2]!) ?? []);
      if (url.pathname === '/_control/clock' && req.method === 'PUT') {
        clockOffsetMs = Number((JSON.parse(body || '{}') as { offsetMs?: number }).offsetMs ?? 0);
        return json(200, { offsetMs: clockOffsetMs });
      }
      const hook = /^\/hook\/([\w-]+)$/.exec(url.pathname);
      if (!hook || req.method !== 'POST') return json(404, { error: 'not found' });
      const name = hook[1]!;
      const route = routes.get(name) ?? { status: 200, failFirstPerEvent: 0, hangMs: 0, secrets: [] };
      const headers = flatHeaders(req);
      const secrets = route.secrets;
      const checks: Checks = {
        own: secrets.length ? worst(secrets.map((s) => ownCheck(headers['service-signature'], body, s))) : 'no secret',
        stripe: secrets.length
          ? worst(secrets.map((s) => stripeCheck(headers['service-signature'], body, s)))
          : 'no secret',
        standard: secrets.length ? worst(secrets.map((s) => standardCheck(headers, body, s))) : 'no secret',
      };
      const accepted = checks.own === 'ok';
      let status = accepted ? route.status : 400;
      if (accepted && route.failFirstPerEvent > 0) {
        const key = `${name}:${headers['service-delivery'] ?? ''}`;
        const n = (perEvent.get(key) ?? 0) + 1;
        perEvent.set(key, n);
        if (n <= route.failFirstPerEvent) status = 500;
      }
      const record: Recorded = {
        seq: ++seq,
        received_at: new Date().toISOString(),
        headers,
        body,
        checks,
        accepted,
        responded: status,
      };
      requests.set(name, [...(requests.get(name) ?? []), record]);
      if (route.hangMs > 0) await new Promise((r) => setTimeout(r, route.hangMs));
      if (res.destroyed) return;
      if (accepted && (route.reply !== undefined || route.headers)) {
        res.writeHead(status, { 'content-type': 'text/plain', ...route.headers });
        res.end(route.reply ?? '');
        return;
      }
      json(status, accepted ? { received: true } : { error: checks.own });
    },
    () => json(400, { error: 'unreadable body' }),
  );
});

server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});
process.on('SIGTERM', () => process.exit(0));
