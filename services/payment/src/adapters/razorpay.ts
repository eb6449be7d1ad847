import { AppError } from '@invoice-platform/common/errors';
import { randomBase62 } from '@invoice-platform/common/ids';
import Razorpay from 'razorpay';
import type {
  Checkout,
  CheckoutInput,
  Connection,
  NotificationClaim,
  PaymentAdapter,
  ProviderReply,
  RawNotification,
  ReplyKind,
  VerifiedNotification,
} from '../domain/adapter.ts';

/**
 * Razorpay Payment Links (docs/payments/razorpay.md), on the official razorpay SDK: a standard
 * payment link per checkout (reference_id from our invoice id), paid on Razorpay's hosted page, and
 * the payment_link.* webhooks verified by X-Razorpay-Signature, an HMAC-SHA256 of the raw body keyed
 * with the webhook secret.
 */

const DEFAULT_TIMEOUT_MS = 15_000;

/** How long a payment link can be paid (its expire_by); Razorpay wants at least 15 minutes. */
export const LINK_LIFETIME_SECONDS = 86_400;

/**
 * Decimals of Razorpay's minor units per currency it takes for an invoice: all of these have two,
 * as the invoice keeps them, so an amount converts exactly or not at all.
 */
export const razorpayDecimals: Readonly<Record<string, number>> = {
  INR: 2,
  USD: 2,
  EUR: 2,
  GBP: 2,
  SGD: 2,
  AED: 2,
  AUD: 2,
  CAD: 2,
  MYR: 2,
};

/**
 * The SDK builds its axios instance with https://api.razorpay.com fixed and offers no option for
 * another host; the instance's defaults are the one place to point it elsewhere.
 */
interface RazorpayHttp {
  rq: { defaults: { baseURL?: string; timeout?: number } };
}

export interface RazorpayAdapterOptions {
  /**
   * Replaces https://api.razorpay.com (the same for test and live keys), e.g. a local fake in
   * tests; empty or unset: Razorpay's own.
   */
  baseUrl?: string;
  timeoutMs?: number;
}

export class RazorpayAdapter implements PaymentAdapter {
  readonly provider = 'razorpay' as const;
  private readonly baseUrl: string | undefined;
  private readonly timeoutMs: number;

