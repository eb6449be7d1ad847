/**
 * A fake of Razorpay Payment Links for the calls the RazorpayAdapter makes
 * (docs/payments/razorpay.md), all with key_id:key_secret as Basic auth, answering 401 for any other
 * pair: POST /v1/payment_links (400 BAD_REQUEST_ERROR for an amount that is not an integer of minor
 * units), GET /v1/payment_links/{id} (the SDK's paymentLink.fetch: the link as Razorpay keeps it,
 * amount_paid and its payments) and POST /v1/payment_links/{id}/cancel (paymentLink.cancel: a
 * `created` link becomes `cancelled`, answered and sent as payment_link.cancelled; any other status
 * is 400 BAD_REQUEST_ERROR; an unknown id is 400 "The id provided does not exist"). Its hosted link
 * page (/i/{code}) captures a payment, sends the payment_link.paid webhook signed with the webhook
 * secret (X-Razorpay-Signature, the hex HMAC-SHA256 of the raw body) to the webhook URL set in the
 * dashboard (`notifyUrl` / setNotifyUrl: Razorpay takes none per link), and returns the customer to
 * callback_url with the razorpay_payment_link_* parameters and their razorpay_signature, as Razorpay
 * does; a cancelled or expired link's page answers 410.
 *
 * It has the one shape of every fake provider (README.md beside this file).
 */
import { createHmac, randomBytes } from 'node:crypto';
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

export interface FakeRazorpay extends FakeProvider {
  readonly provider: 'razorpay';
  readonly credentials: { key_id: string; key_secret: string; webhook_secret: string };
  /** The body of the request that created the link, as Razorpay received it. */
  request(checkoutId: string): Record<string, unknown> | undefined;
}

interface PaymentLink {
  id: string;
  code: string;
  /** Minor units. */
  amount: number;
  currency: string;
  referenceId: string;
  callbackUrl: string;
  request: Record<string, unknown>;
  status: string;
  createdAt: number;
  paymentId?: string;
  orderId?: string;
  /** What the payment recorded: amount_paid in minor units, the currency it reported, when (seconds). */
  amountPaid: number;
  paidCurrency?: string;
  paidAt?: number;
  cancelledAt?: number;
  expiredAt?: number;
}

const currencies = new Set(['INR', 'USD', 'EUR', 'GBP', 'SGD', 'AED', 'AUD', 'CAD', 'MYR']);

/** Link statuses in which the page takes no payment. */
const closed = new Set(['cancelled', 'expired']);

/** The event each outcome sends, and the link status after it. */
const outcomes = {
  paid: ['payment_link.paid', 'paid'],
  failed: ['payment_link.expired', 'expired'],
  pending: ['payment_link.partially_paid', 'partially_paid'],
} as const;

/** Razorpay ids: a prefix and 14 alphanumerics. */
function razorpayId(prefix: string): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return `${prefix}_${Array.from(randomBytes(14), (b) => alphabet[b % alphabet.length]).join('')}`;
}

/** '1500.5' → 150050 (two decimals for every currency here). */
const toMinor = (decimal: string): number => {
  const [whole, fraction = ''] = decimal.split('.');
  return Number(`${whole}${fraction.padEnd(2, '0')}`);
};
const fromMinor = (units: number): string => `${Math.floor(units / 100)}.${String(units % 100).padStart(2, '0')}`;

