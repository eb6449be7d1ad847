/**
 * A fake of Xendit's Invoices API for the calls the XenditAdapter makes (docs/payments/xendit.md),
 * all with the secret API key as Basic auth ("secret_key:"), answering 401 INVALID_API_KEY for any
 * other key: POST /v2/invoices (400 API_VALIDATION_ERROR for an amount the currency cannot take),
 * GET /v2/invoices/{id} (xendit-node's Invoice.getInvoiceById: the invoice as Xendit keeps it, with
 * paid_amount, paid_at and the payment channel once PAID) and POST /invoices/{id}/expire!
 * (expireInvoice: a PENDING invoice becomes EXPIRED, answered and called back; any other, or an
 * unknown id, is 404 INVOICE_NOT_FOUND_ERROR). Its hosted invoice page (/web/{id}) marks the invoice
 * PAID, sends the invoice callback with the account's x-callback-token to the callback URL set in
 * the dashboard (`notifyUrl` / setNotifyUrl: Xendit takes none per invoice), and returns the customer
 * to success_redirect_url; an EXPIRED invoice's page answers 410. Amounts stay the JSON text they
 * were written as, so a callback carries exactly the amount the invoice was created with.
 *
 * It has the one shape of every fake provider (README.md beside this file).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  basicAuth,
  closedPage,
  deliverOverHttp,
  escapeHtml,
  html,
  json,
  listen,
  outbox,
  parseObject,
  readText,
} from './http.ts';
import type { FakeCheckout, FakeNotification, FakeProvider, FakeProviderOptions, NotificationTweaks } from './types.ts';

export interface FakeXendit extends FakeProvider {
  readonly provider: 'xendit';
  readonly credentials: { secret_key: string; callback_token: string };
  /** The body of the request that created the invoice, as Xendit received it (numbers as their JSON text). */
  request(checkoutId: string): Record<string, unknown> | undefined;
}

interface XenditInvoice {
  id: string;
  externalId: string;
  /** The JSON text of the amount as created ('1388750', '1234.5'). */
  amount: string;
  currency: string;
  status: string;
  durationSeconds: number;
  request: Record<string, unknown>;
  successUrl: string;
  created: Date;
  updated: Date;
  paymentId?: string;
  /** What the payment recorded: paid_amount as its JSON text, the currency it reported, when. */
  paidAmount?: string;
  paidCurrency?: string;
  paidAt?: Date;
  /** Expired through POST /invoices/{id}/expire! (a `failed` pay() expires it too, but pay() may still craft on it). */
  expiredByApi?: boolean;
}

/** Decimals Xendit takes per currency. */
const currencies = new Map([
  ['IDR', 0],
  ['VND', 0],
  ['PHP', 2],
  ['THB', 2],
  ['MYR', 2],
]);

const outcomes = { paid: 'PAID', failed: 'EXPIRED', pending: 'PENDING' } as const;

/** JSON.rawJSON (Node 21+): a number written as exactly this text. */
const rawJson = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

