/**
 * Stripe for tests: stripe-mock (Stripe's own mock of its API, installed by
 * scripts/ensure-stripe-mock.sh) answers every API call the adapter makes and refuses requests whose
 * parameters Stripe would not accept. stripe-mock is stateless and answers fixtures, so a thin proxy
 * in front of it keeps what a test needs of each Checkout Session it created (its own id, amount,
 * currency, client_reference_id, success URL, status) and serves the hosted checkout page, which
 * stripe-mock has none of. For the sessions it created it answers GET /v1/checkout/sessions/{id} and
 * POST /v1/checkout/sessions/{id}/expire itself (after stripe-mock accepted the request), with the
 * session as it keeps it: an open session expires (and its checkout.session.expired event is sent),
 * any other answers Stripe's 400. Webhooks are checkout.session.* events signed with the stripe
 * package's webhooks.generateTestHeaderString and the connection's signing secret.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import Stripe from 'stripe';
import { freePort, repoRoot, waitFor } from './net.ts';
import {
  checkoutPage,
  closedPage,
  deliverOverHttp,
  type FakeRequest,
  json,
  outbox,
  payAndReturn,
  randomId,
  startFakeServer,
} from './http.ts';
import type { FakeCheckout, FakeNotification, FakeProvider, FakeProviderOptions, NotificationTweaks } from './types.ts';

export const stripeMockBin = path.join(repoRoot, '.tools/go-bin/stripe-mock');

const zeroDecimal = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** Stripe's integer amount back to decimal text (the fake's own conversion, independent of the service's). */
function decimalOf(minor: number, currency: string): string {
  if (zeroDecimal.has(currency.toUpperCase())) return String(minor);
  const text = String(minor).padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

function minorOf(amount: string, currency: string): number {
  if (zeroDecimal.has(currency.toUpperCase())) return Number(amount);
  const [whole, fraction = ''] = amount.split('.');
  return Number(`${whole}${fraction.padEnd(2, '0').slice(0, 2)}`);
}

interface Session {
  id: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  payment_intent: string | null;
  payment_status: string;
  status: string;
  /** Expired through POST …/expire (a `failed` pay() expires it too, but pay() may still craft on it). */
  expiredByApi?: boolean;
  fixture: Record<string, unknown>;
}

/** Starts stripe-mock on loopback ports (`ports`, or free ones); stop() ends it. */
export async function startStripeMock(ports?: {
  http: number;
  https: number;
}): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  if (!existsSync(stripeMockBin))
    throw new Error(`stripe-mock is not installed at ${stripeMockBin}: run bash scripts/ensure-stripe-mock.sh`);
  const port = ports?.http ?? (await freePort());
  // Its HTTPS listener too gets a loopback port of its own: by default it takes :12112 on every
  // interface, so a second stripe-mock beside the first exited at once (address in use).
  const httpsPort = ports?.https ?? (await freePort());
  const child: ChildProcess = spawn(
    stripeMockBin,
    ['-http-addr', `127.0.0.1:${port}`, '-https-addr', `127.0.0.1:${httpsPort}`],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(
    'stripe-mock to answer',
    async () => {
      if (child.exitCode !== null) throw new Error('stripe-mock exited');
      const res = await fetch(`${baseUrl}/v1/balance`, { headers: { authorization: 'Bearer sk_test_ready' } });
      return res.status === 200;
    },
    30_000,
    100,
  );
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface FakeStripeOptions extends FakeProviderOptions {
  /** stripe-mock's HTTP and HTTPS ports behind the proxy at `port`; free ones by default. */
  mockPorts?: { http: number; https: number };
}

export async function startFakeStripe(opts: FakeStripeOptions = {}): Promise<FakeProvider> {
  const credentials = {
    secret_key: `sk_test_${randomId('', 24)}`,
    webhook_secret: `whsec_${randomId('', 32)}`,
    ...opts.credentials,
  };
  const mock = await startStripeMock(opts.mockPorts);
  const sessions = new Map<string, Session>();
  const notifications = outbox(deliverOverHttp);
  let baseUrl = '';
  // Stripe's webhook endpoint is configured in its dashboard, not per session.
  let notifyUrl = opts.notifyUrl ?? '';

  const pageUrl = (id: string) => `${baseUrl}/c/pay/${id}`;
  const sessionJson = (s: Session) => ({
    ...s.fixture,
    id: s.id,
    object: 'checkout.session',
    amount_subtotal: s.amount_total,
    amount_total: s.amount_total,
    currency: s.currency,
    client_reference_id: s.client_reference_id,
    metadata: s.metadata,
    mode: 'payment',
    success_url: s.success_url,
    cancel_url: s.cancel_url,
    expires_at: s.expires_at,
    created: s.created,
    payment_intent: s.payment_intent,
    payment_status: s.payment_status,
    status: s.status,
    url: s.status === 'open' ? pageUrl(s.id) : null,
  });

  /** A checkout.session.* event of the session as it is now, signed as Stripe signs webhooks. */
  const event = (s: Session, type: string, badSignature = false): FakeNotification => {
    const payload = JSON.stringify({
      id: randomId('evt_', 24),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: sessionJson(s) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: badSignature ? `whsec_${randomId('', 32)}` : credentials.webhook_secret,
    });
    return {
      provider: 'stripe',
      url: notifyUrl,
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': header,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
      query: '',
    };
  };

  const pay = async (id: string, tweaks: NotificationTweaks = {}): Promise<FakeNotification> => {
    const s = sessions.get(id);
    if (!s) throw new Error(`fake stripe: no session ${id}`);
    if (s.expiredByApi) throw new Error(`fake stripe: session ${id} was expired and cannot be paid`);
    const outcome = tweaks.outcome ?? 'paid';
    const currency = (tweaks.currency ?? s.currency).toLowerCase();
    if (tweaks.amount !== undefined || tweaks.currency !== undefined)
      s.amount_total = minorOf(tweaks.amount ?? decimalOf(s.amount_total, s.currency), currency);
    s.currency = currency;
    let type = 'checkout.session.completed';
    if (outcome === 'paid')
      Object.assign(s, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: s.payment_intent ?? randomId('pi_', 24),
      });
    else if (outcome === 'pending')
      Object.assign(s, {
        status: 'complete',
        payment_status: 'unpaid',
        payment_intent: s.payment_intent ?? randomId('pi_', 24),
      });
    else {
      type = 'checkout.session.expired';
      Object.assign(s, { status: 'expired', payment_status: 'unpaid' });
    }
    return event(s, type, tweaks.badSignature);
  };

  /** Stripe's error body for a request it refuses. */
  const refuse = (res: ServerResponse, status: number, error: Record<string, string>) =>
    json(res, status, {
      error: { ...error, request_log_url: `https://dashboard.stripe.com/test/logs/${randomId('req_', 14)}` },
    });

  /** GET /v1/checkout/sessions/{id} and POST …/expire for a session the proxy keeps. */
  const session = async (req: FakeRequest, res: ServerResponse, id: string, expire: boolean) => {
    const s = sessions.get(id);
    if (!s)
      return refuse(res, 404, {
        code: 'resource_missing',
        doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
        message: `No such checkout.session: '${id}'`,
        param: 'session',
        type: 'invalid_request_error',
      });
    // stripe-mock still judges the request (its parameters, expand[]); the session is the proxy's.
    const checked = await forward(req);
    if (checked.status !== 200) return json(res, checked.status, checked.body);
    if (!expire) return json(res, 200, sessionJson(s));
    if (s.status !== 'open')
      // Stripe's words (quoted in public reports of this refusal, e.g. Sylius/PayumStripePlugin#70).
      return refuse(res, 400, {
        message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${s.status}\`.`,
        type: 'invalid_request_error',
      });
    Object.assign(s, { status: 'expired', expiredByApi: true });
    json(res, 200, sessionJson(s));
    // Stripe sends checkout.session.expired for a session expired through the API too.
    void notifications.send(event(s, 'checkout.session.expired')).catch(() => undefined);
  };

  const forward = async (req: FakeRequest) => {
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type', 'stripe-version', 'idempotency-key'])
      if (req.headers[name]) headers[name] = req.headers[name]!;
    const res = await fetch(`${mock.baseUrl}${req.url.pathname}${req.url.search}`, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'DELETE' ? undefined : req.body,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const handler = async (req: FakeRequest, res: ServerResponse) => {
    const page = /^\/c\/pay\/(cs_test_\w+)(\/pay)?$/.exec(req.url.pathname);
    if (page) {
      const s = sessions.get(page[1]!);
      if (!s) return json(res, 404, { error: { message: 'No such checkout session' } });
      if (s.status === 'expired')
        return closedPage(res, 'Stripe', 'This checkout session has expired. Return to the merchant to start again.');
      if (req.method === 'GET')
        return checkoutPage(res, {
          title: 'Stripe',
          amount: decimalOf(s.amount_total, s.currency),
          currency: s.currency.toUpperCase(),
          payAction: `${pageUrl(s.id)}/pay`,
          returnUrl: s.cancel_url,
        });
      return payAndReturn(res, await pay(s.id), notifications.send, s.success_url);
    }
    // stripe-mock takes any sk_test_ key; a real Stripe only the account's own.
    if (req.headers.authorization !== `Bearer ${credentials.secret_key}`)
      return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    const one = /^\/v1\/checkout\/sessions\/(cs_[A-Za-z0-9_]+)(\/expire)?$/.exec(req.url.pathname);
    if (one && req.method === (one[2] ? 'POST' : 'GET')) return session(req, res, one[1]!, Boolean(one[2]));
    const answer = await forward(req);
    if (req.method === 'POST' && req.url.pathname === '/v1/checkout/sessions' && answer.status === 200) {
      const form = new URLSearchParams(req.body.toString('utf8'));
      const currency = form.get('line_items[0][price_data][currency]') ?? '';
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const m = /^metadata\[(\w+)\]$/.exec(key);
        if (m) metadata[m[1]!] = value;
      }
      const s: Session = {
        id: randomId('cs_test_', 24),
        amount_total:
          Number(form.get('line_items[0][price_data][unit_amount]') ?? 0) *
          Number(form.get('line_items[0][quantity]') ?? 1),
        currency,
        client_reference_id: form.get('client_reference_id'),
        metadata,
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? form.get('success_url') ?? '',
        expires_at: Number(form.get('expires_at') ?? Math.floor(Date.now() / 1000) + 86_400),
        created: Math.floor(Date.now() / 1000),
        payment_intent: null,
        payment_status: 'unpaid',
        status: 'open',
        fixture: answer.body,
      };
      sessions.set(s.id, s);
      return json(res, 200, sessionJson(s));
    }
    return json(res, answer.status, answer.body);
  };

  const server = await startFakeServer(handler, { port: opts.port }).catch(async (err: unknown) => {
    await mock.stop();
    throw err;
  });
  baseUrl = server.baseUrl;
  const toCheckout = (s: Session): FakeCheckout => ({
    id: s.id,
    invoiceId: s.client_reference_id ?? '',
    amount: decimalOf(s.amount_total, s.currency),
    currency: s.currency.toUpperCase(),
    status: s.status,
    returnUrl: s.success_url,
    notifyUrl,
    pageUrl: pageUrl(s.id),
  });
  return {
    provider: 'stripe',
    baseUrl,
    credentials,
    checkouts: () => [...sessions.values()].map(toCheckout),
    checkoutFor: (invoiceId) => [...sessions.values()].map(toCheckout).findLast((c) => c.invoiceId === invoiceId),
    isPayable: (id) => sessions.has(id) && sessions.get(id)!.status !== 'expired',
    pay,
    deliver: deliverOverHttp,
    holdNotifications: notifications.hold,
    held: notifications.held,
    releaseHeld: notifications.release,
    setNotifyUrl: (url) => {
      notifyUrl = url;
    },
    stop: async () => {
      await server.stop();
      await mock.stop();
    },
  };
}
