import { createHmac } from 'node:crypto';
import { AppError } from '@invoice-platform/common/errors';
import { type Static, Type } from '@sinclair/typebox';
import Razorpay from 'razorpay';
import type * as contract from '../domain/adapter.ts';
import { compile, isJsonObject, JsonNumberText, readJson, Text } from './body.ts';
import {
  amountParts,
  HostedAdapter,
  invoiceIdOfReference,
  sameSecret,
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

/** The payment_link.* webhook's fields this adapter reads (razorpay.com/docs/webhooks/payloads/payment-links/). */
const WebhookEvent = Type.Object({
  event: Text(64, '^[a-z_.]+$'),
  created_at: Type.Optional(JsonNumberText('^\\d{1,12}$')),
  payload: Type.Object({
    payment_link: Type.Object({
      entity: Type.Object({
        id: Text(64, '^plink_[A-Za-z0-9]+$'),
        currency: Text(3, '^[A-Z]{3}$'),
        amount_paid: JsonNumberText('^\\d{1,20}$'),
        reference_id: Type.Optional(Type.Union([Type.Null(), Text(40)])),
        notes: Type.Optional(
          Type.Union([
            Type.Null(),
            Type.Array(Type.Unknown(), { maxItems: 0 }),
            Type.Record(Type.String(), Type.Unknown(), { maxProperties: 15 }),
          ]),
        ),
      }),
    }),
    payment: Type.Optional(Type.Object({ entity: Type.Object({ id: Text(64, '^pay_[A-Za-z0-9]+$') }) })),
  }),
});
type WebhookEvent = Static<typeof WebhookEvent>;
const webhookEvent = compile(WebhookEvent);
/** X-Razorpay-Event-Id, the same on every retry of one event. */
const eventIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

export class RazorpayAdapter extends HostedAdapter {
  readonly provider = 'razorpay' as const;
  readonly confirmCallsProvider = false;

  private client(conn: contract.Connection): Razorpay {
    const { key_id, key_secret } = this.credentials(conn, ['key_id', 'key_secret'], 'key id or key secret');
    const razorpay = new Razorpay({ key_id, key_secret });
    const http = (razorpay.api as unknown as RazorpayHttp).rq.defaults;
    http.timeout = this.timeoutMs;
    if (this.baseUrl !== undefined) http.baseURL = this.baseUrl;
    return razorpay;
  }

  async createCheckout(conn: contract.Connection, input: contract.CheckoutInput): Promise<contract.Checkout> {
    const amount = toMinorUnits(input.amount, input.currency);
    const razorpay = this.client(conn);

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

  parse(n: contract.RawNotification): contract.ParsedNotification<WebhookEvent> | undefined {
    const event = readJson(webhookEvent, n.body, true);
    return event && { providerCheckoutId: event.payload.payment_link.entity.id, kind: event.event, data: event };
  }

  /**
   * X-Razorpay-Signature: HMAC-SHA256 of the raw body keyed with the webhook secret, hex. Checked
   * here and in constant time (the SDK's validateWebhookSignature compares with ===).
   */
  authenticate(conn: contract.Connection, _parsed: contract.ParsedNotification, n: contract.RawNotification) {
    const proof = this.proof(conn, n, {
      field: 'webhook_secret',
      what: 'webhook secret',
      header: 'x-razorpay-signature',
    });
    if ('reason' in proof) return proof.reason;
    const expected = createHmac('sha256', proof.secret).update(n.body).digest('hex');
    return sameSecret(proof.given, expected) ? undefined : 'x-razorpay-signature does not match';
  }

  /** The signed body as it is: Razorpay signs all of it. */
  async confirm(
    _conn: contract.Connection,
    parsed: contract.ParsedNotification,
    n: contract.RawNotification,
  ): Promise<contract.VerifiedNotification> {
    const event = (parsed as contract.ParsedNotification<WebhookEvent>).data;
    const link = event.payload.payment_link.entity;
    const payment = event.payload.payment?.entity;
    const status = linkOutcome(event.event);
    // A paid link carries its payment; the payment's id keys it (the link's id for other events).
    if (status === 'paid' && !payment) return { verified: false, reason: 'payload.payment is missing' };
    const amount = fromMinorUnits(link.amount_paid.source, link.currency);
    if (amount === undefined) return { verified: false, reason: 'amount_paid is not an amount' };
    // X-Razorpay-Event-Id is outside the signature: a replay under a new id still meets
    // MarkPaidByPayment's idempotency on the (signed) payment id.
    const eventId = n.headers['x-razorpay-event-id'];
    const result: contract.VerifiedNotification = {
      verified: true,
      status,
      ...(eventId && eventIdPattern.test(eventId) ? { eventId } : {}),
      providerPaymentId: payment?.id ?? link.id,
      providerCheckoutId: link.id,
      amount,
      currency: link.currency,
    };
    const invoiceId = invoiceIdOfLink(link);
    if (invoiceId) result.invoiceId = invoiceId;
    if (status === 'paid' && event.created_at) result.paidAt = new Date(Number(event.created_at.source) * 1000);
    return result;
  }

  /** POST /v1/payment_links/{id}/cancel: a link that is not paid stops taking payments; Razorpay refuses (400) any other. */
  async expire(conn: contract.Connection, linkId: string): Promise<contract.ExpireOutcome> {
    try {
      await this.client(conn).paymentLink.cancel(linkId);
      return 'expired';
    } catch (err) {
      const status = isJsonObject(err) ? Number(err.statusCode) : NaN;
      if (status === 400) return 'not_expirable';
      throw sdkFailure('razorpay', status);
    }
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

function invoiceIdOfLink(link: WebhookEvent['payload']['payment_link']['entity']): string | undefined {
  const notes = link.notes;
  if (isJsonObject(notes) && typeof notes.invoice_id === 'string') return notes.invoice_id;
  return typeof link.reference_id === 'string' ? invoiceIdOfReference(link.reference_id) : undefined;
}