export async function startFakeXendit(opts: FakeProviderOptions = {}): Promise<FakeXendit> {
  const credentials = {
    secret_key: `xnd_development_${randomBytes(24).toString('hex')}`,
    callback_token: randomBytes(24).toString('base64url'),
    ...opts.credentials,
  };
  const userId = randomBytes(12).toString('hex');
  let callbackUrl = opts.notifyUrl ?? '';
  const invoices = new Map<string, XenditInvoice>();
  const notifications = outbox(deliverManual);
  let baseUrl = '';

  const pageUrl = (inv: XenditInvoice) => `${baseUrl}/web/${inv.id}`;
  const toCheckout = (inv: XenditInvoice): FakeCheckout => ({
    id: inv.id,
    invoiceId: inv.externalId,
    amount: fixed(inv.amount, currencies.get(inv.currency) ?? 0),
    currency: inv.currency,
    status: inv.status,
    returnUrl: inv.successUrl,
    notifyUrl: callbackUrl,
    pageUrl: pageUrl(inv),
  });

  /** The payment's fields of a PAID or SETTLED invoice, in its callback and in GET. */
  const paymentFields = (inv: XenditInvoice) =>
    inv.status === 'PAID' || inv.status === 'SETTLED'
      ? {
          payment_method: 'BANK_TRANSFER',
          // Xendit writes numbers without trailing zeros.
          paid_amount: rawJson(inv.paidAmount ?? inv.amount),
          bank_code: 'BCA',
          paid_at: (inv.paidAt ?? inv.updated).toISOString(),
          fees_paid_amount: 0,
          payment_channel: 'BCA',
          payment_destination: '8808999912345678',
          payment_id: inv.paymentId,
        }
      : {};

  /** The invoice callback of the invoice as it is now, with the account's token (or another). */
  const callback = (inv: XenditInvoice, badToken = false): FakeNotification => {
    const body = {
      id: inv.id,
      external_id: inv.externalId,
      user_id: userId,
      is_high: false,
      status: inv.status,
      merchant_name: 'Local fake merchant',
      amount: rawJson(inv.amount),
      payer_email: inv.request.payer_email,
      description: inv.request.description,
      updated: inv.updated.toISOString(),
      created: inv.created.toISOString(),
      currency: inv.paidCurrency ?? inv.currency,
      ...paymentFields(inv),
    };
    const token = badToken ? randomBytes(24).toString('base64url') : credentials.callback_token;
    return {
      provider: 'xendit',
      url: callbackUrl,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-callback-token': token,
        'webhook-id': randomBytes(12).toString('hex'),
      },
      body: JSON.stringify(body),
      query: '',
    };
  };

  async function pay(id: string, tweaks: NotificationTweaks = {}): Promise<FakeNotification> {
    const inv = invoices.get(id);
    if (!inv) throw new Error(`fake xendit: no invoice ${id}`);
    if (inv.expiredByApi) throw new Error(`fake xendit: invoice ${id} was expired and cannot be paid`);
    const now = new Date();
    const status = outcomes[tweaks.outcome ?? 'paid'];
    // What the payment made of the invoice; a forged callback (badSignature) changes nothing at Xendit.
    const paid: XenditInvoice = {
      ...inv,
      status,
      updated: now,
      paidCurrency: tweaks.currency ?? inv.paidCurrency,
      ...(status === 'PAID'
        ? {
            paymentId: inv.paymentId ?? randomBytes(12).toString('hex'),
            paidAmount: tweaks.amount ? plain(tweaks.amount) : inv.amount,
            paidAt: now,
          }
        : {}),
    };
    if (!tweaks.badSignature) Object.assign(inv, paid);
    return callback(paid, tweaks.badSignature);
  }

  function invoiceJson(inv: XenditInvoice): Record<string, unknown> {
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
      expiry_date: new Date(inv.created.getTime() + inv.durationSeconds * 1000).toISOString(),
      invoice_url: pageUrl(inv),
      available_banks: [],
      available_retail_outlets: [],
      available_ewallets: [],
      available_qr_codes: [],
      available_direct_debits: [],
      available_paylaters: [],
      should_exclude_credit_card: false,
      should_send_email: false,
      success_redirect_url: inv.successUrl,
      failure_redirect_url: inv.request.failure_redirect_url,
      created: inv.created.toISOString(),
      updated: inv.updated.toISOString(),
      ...(inv.paidCurrency ? { currency: inv.paidCurrency } : {}),
      ...paymentFields(inv),
    };
  }

  /** GET /v2/invoices/{id} and POST /invoices/{id}/expire!. */
  function invoice(req: IncomingMessage, res: ServerResponse, id: string, expire: boolean): void {
    if (basicAuth(req) !== `${credentials.secret_key}:`)
      return json(res, 401, { error_code: 'INVALID_API_KEY', message: 'API key is invalid' });
    const inv = invoices.get(id);
    // Xendit's answer for an invoice it cannot find, and for one it cannot expire (not PENDING).
    const notFound = () =>
      json(res, 404, { error_code: 'INVOICE_NOT_FOUND_ERROR', message: 'Could not find invoice by id' });
    if (!inv) return notFound();
    if (!expire) return json(res, 200, invoiceJson(inv));
    if (inv.status !== 'PENDING') return notFound();
    Object.assign(inv, { status: 'EXPIRED', updated: new Date(), expiredByApi: true });
    json(res, 200, invoiceJson(inv));
    // The EXPIRED callback, which the merchant asked for in the dashboard (docs/payments/xendit.md).
    void notifications.send(callback(inv)).catch(() => undefined);
  }

  async function createInvoice(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readText(req);
    if (basicAuth(req) !== `${credentials.secret_key}:`) {
      return json(res, 401, { error_code: 'INVALID_API_KEY', message: 'API key is invalid' });
    }
    const body = parseWithSources(text);
    if (!body) return json(res, 400, { error_code: 'API_VALIDATION_ERROR', message: 'invalid JSON' });
    const currency = typeof body.currency === 'string' ? body.currency : 'IDR';
    const decimals = currencies.get(currency);
    const amount = body.amount instanceof JsonNumber ? body.amount.source : undefined;
    const problems: string[] = [];
    if (typeof body.external_id !== 'string' || body.external_id === '') problems.push('"external_id" is required');
    if (typeof body.success_redirect_url !== 'string') problems.push('"success_redirect_url" is required here');
    if (decimals === undefined) problems.push(`"currency" ${currency} is not supported`);
    else if (!amount || !(decimals === 0 ? /^\d+$/ : /^\d+(\.\d{1,2})?$/).test(amount) || Number(amount) <= 0)
      problems.push(`"amount" must be a positive number with at most ${decimals} decimals for ${currency}`);
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
      successUrl: body.success_redirect_url as string,
      created: new Date(),
      updated: new Date(),
    };
    invoices.set(inv.id, inv);
    return json(res, 200, invoiceJson(inv));
  }

  async function payOnPage(res: ServerResponse, inv: XenditInvoice): Promise<void> {
    await notifications.send(await pay(inv.id)).catch(() => undefined);
    res.writeHead(303, { location: inv.successUrl }).end();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const page = /^\/web\/([^/]+)(\/pay)?$/.exec(url.pathname);
    const get = /^\/v2\/invoices\/([^/]+)$/.exec(url.pathname);
    const expire = /^\/invoices\/([^/]+)\/expire!$/.exec(url.pathname);
    const handle = async (): Promise<void> => {
      if (req.method === 'POST' && /^\/v2\/invoices\/?$/.test(url.pathname)) return createInvoice(req, res);
      if (req.method === 'GET' && get) return invoice(req, res, decodeURIComponent(get[1]!), false);
      if (req.method === 'POST' && expire) return invoice(req, res, decodeURIComponent(expire[1]!), true);
      const inv = page ? invoices.get(page[1]!) : undefined;
      if (page && !inv) return html(res, 404, 'Xendit', '<p>Invoice not found</p>');
      if (inv?.status === 'EXPIRED') return closedPage(res, 'Xendit', 'This invoice has expired.');
      if (inv && req.method === 'GET' && !page![2]) return checkoutPage(res, inv, pageUrl(inv));
      if (inv && req.method === 'POST' && page![2]) return payOnPage(res, inv);
      json(res, 404, { error_code: 'NOT_FOUND', message: 'not found' });
    };
    handle().catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { error_code: 'SERVER_ERROR', message: (err as Error).message });
    });
  });
  await listen(server, opts.port);
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    provider: 'xendit',
    baseUrl,
    credentials,
    checkouts: () => [...invoices.values()].map(toCheckout),
    checkoutFor: (invoiceId) => [...invoices.values()].map(toCheckout).findLast((c) => c.invoiceId === invoiceId),
    isPayable: (id) => {
      const inv = invoices.get(id);
      return inv !== undefined && inv.status !== 'EXPIRED';
    },
    pay,
    deliver: deliverManual,
    holdNotifications: notifications.hold,
    held: notifications.held,
    releaseHeld: notifications.release,
    setNotifyUrl: (url) => {
      callbackUrl = url;
    },
    request: (checkoutId) => invoices.get(checkoutId)?.request,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Xendit's invoice page: the amount, Pay (a plain form post) and Cancel back to the return URL. */
