/**
 * A local stand-in for Xendit's Invoices API, for exactly what the payment service's XenditAdapter
 * uses (docs/payments/xendit.md): POST /v2/invoices with the secret API key as Basic auth, the
 * hosted invoice page at /web/{id} whose Pay button marks the invoice PAID, sends the invoice
 * callback with the account's x-callback-token header to the callback URL set in the dashboard
 * (`notifyUrl`: Xendit takes no callback URL per invoice), and then sends the browser to the
 * invoice's success_redirect_url.
 *
 * Amounts stay the JSON text they were written as, so a callback carries exactly the amount the
 * invoice was created with. Tests craft callbacks of their own (bad token, another amount, a
 * replay) with callbackBody and sendNotification.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeXenditOptions {
  /** The dashboard's "Invoices paid" callback URL. */
  notifyUrl?: string;
  secretKey?: string;
  callbackToken?: string;
}

export interface XenditInvoice {
  id: string;
  externalId: string;
  /** The JSON text of the amount as created ('1388750', '12.5'). */
  amount: string;
  currency: string;
  status: 'PENDING' | 'PAID';
  /** invoice_duration: seconds from creation until the invoice expires (Xendit's default is a day). */
  durationSeconds: number;
  /** The request body as Xendit received it (numbers as their JSON text). */
  request: Record<string, unknown>;
  successRedirectUrl?: string;
  paymentId?: string;
  created: Date;
  paidAt?: Date;
}

export interface SentNotification {
  url: string;
  body: string;
  headers: Record<string, string>;
  status?: number;
  responseBody?: string;
  error?: string;
}

export interface CallbackFields {
  status?: string;
  /** JSON text of the paid amount; the invoice's amount if not given. */
  paid_amount?: string;
  currency?: string;
  external_id?: string;
}

export interface FakeXendit {
  /** What XenditAdapter's baseUrl is set to. */
  baseUrl: string;
  secretKey: string;
  callbackToken: string;
  /** A connection's credentials for this fake (common/payment-providers field names). */
  credentials: { secret_key: string; callback_token: string };
  /** Created invoices by Xendit id. */
  invoices: Map<string, XenditInvoice>;
  notifications: SentNotification[];
  setNotifyUrl(url: string): void;
  /** An invoice callback's JSON body for a created invoice (PAID unless told otherwise). */
  callbackBody(invoiceId: string, fields?: CallbackFields): string;
  /**
   * POSTs a callback body as Xendit does, with the account's x-callback-token unless `token` says
   * otherwise (null: no header), to `url` or the dashboard's callback URL.
   */
  sendNotification(body: string, opts?: { token?: string | null; url?: string }): Promise<SentNotification>;
  stop(): Promise<void>;
}

const currencies = new Map([
  ['IDR', 0],
  ['VND', 0],
  ['PHP', 2],
  ['THB', 2],
  ['MYR', 2],
]);

/** JSON.rawJSON (Node 22+): a number written as exactly this text. */
const rawJson = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

