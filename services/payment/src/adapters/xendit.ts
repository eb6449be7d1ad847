import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '@invoice-platform/common/errors';
import { Invoice as InvoiceApi, XenditSdkError } from 'xendit-node';
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
 * Xendit Invoices (docs/payments/xendit.md), on the official xendit-node SDK: a Xendit invoice per
 * checkout (external_id = our invoice id), paid on Xendit's hosted page, and the invoice callback
 * verified by its x-callback-token header, the account's callback verification token.
 */

const XENDIT_API = 'https://api.xendit.co';

/** How long a Xendit invoice can be paid (its invoice_duration, in seconds). */
export const INVOICE_DURATION_SECONDS = 86_400;

/**
 * The decimals Xendit takes in `amount` per currency: none for rupiah and dong, cents for the rest
 * (the same as the invoice keeps, so no amount is ever rounded).
 */
export const xenditDecimals: Readonly<Record<string, number>> = { IDR: 0, VND: 0, PHP: 2, THB: 2, MYR: 2 };

export interface XenditAdapterOptions {
  /**
   * Replaces https://api.xendit.co (the same for test and live keys), e.g. a local fake in tests;
   * empty or unset: Xendit's own.
   */
  baseUrl?: string;
}

export class XenditAdapter implements PaymentAdapter {
  readonly provider = 'xendit' as const;
  private readonly baseUrl: string;

  constructor(options: XenditAdapterOptions = {}) {
    this.baseUrl = (options.baseUrl || XENDIT_API).replace(/\/+$/, '');
  }

  async createCheckout(conn: Connection, input: CheckoutInput): Promise<Checkout> {
    const amount = toXenditAmount(input.amount, input.currency);
    const secretKey = conn.credentials.secret_key;
    if (!secretKey) throw new AppError('application', 'The Xendit connection has no secret API key.');

    // The Invoice API class alone: the SDK's Xendit wrapper writes a console line per construction.
    const api = new InvoiceApi({ secretKey, xenditURL: this.baseUrl });
    let created: Awaited<ReturnType<InvoiceApi['createInvoice']>>;
    try {
      created = await api.createInvoice({
        data: {
          externalId: input.invoiceId,
          amount,
          currency: input.currency,
          description: `Invoice ${input.invoiceNumber}`,
          invoiceDuration: INVOICE_DURATION_SECONDS,
          successRedirectUrl: input.returnUrl,
          failureRedirectUrl: input.returnUrl,
          ...(input.customerEmail ? { payerEmail: input.customerEmail } : {}),
          customer: {
            givenNames: input.customerName,
            ...(input.customerEmail ? { email: input.customerEmail } : {}),
          },
          metadata: { invoice_number: input.invoiceNumber },
        },
      });
    } catch (err) {
      throw providerError(err);
    }
    if (!created.id || typeof created.invoiceUrl !== 'string' || created.invoiceUrl === '') {
      throw new AppError('unavailable', 'Xendit answered without an invoice id or invoice_url.', {
        provider: 'xendit',
      });
    }
    const checkout: Checkout = { providerCheckoutId: created.id, redirectUrl: created.invoiceUrl };
    if (created.expiryDate instanceof Date && !Number.isNaN(created.expiryDate.getTime())) {
      checkout.expiresAt = created.expiryDate;
    }
    return checkout;
  }

  claim(n: RawNotification): NotificationClaim | undefined {
    const body = parseObject(n.body);
    if (!body || typeof body.id !== 'string') return undefined;
    const claim: NotificationClaim = { providerCheckoutId: body.id, providerPaymentId: body.id };
    if (typeof body.external_id === 'string') claim.invoiceId = body.external_id;
    return claim;
  }

