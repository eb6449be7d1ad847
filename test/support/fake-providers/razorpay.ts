/**
 * A local stand-in for Razorpay Payment Links, for exactly what the payment service's
 * RazorpayAdapter uses (docs/payments/razorpay.md): POST /v1/payment_links with key_id:key_secret
 * as Basic auth, the hosted link page at /i/{code} whose Pay button captures a payment, sends the
 * payment_link.paid webhook signed with the webhook secret (X-Razorpay-Signature, a hex
 * HMAC-SHA256 of the raw body) to the webhook URL set in the dashboard (`notifyUrl`: Razorpay takes
 * none per link), and then sends the browser to the link's callback_url with the
 * razorpay_payment_link_* query parameters and their razorpay_signature, as Razorpay does.
 *
 * Tests craft webhooks of their own (bad signature, another amount, a replay) with webhookBody and
 * sendNotification.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRazorpayOptions {
  /** The dashboard's webhook URL (events payment_link.paid, .expired, .cancelled). */
  notifyUrl?: string;
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
}

export interface RazorpayLink {
  id: string;
  code: string;
  /** Minor units. */
  amount: number;
  currency: string;
  referenceId?: string;
  callbackUrl?: string;
  /** The request body as Razorpay received it. */
  request: Record<string, unknown>;
  status: 'created' | 'paid';
  createdAt: number;
  paymentId?: string;
  orderId?: string;
  paidAt?: number;
}

export interface SentNotification {
  url: string;
  body: string;
  headers: Record<string, string>;
  status?: number;
  responseBody?: string;
  error?: string;
}

export interface WebhookFields {
  event?: string;
  /** Minor units paid; the link's amount if not given. */
  amount_paid?: number;
  currency?: string;
}

export interface FakeRazorpay {
  /** What RazorpayAdapter's baseUrl is set to. */
  baseUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** A connection's credentials for this fake (common/payment-providers field names). */
  credentials: { key_id: string; key_secret: string; webhook_secret: string };
  /** Created links by id (plink_…). */
  links: Map<string, RazorpayLink>;
  notifications: SentNotification[];
  setNotifyUrl(url: string): void;
  /** A webhook's JSON body for a created link (payment_link.paid unless told otherwise). */
  webhookBody(linkId: string, fields?: WebhookFields): string;
  /**
   * POSTs a webhook body as Razorpay does, signed with the webhook secret unless `signature` says
   * otherwise (null: no header), to `url` or the dashboard's webhook URL.
   */
  sendNotification(body: string, opts?: { signature?: string | null; url?: string }): Promise<SentNotification>;
  stop(): Promise<void>;
}

const currencies = new Set(['INR', 'USD', 'EUR', 'GBP', 'SGD', 'AED', 'AUD', 'CAD', 'MYR']);

/** Razorpay ids: a prefix and 14 base62 characters. */
function razorpayId(prefix: string): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return `${prefix}_${Array.from(randomBytes(14), (b) => alphabet[b % 62]).join('')}`;
}