export async function startFakeXendit(opts: FakeXenditOptions = {}): Promise<FakeXendit> {
  const secretKey = opts.secretKey ?? `xnd_development_${randomBytes(24).toString('hex')}`;
  const callbackToken = opts.callbackToken ?? randomBytes(24).toString('base64url');
  const userId = randomBytes(12).toString('hex');
  let callbackUrl = opts.notifyUrl;
  const invoices = new Map<string, XenditInvoice>();
  const notifications: SentNotification[] = [];
  let baseUrl = '';

  function invoiceJson(inv: XenditInvoice): Record<string, unknown> {
    const expiry = new Date(inv.created.getTime() + inv.durationSeconds * 1000);
    return {
      id: inv.id,
      external_id: inv.externalId,
      user_id: userId,
      status: inv.status,
      merchant_name: 'Local fake merchant',
      merchant_profile_picture_url: `${baseUrl}/logo.png`,
      amount: rawJson(inv.amount),
      currency: inv.currency,
      description: inv.request.description,
      payer_email: inv.request.payer_email,
      expiry_date: expiry.toISOString(),
      invoice_url: `${baseUrl}/web/${inv.id}`,
      available_banks: [],
      available_retail_outlets: [],
      available_ewallets: [],
      available_qr_codes: [],
      available_direct_debits: [],
      available_paylaters: [],
      should_exclude_credit_card: false,
      should_send_email: false,
      success_redirect_url: inv.successRedirectUrl,
      failure_redirect_url: inv.request.failure_redirect_url,
      metadata: inv.request.metadata ?? null,
      created: inv.created.toISOString(),
      updated: (inv.paidAt ?? inv.created).toISOString(),
    };
  }

  function callbackBody(invoiceId: string, fields: CallbackFields = {}): string {
    const inv = invoices.get(invoiceId);
    if (!inv) throw new Error(`no Xendit invoice ${invoiceId}`);
    const paidAt = inv.paidAt ?? new Date();
    return JSON.stringify({
      id: inv.id,
      external_id: fields.external_id ?? inv.externalId,
      user_id: userId,
      is_high: false,
      payment_method: 'BANK_TRANSFER',
      status: fields.status ?? 'PAID',
      merchant_name: 'Local fake merchant',
      amount: rawJson(inv.amount),
      paid_amount: rawJson(fields.paid_amount ?? inv.amount),
      bank_code: 'BCA',
      paid_at: paidAt.toISOString(),
      payer_email: inv.request.payer_email,
      description: inv.request.description,
      fees_paid_amount: 0,
      updated: paidAt.toISOString(),
      created: inv.created.toISOString(),
      currency: fields.currency ?? inv.currency,
      payment_channel: 'BCA',
      payment_destination: '8808999912345678',
      payment_id: inv.paymentId ?? `pay_${randomBytes(8).toString('hex')}`,
    });
  }

  async function sendNotification(
    body: string,
    o: { token?: string | null; url?: string } = {},
  ): Promise<SentNotification> {
    const target = o.url ?? callbackUrl;
    if (!target) throw new Error('no callback URL: pass one, or start the fake with notifyUrl');
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'webhook-id': randomBytes(12).toString('hex'),
    };
    const token = o.token === undefined ? callbackToken : o.token;
    if (token !== null) headers['x-callback-token'] = token;
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

  async function createInvoice(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (basicAuth(req) !== `${secretKey}:`) {
      return json(res, 401, { error_code: 'INVALID_API_KEY', message: 'API key is invalid' });
    }
    const body = parseWithSources(await readBody(req));
    if (!body) return json(res, 400, { error_code: 'API_VALIDATION_ERROR', message: 'invalid JSON' });
    const currency = typeof body.currency === 'string' ? body.currency : 'IDR';
    const decimals = currencies.get(currency);
    const amount = body.amount instanceof JsonNumber ? body.amount.source : undefined;
    const problems: string[] = [];
    if (typeof body.external_id !== 'string' || body.external_id === '') problems.push('"external_id" is required');
    if (decimals === undefined) problems.push(`"currency" ${currency} is not supported`);
    else if (!amount || !(decimals === 0 ? /^\d+$/ : /^\d+(\.\d{1,2})?$/).test(amount) || Number(amount) <= 0) {
      problems.push(`"amount" must be a positive number with at most ${decimals} decimals for ${currency}`);
    }
    if (problems.length > 0)
      return json(res, 400, { error_code: 'API_VALIDATION_ERROR', message: problems.join('; ') });

    const inv: XenditInvoice = {
      id: randomBytes(12).toString('hex'),
      externalId: body.external_id as string,
      amount: amount!,
      currency,
      status: 'PENDING',
      durationSeconds: body.invoice_duration instanceof JsonNumber ? Number(body.invoice_duration.source) : 86_400,
      request: body,
      created: new Date(),
    };
    if (typeof body.success_redirect_url === 'string') inv.successRedirectUrl = body.success_redirect_url;
    invoices.set(inv.id, inv);
    return json(res, 200, invoiceJson(inv));
  }

  function invoicePage(res: ServerResponse, inv: XenditInvoice): void {
    html(
      res,
      200,
      `<h1>Xendit</h1>
<p>Invoice for <span id="external-id">${escapeHtml(inv.externalId)}</span></p>
<p>Total <strong id="amount">${escapeHtml(inv.currency)} ${escapeHtml(inv.amount)}</strong></p>
${
  inv.status === 'PAID'
    ? '<p id="status">Paid</p>'
    : `<form method="post" action="/web/${encodeURIComponent(inv.id)}/pay"><button type="submit" id="pay">Pay</button></form>`
}`,
    );
  }

  async function pay(res: ServerResponse, inv: XenditInvoice): Promise<void> {
    if (inv.status !== 'PAID') {
      inv.status = 'PAID';
      inv.paidAt = new Date();
      inv.paymentId = `pay_${randomBytes(8).toString('hex')}`;
      if (callbackUrl) await sendNotification(callbackBody(inv.id));
    }
    if (!inv.successRedirectUrl) return html(res, 200, '<p id="status">Payment complete</p>');
    res.writeHead(303, { location: inv.successRedirectUrl }).end();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const page = /^\/web\/([^/]+)(\/pay)?$/.exec(url.pathname);
    const handle = async (): Promise<void> => {
      if (req.method === 'POST' && /^\/v2\/invoices\/?$/.test(url.pathname)) return createInvoice(req, res);
      if (page) {
        const inv = invoices.get(decodeURIComponent(page[1]!));
        if (!inv) return html(res, 404, '<p>Invoice not found</p>');
        if (req.method === 'GET' && !page[2]) return invoicePage(res, inv);
        if (req.method === 'POST' && page[2]) return pay(res, inv);
      }
      json(res, 404, { error_code: 'NOT_FOUND', message: 'not found' });
    };
    handle().catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { error_code: 'SERVER_ERROR', message: (err as Error).message });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    secretKey,
    callbackToken,
    credentials: { secret_key: secretKey, callback_token: callbackToken },
    invoices,
    notifications,
    setNotifyUrl: (url) => {
      callbackUrl = url;
    },
    callbackBody,
    sendNotification,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

class JsonNumber {
  readonly source: string;
  constructor(source: string) {
    this.source = source;
  }
}

/** JSON with every number kept as its text (JSON.parse source text access, Node 21+). */
function parseWithSources(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text, (_key, v: unknown, context?: { source?: string }) =>
      typeof v === 'number' && context?.source !== undefined ? new JsonNumber(context.source) : v,
    );
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
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

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function html(res: ServerResponse, status: number, content: string): void {
  res
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    .end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Xendit (local fake)</title></head><body>${content}</body></html>`,
    );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
