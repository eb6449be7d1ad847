/**
 * A fake of the Mollie Payments API v2 for the calls the adapter makes (docs.mollie.com/reference):
 * POST /v2/payments, GET /v2/payments/{id} and DELETE /v2/payments/{id} (cancel), Bearer API key,
 * HAL+JSON payments with a checkout link. Its hosted page pays the payment and calls the payment's
 * webhookUrl with `id=tr_…` (application/x-www-form-urlencoded), as Mollie does, then returns to the
 * redirectUrl.
 *
 * Cancelling: Mollie cancels only a payment whose `isCancelable` is true, and a payment created
 * without a method for the hosted checkout is not (the real default, so the fake's payments report
 * false and DELETE answers 422 "The payment cannot be canceled"). `cancelable: true` at start, or
 * setCancelable(true), makes later payments cancelable while open, for the other branch: DELETE then
 * answers the payment `canceled`, Mollie calls its webhook, and its page refuses.
 */
import type { ServerResponse } from 'node:http';
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

interface MolliePayment {
  id: string;
  amount: { value: string; currency: string };
  description: string;
  redirectUrl: string;
  cancelUrl?: string;
  webhookUrl: string;
  metadata: unknown;
  status: string;
  createdAt: string;
  expiresAt: string;
  paidAt?: string;
  failedAt?: string;
  canceledAt?: string;
  /** Whether Mollie would let the merchant cancel it while open (see the file's header). */
  cancelable: boolean;
}

export interface FakeMollieOptions extends FakeProviderOptions {
  /** New payments report isCancelable true while open, so DELETE cancels them (default false, as Mollie). */
  cancelable?: boolean;
  /** The hosted pages' port (plain HTTP) beside `port`, the API's (HTTPS); free ones by default. */
  pagesPort?: number;
}

export interface FakeMollie extends FakeProvider {
  readonly provider: 'mollie';
  /** Payments created from now on are cancelable while open (true) or not, as Mollie's hosted checkout ones (false). */
  setCancelable(cancelable: boolean): void;
}

/** Statuses in which Mollie's checkout takes no payment. */
const closed = new Set(['canceled', 'expired', 'failed']);