  constructor(options: RazorpayAdapterOptions = {}) {
    this.baseUrl = options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : undefined;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async createCheckout(conn: Connection, input: CheckoutInput): Promise<Checkout> {
    const amount = toMinorUnits(input.amount, input.currency);
    const { key_id, key_secret } = conn.credentials;
    if (!key_id || !key_secret)
      throw new AppError('application', 'The Razorpay connection has no key id or key secret.');

    const razorpay = new Razorpay({ key_id, key_secret });
    const http = (razorpay.api as unknown as RazorpayHttp).rq.defaults;
    http.timeout = this.timeoutMs;
    if (this.baseUrl !== undefined) http.baseURL = this.baseUrl;

    const referenceId = newReferenceId(input.invoiceId);
    const expireBy = Math.floor(Date.now() / 1000) + LINK_LIFETIME_SECONDS;
    const link = await razorpay.paymentLink
      .create({
        amount,
        currency: input.currency,
        accept_partial: false,
        reference_id: referenceId,
        description: `Invoice ${input.invoiceNumber}`,
        customer: { name: input.customerName, ...(input.customerEmail ? { email: input.customerEmail } : {}) },
        // The platform sends its own emails; Razorpay's would be a second copy of the same request.
        notify: { sms: false, email: false },
        reminder_enable: false,
        notes: { invoice_id: input.invoiceId, invoice_number: input.invoiceNumber },
        callback_url: input.returnUrl,
        callback_method: 'get',
        expire_by: expireBy,
      })
      .catch((err: unknown) => {
        throw providerError(err);
      });
    if (typeof link.id !== 'string' || typeof link.short_url !== 'string' || link.short_url === '') {
      throw new AppError('unavailable', 'Razorpay answered without a payment link id or short_url.', {
        provider: 'razorpay',
      });
    }
    return { providerCheckoutId: link.id, redirectUrl: link.short_url, expiresAt: new Date(expireBy * 1000) };
  }

  claim(n: RawNotification): NotificationClaim | undefined {
    const event = readEvent(n.body);
    if (!event?.link || typeof event.link.id !== 'string') return undefined;
    const claim: NotificationClaim = { providerCheckoutId: event.link.id };
    const invoiceId = invoiceIdOfLink(event.link);
    if (invoiceId) claim.invoiceId = invoiceId;
    if (typeof event.payment?.id === 'string') claim.providerPaymentId = event.payment.id;
    return claim;
  }

  async verify(conn: Connection, n: RawNotification): Promise<VerifiedNotification> {
    const secret = conn.credentials.webhook_secret;
    if (!secret) return { verified: false, reason: 'the connection has no webhook secret' };
    const signature = n.headers['x-razorpay-signature'];
    if (!signature) return { verified: false, reason: 'the x-razorpay-signature header is missing' };
    if (!Razorpay.validateWebhookSignature(n.body.toString('utf8'), signature, secret)) {
      return { verified: false, reason: 'x-razorpay-signature does not match' };
    }

    const event = readEvent(n.body);
    if (!event) return { verified: false, reason: 'the body is not a JSON object' };
    const { link, payment } = event;
    if (typeof event.name !== 'string' || !link || typeof link.id !== 'string' || typeof link.currency !== 'string') {
      return { verified: false, reason: 'event or payload.payment_link is missing' };
    }
    const status = linkOutcome(event.name);
    // A paid link carries its payment; the payment's id keys it (the link's id for other events).
    if (status === 'paid' && typeof payment?.id !== 'string') {
      return { verified: false, reason: 'payload.payment is missing' };
    }
    const paid = link.amount_paid;
    const amount = paid instanceof JsonNumber ? fromMinorUnits(paid.source, link.currency) : undefined;
    if (amount === undefined) return { verified: false, reason: 'amount_paid is not an amount' };

    // X-Razorpay-Event-Id is the same on every retry of one event, so a replay is recognised by it.
    // It is outside the signature: a replay under a new id still meets MarkPaidByPayment's
    // idempotency on the payment id.
    const eventId = n.headers['x-razorpay-event-id'];
    const result: VerifiedNotification & { eventId?: string } = {
      verified: true,
      status,
      ...(eventId ? { eventId } : {}),
      providerPaymentId: typeof payment?.id === 'string' ? payment.id : link.id,
      providerCheckoutId: link.id,
      amount,
      currency: link.currency,
    };
    const invoiceId = invoiceIdOfLink(link);
    if (invoiceId) result.invoiceId = invoiceId;
    if (status === 'paid' && event.createdAt instanceof JsonNumber && /^\d+$/.test(event.createdAt.source)) {
      result.paidAt = new Date(Number(event.createdAt.source) * 1000);
    }
    return result;
  }

  reply(kind: ReplyKind): ProviderReply {
    // Razorpay retries a webhook answered with anything but a 2xx, and disables the webhook after a
    // day of failures; a refused one never passes.
    return { status: 200, contentType: 'application/json', body: JSON.stringify({ status: kind }) };
  }
}

/** payment_link.paid is the money; expired and cancelled end the link; the rest changes nothing. */
export function linkOutcome(event: string): 'paid' | 'failed' | 'pending' {
  if (event === 'payment_link.paid') return 'paid';
  return event === 'payment_link.expired' || event === 'payment_link.cancelled' ? 'failed' : 'pending';
}

/**
 * The reference_id of a new payment link: the invoice id and a random suffix, so a second link for
 * the same invoice (after the first expired) never repeats a reference Razorpay already holds. At
 * most 40 characters, as Razorpay requires.
 */
export function newReferenceId(invoiceId: string): string {
  return `${invoiceId}-${randomBase62(5)}`;
}

/**
 * The invoice amount in Razorpay's minor units ('1500.50' INR → 150050). More decimals than the
 * currency has, or more units than a JSON number holds exactly, is refused rather than rounded.
 */
export function toMinorUnits(amount: string, currency: string): number {
  const decimals = razorpayDecimals[currency];
  if (decimals === undefined) {
    throw new AppError('application', `Razorpay takes ${Object.keys(razorpayDecimals).join(', ')}, not ${currency}.`);
  }
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (match) {
    const fraction = (match[2] ?? '').replace(/0+$/, '');
    const units = BigInt(`${match[1]}${fraction.padEnd(decimals, '0')}`);
    if (fraction.length <= decimals && units > 0n && units <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(units);
  }
  throw new AppError('application', `Razorpay cannot take the amount ${amount} ${currency} exactly.`);
}

/** Minor units as Razorpay wrote them ('150050') in the invoice's fixed form ('1500.50'). */
export function fromMinorUnits(source: string, currency: string): string | undefined {
  const decimals = razorpayDecimals[currency];
  if (decimals === undefined || !/^\d+$/.test(source)) return undefined;
  const digits = source.replace(/^0+(?=\d)/, '').padStart(decimals + 1, '0');
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

function invoiceIdOfLink(link: Record<string, unknown>): string | undefined {
  const notes = link.notes;
  if (notes && typeof notes === 'object' && typeof (notes as Record<string, unknown>).invoice_id === 'string') {
    return (notes as Record<string, string>).invoice_id;
  }
  const reference = typeof link.reference_id === 'string' ? /^(.+)-[0-9A-Za-z]{7}$/.exec(link.reference_id) : null;
  return reference?.[1];
}

/** A JSON number kept as the text it was written as, so no amount passes through a binary float. */
class JsonNumber {
  readonly source: string;
  constructor(source: string) {
    this.source = source;
  }
}

interface WebhookEvent {
  name: unknown;
  createdAt: unknown;
  link?: Record<string, unknown>;
  payment?: Record<string, unknown>;
}

/** The event name, its payment_link and payment entities, from a webhook body. */
function readEvent(body: Buffer): WebhookEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'), (_key, v: unknown, context?: { source?: string }) =>
      typeof v === 'number' && context?.source !== undefined ? new JsonNumber(context.source) : v,
    );
  } catch {
    return undefined;
  }
  if (!isObject(value)) return undefined;
  const payload = isObject(value.payload) ? value.payload : {};
  const entity = (name: string) => {
    const wrapper = payload[name];
    return isObject(wrapper) && isObject(wrapper.entity) ? wrapper.entity : undefined;
  };
  const event: WebhookEvent = { name: value.event, createdAt: value.created_at };
  const link = entity('payment_link');
  const payment = entity('payment');
  if (link) event.link = link;
  if (payment) event.payment = payment;
  return event;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof JsonNumber);
}

/** Razorpay's SDK rejects with { statusCode, error } when Razorpay answered, and anything else when not. */
function providerError(err: unknown): AppError {
  const status = isObject(err) ? Number(err.statusCode) : NaN;
  if (!Number.isInteger(status) || status >= 500 || status === 429) {
    return new AppError('unavailable', 'Razorpay could not be reached.', { provider: 'razorpay' });
  }
  const code = isObject(err) && isObject(err.error) ? err.error.code : undefined;
  const what = status === 401 || status === 403 ? "the workspace's credentials" : 'the request';
  return new AppError('application', `Razorpay refused ${what} (HTTP ${status}).`, {
    provider: 'razorpay',
    http_status: status,
    ...(typeof code === 'string' ? { error_code: code } : {}),
  });
}