export async function startFakeRazorpay(opts: FakeProviderOptions = {}): Promise<FakeRazorpay> {
  const credentials = {
    key_id: `rzp_test_${randomBytes(7).toString('hex')}`,
    key_secret: randomBytes(18).toString('base64url'),
    webhook_secret: randomBytes(18).toString('base64url'),
    ...opts.credentials,
  };
  const accountId = razorpayId('acc');
  let webhookUrl = opts.notifyUrl ?? '';
  const links = new Map<string, PaymentLink>();
  const byCode = new Map<string, PaymentLink>();
  const notifications = outbox(deliverManual);
  let baseUrl = '';

  const pageUrl = (link: PaymentLink) => `${baseUrl}/i/${link.code}`;
  const notes = (link: PaymentLink) => (link.request.notes ?? {}) as Record<string, unknown>;
  const toCheckout = (link: PaymentLink): FakeCheckout => ({
    id: link.id,
    invoiceId: String(notes(link).invoice_id ?? link.referenceId),
    amount: fromMinor(link.amount),
    currency: link.currency,
    status: link.status,
    returnUrl: link.callbackUrl,
    notifyUrl: webhookUrl,
    pageUrl: pageUrl(link),
  });

  /** The payment_link entity as Razorpay keeps it (webhooks, create, fetch and cancel answers). */
  function linkEntity(link: PaymentLink): Record<string, unknown> {
    const r = link.request;
    return {
      accept_partial: r.accept_partial ?? false,
      amount: link.amount,
      amount_paid: link.amountPaid,
      callback_method: r.callback_method ?? '',
      callback_url: link.callbackUrl,
      cancelled_at: link.cancelledAt ?? 0,
      created_at: link.createdAt,
      currency: link.paidCurrency ?? link.currency,
      customer: r.customer ?? {},
      description: r.description ?? '',
      expire_by: r.expire_by ?? 0,
      expired_at: link.expiredAt ?? 0,
      first_min_partial_amount: 0,
      id: link.id,
      notes: r.notes ?? null,
      notify: r.notify ?? { email: false, sms: false },
      payments:
        link.status === 'paid' && link.paymentId
          ? [
              {
                amount: link.amountPaid,
                created_at: link.paidAt,
                method: 'upi',
                payment_id: link.paymentId,
                plink_id: link.id,
                status: 'captured',
                updated_at: link.paidAt,
              },
            ]
          : null,
      reference_id: link.referenceId,
      reminder_enable: r.reminder_enable ?? false,
      reminders: [],
      short_url: pageUrl(link),
      status: link.status,
      updated_at: Math.floor(Date.now() / 1000),
      upi_link: false,
      user_id: '',
    };
  }

  /** A webhook of the link as it is now, signed with the webhook secret (or another). */
  function webhook(link: PaymentLink, event: string, badSignature = false): FakeNotification {
    const now = Math.floor(Date.now() / 1000);
    const currency = link.paidCurrency ?? link.currency;
    let payload: Record<string, unknown>;
    if (event === 'payment_link.paid') {
      const paid = link.amountPaid;
      payload = {
        payment_link: { entity: linkEntity(link) },
        order: {
          entity: {
            amount: link.amount,
            amount_due: 0,
            amount_paid: paid,
            attempts: 1,
            created_at: link.createdAt,
            currency,
            entity: 'order',
            id: link.orderId,
            notes: link.request.notes ?? [],
            receipt: link.referenceId,
            status: 'paid',
          },
        },
        payment: {
          entity: {
            amount: paid,
            captured: true,
            contact: '+919000090000',
            created_at: now,
            currency,
            email: 'customer@example.com',
            entity: 'payment',
            fee: 0,
            id: link.paymentId,
            international: false,
            method: 'upi',
            notes: link.request.notes ?? [],
            order_id: link.orderId,
            status: 'captured',
            tax: 0,
            vpa: 'customer@upi',
          },
        },
      };
    } else {
      payload = { payment_link: { entity: linkEntity(link) } };
    }
    const body = JSON.stringify({
      account_id: accountId,
      contains: Object.keys(payload),
      created_at: now,
      entity: 'event',
      event,
      payload,
    });
    const secret = badSignature ? randomBytes(18).toString('base64url') : credentials.webhook_secret;
    return {
      provider: 'razorpay',
      url: webhookUrl,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-event-id': razorpayId('evt').slice(4),
        'x-razorpay-signature': createHmac('sha256', secret).update(body).digest('hex'),
      },
      body,
      query: '',
    };
  }

  async function pay(id: string, tweaks: NotificationTweaks = {}): Promise<FakeNotification> {
    const link = links.get(id);
    if (!link) throw new Error(`fake razorpay: no payment link ${id}`);
    // Cancelled only through the API; a crafted `failed` (expired) link may still be crafted on.
    if (link.status === 'cancelled')
      throw new Error(`fake razorpay: payment link ${id} is cancelled and cannot be paid`);
    const [event, status] = outcomes[tweaks.outcome ?? 'paid'];
    const now = Math.floor(Date.now() / 1000);
    // What the payment made of the link; a forged webhook (badSignature) changes nothing at Razorpay.
    const paid: PaymentLink = {
      ...link,
      status,
      paidCurrency: tweaks.currency ?? link.paidCurrency,
      ...(event === 'payment_link.paid'
        ? {
            paymentId: link.paymentId ?? razorpayId('pay'),
            orderId: link.orderId ?? razorpayId('order'),
            amountPaid: tweaks.amount === undefined ? link.amount : toMinor(tweaks.amount),
            paidAt: now,
          }
        : { amountPaid: 0, ...(status === 'expired' ? { expiredAt: now } : {}) }),
    };
    if (!tweaks.badSignature) Object.assign(link, paid);
    return webhook(paid, event, tweaks.badSignature);
  }

  /** GET /v1/payment_links/{id} and POST /v1/payment_links/{id}/cancel. */
  function linkApi(req: IncomingMessage, res: ServerResponse, id: string, cancel: boolean): void {
    if (basicAuth(req) !== `${credentials.key_id}:${credentials.key_secret}`)
      return error(res, 401, 'Authentication failed');
    const l = links.get(id);
    if (!l) return error(res, 400, 'The id provided does not exist');
    if (!cancel) return json(res, 200, linkEntity(l));
    // Razorpay cancels only a link in the created (issued) state.
    if (l.status !== 'created') return error(res, 400, `Operation not allowed for Payment Link in ${l.status} status.`);
    Object.assign(l, { status: 'cancelled', cancelledAt: Math.floor(Date.now() / 1000) });
    json(res, 200, linkEntity(l));
    // payment_link.cancelled, which the merchant's webhook subscribes to (docs/payments/razorpay.md).
    void notifications.send(webhook(l, 'payment_link.cancelled')).catch(() => undefined);
  }

  async function createLink(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readText(req);
    if (basicAuth(req) !== `${credentials.key_id}:${credentials.key_secret}`)
      return error(res, 401, 'Authentication failed');
    const body = parseObject(text);
    if (!body) return error(res, 400, 'The request body is not valid JSON');
    const currency = body.currency ?? 'INR';
    if (typeof currency !== 'string' || !currencies.has(currency)) return error(res, 400, 'The currency is invalid');
    if (typeof body.amount !== 'number' || !Number.isSafeInteger(body.amount) || body.amount < 100)
      return error(res, 400, 'The amount must be an integer in the smallest currency unit, at least 100');
    if (typeof body.reference_id !== 'string' || body.reference_id.length > 40)
      return error(res, 400, 'The reference id is required here and may not be greater than 40 characters');
    if (typeof body.callback_url !== 'string' || body.callback_method !== 'get')
      return error(res, 400, 'callback_url with callback_method get is required here');
    const link: PaymentLink = {
      id: razorpayId('plink'),
      code: randomBytes(5).toString('base64url'),
      amount: body.amount,
      currency,
      referenceId: body.reference_id,
      callbackUrl: body.callback_url,
      request: body,
      status: 'created',
      createdAt: Math.floor(Date.now() / 1000),
      amountPaid: 0,
    };
    links.set(link.id, link);
    byCode.set(link.code, link);
    return json(res, 200, linkEntity(link));
  }

  async function payOnPage(res: ServerResponse, link: PaymentLink): Promise<void> {
    await notifications.send(await pay(link.id)).catch(() => undefined);
    const back = new URL(link.callbackUrl);
    const params: Record<string, string> = {
      razorpay_payment_id: link.paymentId!,
      razorpay_payment_link_id: link.id,
      razorpay_payment_link_reference_id: link.referenceId,
      razorpay_payment_link_status: 'paid',
    };
    for (const [k, v] of Object.entries(params)) back.searchParams.set(k, v);
    const signed = `${link.id}|${link.referenceId}|paid|${link.paymentId!}`;
    back.searchParams.set(
      'razorpay_signature',
      createHmac('sha256', credentials.key_secret).update(signed).digest('hex'),
    );
    res.writeHead(303, { location: back.toString() }).end();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const page = /^\/i\/([^/]+)(\/pay)?$/.exec(url.pathname);
    const one = /^\/v1\/payment_links\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    const handle = async (): Promise<void> => {
      if (req.method === 'POST' && /^\/v1\/payment_links\/?$/.test(url.pathname)) return createLink(req, res);
      if (one && req.method === (one[2] ? 'POST' : 'GET'))
        return linkApi(req, res, decodeURIComponent(one[1]!), Boolean(one[2]));
      const link = page ? byCode.get(page[1]!) : undefined;
      if (page && !link) return html(res, 404, 'Razorpay', '<p>Payment link not found</p>');
      if (link && closed.has(link.status))
        return closedPage(
          res,
          'Razorpay',
          `This payment link has ${link.status === 'cancelled' ? 'been cancelled' : 'expired'}.`,
        );
      if (link && req.method === 'GET' && !page![2]) return checkoutPage(res, link, pageUrl(link));
      if (link && req.method === 'POST' && page![2]) return payOnPage(res, link);
      error(res, 404, 'The requested URL was not found on the server.');
    };
    handle().catch((err: unknown) => {
      if (!res.headersSent) error(res, 500, (err as Error).message);
    });
  });
  await listen(server, opts.port);
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    provider: 'razorpay',
    baseUrl,
    credentials,
    checkouts: () => [...links.values()].map(toCheckout),
    checkoutFor: (invoiceId) => [...links.values()].map(toCheckout).findLast((c) => c.invoiceId === invoiceId),
    isPayable: (id) => {
      const link = links.get(id);
      return link !== undefined && !closed.has(link.status);
    },
    pay,
    deliver: deliverManual,
    holdNotifications: notifications.hold,
    held: notifications.held,
    releaseHeld: notifications.release,
    setNotifyUrl: (url) => {
      webhookUrl = url;
    },
    request: (checkoutId) => links.get(checkoutId)?.request,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The payment link page: the amount, Pay (a plain form post) and Cancel back to the callback URL. */
function checkoutPage(res: ServerResponse, link: PaymentLink, url: string): void {
  html(
    res,
    200,
    'Razorpay',
    `<h1>Razorpay</h1>
<p>Payment link ${escapeHtml(link.id)} (${escapeHtml(link.referenceId)})</p>
<p id="amount">${escapeHtml(link.currency)} ${fromMinor(link.amount)}</p>
<form method="post" action="${escapeHtml(url)}/pay"><button id="pay" type="submit">Pay</button></form>
<p><a id="cancel" href="${escapeHtml(link.callbackUrl)}">Cancel</a></p>`,
  );
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

function deliverManual(n: FakeNotification): Promise<{ status: number; body: string }> {
  return deliverOverHttp(n, { redirect: 'manual' });
}