export async function startFakeMollie(opts: FakeMollieOptions = {}): Promise<FakeMollie> {
  const credentials = { api_key: `test_${randomId('', 30)}`, ...opts.credentials };
  const payments = new Map<string, MolliePayment>();
  const notifications = outbox(deliverOverHttp);
  let cancelable = opts.cancelable ?? false;
  /** The hosted pages' origin (plain HTTP); the API's is apiBase(). */
  let baseUrl = '';
  let apiBase = () => baseUrl;

  const pageUrl = (id: string) => `${baseUrl}/checkout/select-method/${id}`;
  const resource = (p: MolliePayment) => ({
    resource: 'payment',
    id: p.id,
    mode: 'test',
    createdAt: p.createdAt,
    amount: p.amount,
    description: p.description,
    method: p.status === 'paid' ? 'ideal' : null,
    metadata: p.metadata,
    status: p.status,
    isCancelable: p.cancelable && p.status === 'open',
    ...(p.status === 'open' ? { expiresAt: p.expiresAt } : {}),
    ...(p.paidAt ? { paidAt: p.paidAt } : {}),
    ...(p.failedAt ? { failedAt: p.failedAt } : {}),
    ...(p.canceledAt ? { canceledAt: p.canceledAt } : {}),
    ...(p.status === 'paid'
      ? {
          amountRefunded: { value: zero(p.amount.value), currency: p.amount.currency },
          amountRemaining: p.amount,
        }
      : {}),
    profileId: 'pfl_fake',
    sequenceType: 'oneoff',
    redirectUrl: p.redirectUrl,
    ...(p.cancelUrl ? { cancelUrl: p.cancelUrl } : {}),
    webhookUrl: p.webhookUrl,
    _links: {
      self: { href: `${apiBase()}/v2/payments/${p.id}`, type: 'application/hal+json' },
      ...(p.status === 'open' ? { checkout: { href: pageUrl(p.id), type: 'text/html' } } : {}),
      dashboard: { href: `${baseUrl}/dashboard/payments/${p.id}`, type: 'text/html' },
      documentation: { href: 'https://docs.mollie.com/reference/get-payment', type: 'text/html' },
    },
  });
  const error = (res: ServerResponse, status: number, title: string, detail: string) =>
    json(
      res,
      status,
      {
        status,
        title,
        detail,
        _links: { documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' } },
      },
      { 'content-type': 'application/hal+json' },
    );

  const toCheckout = (p: MolliePayment): FakeCheckout => ({
    id: p.id,
    invoiceId: String((p.metadata as { invoice_id?: unknown } | null)?.invoice_id ?? ''),
    amount: p.amount.value,
    currency: p.amount.currency,
    status: p.status,
    returnUrl: p.redirectUrl,
    notifyUrl: p.webhookUrl,
    pageUrl: pageUrl(p.id),
  });

  const notificationFor = (p: MolliePayment, id = p.id): FakeNotification => ({
    provider: 'mollie',
    url: p.webhookUrl,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mollie.com/Webhook' },
    body: new URLSearchParams({ id }).toString(),
    query: '',
  });

  const pay = async (id: string, tweaks: NotificationTweaks = {}): Promise<FakeNotification> => {
    const p = payments.get(id);
    if (!p) throw new Error(`fake mollie: no payment ${id}`);
    // Canceled only through DELETE; a crafted `failed` payment may still be crafted on.
    if (p.status === 'canceled') throw new Error(`fake mollie: payment ${id} is canceled and cannot be paid`);
    const now = new Date().toISOString();
    const outcome = tweaks.outcome ?? 'paid';
    if (tweaks.amount !== undefined || tweaks.currency !== undefined)
      p.amount = { value: tweaks.amount ?? p.amount.value, currency: tweaks.currency ?? p.amount.currency };
    if (outcome === 'paid') Object.assign(p, { status: 'paid', paidAt: now });
    else if (outcome === 'failed') Object.assign(p, { status: 'failed', failedAt: now });
    else p.status = 'pending';
    // Mollie signs nothing: a forged call names a payment Mollie never issued.
    return notificationFor(p, tweaks.badSignature ? randomId('tr_', 10) : p.id);
  };

  const handler = async (req: FakeRequest, res: ServerResponse) => {
    const path = req.url.pathname;
    const page = /^\/checkout\/select-method\/(tr_\w+)(\/pay)?$/.exec(path);
    if (page) {
      const p = payments.get(page[1]!);
      if (!p) return error(res, 404, 'Not Found', 'No such payment');
      if (closed.has(p.status))
        return closedPage(
          res,
          'Mollie',
          p.status === 'failed'
            ? 'The payment has failed.'
            : `The payment has been ${p.status === 'expired' ? 'expired' : 'canceled'}.`,
        );
      if (req.method === 'GET')
        return checkoutPage(res, {
          title: 'Mollie',
          amount: p.amount.value,
          currency: p.amount.currency,
          payAction: `${pageUrl(p.id)}/pay`,
          returnUrl: p.redirectUrl,
        });
      return payAndReturn(res, await pay(p.id), notifications.send, p.redirectUrl);
    }
    if (req.headers.authorization !== `Bearer ${credentials.api_key}`)
      return error(res, 401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
    if (req.method === 'POST' && path === '/v2/payments') {
      const body = JSON.parse(req.body.toString('utf8')) as Partial<MolliePayment>;
      if (!body.amount?.value || !body.amount.currency || !/^\d+(\.\d+)?$/.test(body.amount.value))
        return error(res, 422, 'Unprocessable Entity', 'The amount is invalid');
      if (!body.redirectUrl || !body.description)
        return error(res, 422, 'Unprocessable Entity', 'The redirect URL and description are required');
      const now = Date.now();
      const p: MolliePayment = {
        id: randomId('tr_', 10),
        amount: body.amount,
        description: body.description,
        redirectUrl: body.redirectUrl,
        cancelUrl: body.cancelUrl,
        webhookUrl: body.webhookUrl ?? '',
        metadata: body.metadata ?? null,
        status: 'open',
        createdAt: new Date(now).toISOString(),
        expiresAt: new Date(now + 15 * 60_000).toISOString(),
        cancelable,
      };
      payments.set(p.id, p);
      return json(res, 201, resource(p), { 'content-type': 'application/hal+json' });
    }
    const one = /^\/v2\/payments\/([\w]+)$/.exec(path);
    if ((req.method === 'GET' || req.method === 'DELETE') && one) {
      const p = payments.get(one[1]!);
      if (!p) return error(res, 404, 'Not Found', `No payment exists with token ${one[1]}.`);
      if (req.method === 'GET') return json(res, 200, resource(p), { 'content-type': 'application/hal+json' });
      if (!(p.cancelable && p.status === 'open'))
        return error(res, 422, 'Unprocessable Entity', 'The payment cannot be canceled');
      Object.assign(p, { status: 'canceled', canceledAt: new Date().toISOString() });
      json(res, 200, resource(p), { 'content-type': 'application/hal+json' });
      // Mollie calls the webhook when a payment's status changes, to canceled too.
      void notifications.send(notificationFor(p)).catch(() => undefined);
      return;
    }
    return error(res, 404, 'Not Found', 'The resource does not exist');
  };

  // The API over HTTPS (the SDK speaks nothing else), the hosted pages over plain HTTP for the browser.
  const [api, pages] = await Promise.all([
    startFakeServer(handler, { tls: true, port: opts.port }),
    startFakeServer(handler, { port: opts.pagesPort }),
  ]);
  baseUrl = pages.baseUrl;
  apiBase = () => api.baseUrl;
  return {
    provider: 'mollie',
    baseUrl: `${api.baseUrl}/v2/`,
    pageOrigin: pages.baseUrl,
    credentials,
    checkouts: () => [...payments.values()].map(toCheckout),
    checkoutFor: (invoiceId) => [...payments.values()].map(toCheckout).findLast((c) => c.invoiceId === invoiceId),
    isPayable: (id) => {
      const p = payments.get(id);
      return p !== undefined && !closed.has(p.status);
    },
    pay,
    deliver: deliverOverHttp,
    holdNotifications: notifications.hold,
    held: notifications.held,
    releaseHeld: notifications.release,
    setNotifyUrl: () => undefined,
    setCancelable: (on) => {
      cancelable = on;
    },
    stop: async () => {
      await Promise.all([api.stop(), pages.stop()]);
    },
  };
}

function zero(value: string): string {
  return value.replace(/\d/g, '0');
}