function checkoutPage(res: ServerResponse, inv: XenditInvoice, url: string): void {
  html(
    res,
    200,
    'Xendit',
    `<h1>Xendit</h1>
<p>Invoice ${escapeHtml(inv.externalId)}</p>
<p id="amount">${escapeHtml(inv.currency)} ${escapeHtml(inv.amount)}</p>
<form method="post" action="${escapeHtml(url)}/pay"><button id="pay" type="submit">Pay</button></form>
<p><a id="cancel" href="${escapeHtml(inv.successUrl)}">Cancel</a></p>`,
  );
}

/** '1234.5', 2 → '1234.50'; the text of a JSON number in the invoice's fixed form. */
function fixed(text: string, decimals: number): string {
  const [whole, fraction = ''] = text.split('.');
  return decimals === 0 ? whole! : `${whole}.${fraction.padEnd(decimals, '0')}`;
}

/** '1.00' → '1', '12.50' → '12.5': a decimal as Xendit writes a JSON number. */
function plain(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

class JsonNumber {
  readonly source: string;
  constructor(source: string) {
    this.source = source;
  }
}

/** JSON with every number kept as its text (JSON.parse source text access, Node 21+). */
function parseWithSources(text: string): Record<string, unknown> | undefined {
  return parseObject(text, (_key, v: unknown, context?: { source?: string }) =>
    typeof v === 'number' && context?.source !== undefined ? new JsonNumber(context.source) : v,
  );
}

function deliverManual(n: FakeNotification): Promise<{ status: number; body: string }> {
  return deliverOverHttp(n, { redirect: 'manual' });
}