  async verify(conn: Connection, n: RawNotification): Promise<VerifiedNotification> {
    const expected = conn.credentials.callback_token;
    if (!expected) return { verified: false, reason: 'the connection has no callback token' };
    const token = n.headers['x-callback-token'];
    if (!token) return { verified: false, reason: 'the x-callback-token header is missing' };
    if (!tokensEqual(token, expected)) return { verified: false, reason: 'x-callback-token does not match' };

    const body = parseObject(n.body);
    if (!body) return { verified: false, reason: 'the body is not a JSON object' };
    const { id, external_id, status, currency } = body;
    if (typeof id !== 'string' || typeof external_id !== 'string' || typeof status !== 'string') {
      return { verified: false, reason: 'id, external_id or status is missing' };
    }
    if (typeof currency !== 'string') return { verified: false, reason: 'currency is missing' };
    // paid_amount is what the customer paid; amount what the invoice asked (the same unless Xendit
    // took a different amount, which the payment service then sees as a mismatch).
    const raw = body.paid_amount ?? body.amount;
    const amount = raw instanceof JsonNumber ? fromXenditAmount(raw.source, currency) : undefined;
    if (amount === undefined) return { verified: false, reason: 'paid_amount is not an amount' };

    const result: VerifiedNotification = {
      verified: true,
      status: invoiceOutcome(status),
      // A Xendit invoice is paid at most once, and its PAID and SETTLED callbacks carry the same id,
      // so the invoice id keys the payment.
      providerPaymentId: id,
      providerCheckoutId: id,
      invoiceId: external_id,
      amount,
      currency,
    };
    if (result.status === 'paid' && typeof body.paid_at === 'string') {
      const paidAt = new Date(body.paid_at);
      if (!Number.isNaN(paidAt.getTime())) result.paidAt = paidAt;
    }
    return result;
  }

  reply(kind: ReplyKind): ProviderReply {
    // Xendit retries a callback answered with anything but a 2xx; a refused one never passes.
    return { status: 200, contentType: 'application/json', body: JSON.stringify({ status: kind }) };
  }
}

/** PAID and SETTLED are money received; EXPIRED ends the invoice; PENDING and the rest change nothing. */
export function invoiceOutcome(status: string): 'paid' | 'failed' | 'pending' {
  if (status === 'PAID' || status === 'SETTLED') return 'paid';
  return status === 'EXPIRED' ? 'failed' : 'pending';
}

/**
 * The invoice amount as Xendit's JSON number in major units ('12.50' PHP → 12.5, '1388750' IDR →
 * 1388750). The number is the decimal's own shortest form, so JSON carries exactly that decimal;
 * finer than the currency allows, or more digits than a JSON number keeps exactly, is refused.
 */
export function toXenditAmount(amount: string, currency: string): number {
  const decimals = xenditDecimals[currency];
  if (decimals === undefined) {
    throw new AppError('application', `Xendit takes ${Object.keys(xenditDecimals).join(', ')}, not ${currency}.`);
  }
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (match) {
    const whole = match[1]!.replace(/^0+(?=\d)/, '');
    const fraction = (match[2] ?? '').replace(/0+$/, '');
    const text = fraction ? `${whole}.${fraction}` : whole;
    const value = Number(text);
    if (fraction.length <= decimals && String(value) === text && value > 0) return value;
  }
  throw new AppError('application', `Xendit cannot take the amount ${amount} ${currency} exactly.`);
}

/**
 * A callback's amount, as the JSON text Xendit wrote ('50000', '12.5'), in the invoice's fixed form
 * for the currency ('50000', '12.50'). More decimals than the currency has stay as written, so they
 * never equal an invoice amount.
 */
export function fromXenditAmount(source: string, currency: string): string | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(source);
  if (!match) return undefined;
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  const decimals = xenditDecimals[currency] ?? fraction.length;
  if (fraction.length > decimals) return `${whole}.${fraction}`;
  return decimals === 0 ? whole : `${whole}.${fraction.padEnd(decimals, '0')}`;
}

/** Equal in constant time whatever the lengths: compares digests, never the tokens themselves. */
function tokensEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** A JSON number kept as the text it was written as, so no amount passes through a binary float. */
class JsonNumber {
  readonly source: string;
  constructor(source: string) {
    this.source = source;
  }
}

function parseObject(body: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'), (_key, v: unknown, context?: { source?: string }) =>
      typeof v === 'number' && context?.source !== undefined ? new JsonNumber(context.source) : v,
    );
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A refused request (bad key, bad field) will not pass on retry; no answer or a 5xx may. */
function providerError(err: unknown): AppError {
  const status = err instanceof XenditSdkError ? Number(err.status) : NaN;
  if (!Number.isInteger(status) || status >= 500 || status === 429) {
    return new AppError('unavailable', 'Xendit could not be reached.', { provider: 'xendit' });
  }
  const code = (err as XenditSdkError).errorCode;
  const what = status === 401 || status === 403 ? "the workspace's credentials" : 'the request';
  return new AppError('application', `Xendit refused ${what} (HTTP ${status}).`, {
    provider: 'xendit',
    http_status: status,
    ...(typeof code === 'string' ? { error_code: code } : {}),
  });
}