export async function startFakeRazorpay(opts: FakeRazorpayOptions = {}): Promise<FakeRazorpay> {
  const keyId = opts.keyId ?? `rzp_test_${randomBytes(7).toString('hex')}`;
  const keySecret = opts.keySecret ?? randomBytes(18).toString('base64url');
  const webhookSecret = opts.webhookSecret ?? randomBytes(18).toString('base64url');
  const accountId = razorpayId('acc');
  let webhookUrl = opts.notifyUrl;
  const links = new Map<string, RazorpayLink>();
  const byCode = new Map<string, RazorpayLink>();
  const notifications: SentNotification[] = [];
  let baseUrl = '';

  function linkJson(
    link: RazorpayLink,
    amountPaid = link.status === 'paid' ? link.amount : 0,
  ): Record<string, unknown> {
    const r = link.request;
    return {
      accept_partial: r.accept_partial ?? false,
      amount: link.amount,
      amount_paid: amountPaid,
      callback_method: r.callback_method ?? '',
      callback_url: link.callbackUrl ?? '',
      cancelled_at: 0,
      created_at: link.createdAt,
      currency: link.currency,
      customer: r.customer ?? {},
      description: r.description ?? '',
      expire_by: r.expire_by ?? 0,
      expired_at: 0,
      first_min_partial_amount: 0,
      id: link.id,
      notes: r.notes ?? null,
      notify: r.notify ?? { email: false, sms: false },
      payments: null,
      reference_id: link.referenceId ?? '',
      reminder_enable: r.reminder_enable ?? false,
      reminders: [],
      short_url: `${baseUrl}/i/${link.code}`,
      status: link.status,
      updated_at: link.paidAt ?? link.createdAt,
      upi_link: false,
      user_id: '',
    };
  }

  function webhookBody(linkId: string, fields: WebhookFields = {}): string {
    const link = links.get(linkId);
    if (!link) throw new Error(`no Razorpay payment link ${linkId}`);
    const event = fields.event ?? 'payment_link.paid';
    const paid = fields.amount_paid ?? link.amount;
    const currency = fields.currency ?? link.currency;
    const now = link.paidAt ?? Math.floor(Date.now() / 1000);
    const paymentId = link.paymentId ?? razorpayId('pay');
    const orderId = link.orderId ?? razorpayId('order');
    const linkEntity = {
      ...linkJson(link, paid),
      currency,
      status: event === 'payment_link.paid' ? 'paid' : link.status,
    };
    const payload: Record<string, unknown> = { payment_link: { entity: linkEntity } };
    if (event === 'payment_link.paid') {
      payload.order = {
        entity: {
          amount: link.amount,
          amount_due: 0,
          amount_paid: paid,
          attempts: 1,
          created_at: link.createdAt,
          currency,
          entity: 'order',
          id: orderId,
          notes: link.request.notes ?? [],
          receipt: link.referenceId ?? null,
          status: 'paid',
        },
      };
      payload.payment = {
        entity: {
          amount: paid,
          captured: true,
          contact: '+919000090000',
          created_at: now,
          currency,
          description: `#${link.id.slice(6)}`,
          email: 'customer@example.com',
          entity: 'payment',
          fee: 0,
          id: paymentId,
          international: false,
          method: 'upi',
          notes: link.request.notes ?? [],
          order_id: orderId,
          status: 'captured',
          tax: 0,
          vpa: 'customer@upi',
        },
      };
    }
    return JSON.stringify({
      account_id: accountId,
      contains: Object.keys(payload),
      created_at: now,
      entity: 'event',
      event,
      payload,
    });
  }

  async function sendNotification(
    body: string,
    o: { signature?: string | null; url?: string } = {},
  ): Promise<SentNotification> {
    const target = o.url ?? webhookUrl;
    if (!target) throw new Error('no webhook URL: pass one, or start the fake with notifyUrl');
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-razorpay-event-id': randomBytes(8).toString('hex'),
    };
    const signature =
      o.signature === undefined ? createHmac('sha256', webhookSecret).update(body).digest('hex') : o.signature;
    if (signature !== null) headers['x-razorpay-signature'] = signature;
    const sent: SentNotification = { url: target, body, headers };
    try {
      const res = await fetch(target, { method: 'POST', headers, body, redirect: 'manual' });
      sent.status = res.status;
      sent.responseBody = await res.text();
    } catch (err) {
      sent.error = (err as Error).message;
    }
    notifications.push(sent);
    return sent;
  }

  async function createLink(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (basicAuth(req) !== `${keyId}:${keySecret}`) {
      return error(res, 401, 'Authentication failed');
    }
    const body = parseJson(await readBody(req));
    if (!body) return error(res, 400, 'The request body is not valid JSON');
    const currency = body.currency ?? 'INR';
    if (typeof currency !== 'string' || !currencies.has(currency)) return error(res, 400, 'The currency is invalid');
    if (typeof body.amount !== 'number' || !Number.isSafeInteger(body.amount) || body.amount < 100) {
      return error(res, 400, 'The amount must be an integer in the smallest currency unit, at least 100');
    }
    if (body.reference_id !== undefined && (typeof body.reference_id !== 'string' || body.reference_id.length > 40)) {
      return error(res, 400, 'The reference id may not be greater than 40 characters');
    }
    if (body.callback_url !== undefined && body.callback_method !== 'get') {
      return error(res, 400, 'callback_method must be get when callback_url is given');
    }
    const link: RazorpayLink = {
      id: razorpayId('plink'),
      code: randomBytes(5).toString('base64url'),
      amount: body.amount,
      currency,
      request: body,
      status: 'created',
      createdAt: Math.floor(Date.now() / 1000),
    };
    if (typeof body.reference_id === 'string') link.referenceId = body.reference_id;
    if (typeof body.callback_url === 'string') link.callbackUrl = body.callback_url;
    links.set(link.id, link);
    byCode.set(link.code, link);
    return json(res, 200, linkJson(link));
  }

  function linkPage(res: ServerResponse, link: RazorpayLink): void {
    const major = `${Math.floor(link.amount / 100)}.${String(link.amount % 100).padStart(2, '0')}`;
    html(
      res,
      200,
      `<h1>Razorpay</h1>
<p>Payment link <span id="link-id">${escapeHtml(link.id)}</span> (${escapeHtml(link.referenceId ?? '')})</p>
<p>Total <strong id="amount">${escapeHtml(link.currency)} ${major}</strong></p>
${
  link.status === 'paid'
    ? '<p id="status">Paid</p>'
    : `<form method="post" action="/i/${encodeURIComponent(link.code)}/pay"><button type="submit" id="pay">Pay</button></form>`
}`,
    );
  }

  async function pay(res: ServerResponse, link: RazorpayLink): Promise<void> {
    if (link.status !== 'paid') {
      link.status = 'paid';
      link.paidAt = Math.floor(Date.now() / 1000);
      link.paymentId = razorpayId('pay');
      link.orderId = razorpayId('order');
      if (webhookUrl) await sendNotification(webhookBody(link.id));
    }
    if (!link.callbackUrl) return html(res, 200, '<p id="status">Payment complete</p>');
    const back = new URL(link.callbackUrl);
    const params: [string, string][] = [
      ['razorpay_payment_id', link.paymentId!],
      ['razorpay_payment_link_id', link.id],
      ['razorpay_payment_link_reference_id', link.referenceId ?? ''],
      ['razorpay_payment_link_status', 'paid'],
    ];
    for (const [k, v] of params) back.searchParams.set(k, v);
    const signed = `${link.id}|${link.referenceId ?? ''}|paid|${link.paymentId!}`;
    back.searchParams.set('razorpay_signature', createHmac('sha256', keySecret).update(signed).digest('hex'));
    res.writeHead(303, { location: back.toString() }).end();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const page = /^\/i\/([^/]+)(\/pay)?$/.exec(url.pathname);
    const handle = async (): Promise<void> => {
      if (req.method === 'POST' && /^\/v1\/payment_links\/?$/.test(url.pathname)) return createLink(req, res);
      if (page) {
        const link = byCode.get(decodeURIComponent(page[1]!));
        if (!link) return html(res, 404, '<p>Payment link not found</p>');
        if (req.method === 'GET' && !page[2]) return linkPage(res, link);
        if (req.method === 'POST' && page[2]) return pay(res, link);
      }
      error(res, 404, 'The requested URL was not found on the server.');
    };
    handle().catch((err: unknown) => {
      if (!res.headersSent) error(res, 500, (err as Error).message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    keyId,
    keySecret,
    webhookSecret,
    credentials: { key_id: keyId, key_secret: keySecret, webhook_secret: webhookSecret },
    links,
    notifications,
    setNotifyUrl: (url) => {
      webhookUrl = url;
    },
    webhookBody,
    sendNotification,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function basicAuth(req: IncomingMessage): string | undefined {
  const match = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
  return match ? Buffer.from(match[1]!, 'base64').toString('utf8') : undefined;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Razorpay's error body. */
function error(res: ServerResponse, status: number, description: string): void {
  json(res, status, {
    error: {
      code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
      description,
      source: 'NA',
      step: 'NA',
      reason: 'NA',
      metadata: {},
    },
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function html(res: ServerResponse, status: number, content: string): void {
  res
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    .end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Razorpay (local fake)</title></head><body>${content}</body></html>`,
    );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
