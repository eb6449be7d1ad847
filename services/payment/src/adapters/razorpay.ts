import { AppError } from '@invoice-platform/common/errors';
import Razorpay from 'razorpay';
import type * as contract from '../domain/adapter.ts';
import {
  amountParts,
  HostedAdapter,
  invoiceIdOfReference,
  isJsonObject,
  JsonNumber,
  parseJsonObject,
  sdkFailure,
  suffixedReference,
} from './hosted.ts';

/**
 * Razorpay Payment Links (docs/payments/razorpay.md), on the official razorpay SDK: a standard
 * payment link per checkout (reference_id from our invoice id), paid on Razorpay's hosted page, and
 * the payment_link.* webhooks verified by X-Razorpay-Signature, an HMAC-SHA256 of the raw body keyed
 * with the webhook secret. Its baseUrl replaces https://api.razorpay.com (the same for test and live
 * keys).
 */

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

export class RazorpayAdapter extends HostedAdapter {
  readonly provider = 'razorpay' as const;

  async createCheckout(conn: contract.Connection, input: contract.CheckoutInput): Promise<contract.Checkout> {
    const amount = toMinorUnits(input.amount, input.currency);
    const { key_id, key_secret } = this.credentials(conn, ['key_id', 'key_secret'], 'key id or key secret');

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
        // The SDK rejects with { statusCode, error } when Razorpay answered, and anything else when not.
        const status = isJsonObject(err) ? Number(err.statusCode) : NaN;
        const code = isJsonObject(err) && isJsonObject(err.error) ? err.error.code : undefined;
        throw sdkFailure('razorpay', status, code);
      });
    if (typeof link.id !== 'string' || typeof link.short_url !== 'string' || link.short_url === '') {
      throw new AppError('unavailable', 'Razorpay answered without a payment link id or short_url.', {
        provider: 'razorpay',
      });
    }
    return { providerCheckoutId: link.id, redirectUrl: link.short_url, expiresAt: new Date(expireBy * 1000) };
  }

  claim(n: contract.RawNotification): contract.NotificationClaim | undefined {
    const event = readEvent(n.body);
    if (!event?.link || typeof event.link.id !== 'string') return undefined;
    const claim: contract.NotificationClaim = { providerCheckoutId: event.link.id };
    const invoiceId = invoiceIdOfLink(event.link);
    if (invoiceId) claim.invoiceId = invoiceId;
    if (typeof event.payment?.id === 'string') claim.providerPaymentId = event.payment.id;
    return claim;
  }

  async verify(conn: contract.Connection, n: contract.RawNotification): Promise<contract.VerifiedNotification> {
    const proof = this.proof(conn, n, {
      field: 'webhook_secret',
      what: 'webhook secret',
      header: 'x-razorpay-signature',
    });
    if ('reason' in proof) return proof;
    if (!Razorpay.validateWebhookSignature(n.body.toString('utf8'), proof.given, proof.secret)) {
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
    const result: contract.VerifiedNotification & { eventId?: string } = {
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
}

/** payment_link.paid is the money; expired and cancelled end the link; the rest changes nothing. */
export function linkOutcome(event: string): 'paid' | 'failed' | 'pending' {
  if (event === 'payment_link.paid') return 'paid';
  return event === 'payment_link.expired' || event === 'payment_link.cancelled' ? 'failed' : 'pending';
}

/** The reference_id of a new payment link, never one Razorpay already holds. At most 40 characters, as Razorpay requires. */
export const newReferenceId = suffixedReference;

/**
 * The invoice amount in Razorpay's minor units ('1500.50' INR → 150050). More decimals than the
 * currency has, or more units than a JSON number holds exactly, is refused rather than rounded.
 */
export function toMinorUnits(amount: string, currency: string): number {
  const parts = amountParts('razorpay', razorpayDecimals, amount, currency);
  if (parts) {
    const { decimals, whole, fraction } = parts;
    const units = BigInt(`${whole}${fraction.padEnd(decimals, '0')}`);
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
  return typeof link.reference_id === 'string' ? invoiceIdOfReference(link.reference_id) : undefined;
}

interface WebhookEvent {
  name: unknown;
  createdAt: unknown;
  link?: Record<string, unknown>;
  payment?: Record<string, unknown>;
}

/** The event name, its payment_link and payment entities, from a webhook body. */
function readEvent(body: Buffer): WebhookEvent | undefined {
  const value = parseJsonObject(body, true);
  if (!value) return undefined;
  const payload = isJsonObject(value.payload) ? value.payload : {};
  const entity = (name: string) => {
    const wrapper = payload[name];
    return isJsonObject(wrapper) && isJsonObject(wrapper.entity) ? wrapper.entity : undefined;
  };
  const event: WebhookEvent = { name: value.event, createdAt: value.created_at };
  const link = entity('payment_link');
  const payment = entity('payment');
  if (link) event.link = link;
  if (payment) event.payment = payment;
  return event;
}
