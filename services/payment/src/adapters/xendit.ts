import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '@invoice-platform/common/errors';
import { Invoice as InvoiceApi, XenditSdkError } from 'xendit-node';
import type * as contract from '../domain/adapter.ts';
import { amountParts, HostedAdapter, JsonNumber, parseJsonObject, sdkFailure } from './hosted.ts';

/**
 * Xendit Invoices (docs/payments/xendit.md), on the official xendit-node SDK: a Xendit invoice per
 * checkout (external_id = our invoice id), paid on Xendit's hosted page, and the invoice callback
 * verified by its x-callback-token header, the account's callback verification token. Its baseUrl
 * replaces https://api.xendit.co (the same for test and live keys).
 */

const XENDIT_API = 'https://api.xendit.co';

/** How long a Xendit invoice can be paid (its invoice_duration, in seconds). */
export const INVOICE_DURATION_SECONDS = 86_400;

/**
 * The decimals Xendit takes in `amount` per currency: none for rupiah and dong, cents for the rest
 * (the same as the invoice keeps, so no amount is ever rounded).
 */
export const xenditDecimals: Readonly<Record<string, number>> = { IDR: 0, VND: 0, PHP: 2, THB: 2, MYR: 2 };

export class XenditAdapter extends HostedAdapter {
  readonly provider = 'xendit' as const;

  async createCheckout(conn: contract.Connection, input: contract.CheckoutInput): Promise<contract.Checkout> {
    const amount = toXenditAmount(input.amount, input.currency);
    const { secret_key: secretKey } = this.credentials(conn, ['secret_key'], 'secret API key');

    // The Invoice API class alone: the SDK's Xendit wrapper writes a console line per construction.
    const api = new InvoiceApi({ secretKey, xenditURL: this.baseUrl ?? XENDIT_API });
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
      const status = err instanceof XenditSdkError ? Number(err.status) : NaN;
      throw sdkFailure('xendit', status, (err as XenditSdkError).errorCode);
    }
    if (!created.id || typeof created.invoiceUrl !== 'string' || created.invoiceUrl === '') {
      throw new AppError('unavailable', 'Xendit answered without an invoice id or invoice_url.', {
        provider: 'xendit',
      });
    }
    const checkout: contract.Checkout = { providerCheckoutId: created.id, redirectUrl: created.invoiceUrl };
    if (created.expiryDate instanceof Date && !Number.isNaN(created.expiryDate.getTime())) {
      checkout.expiresAt = created.expiryDate;
    }
    return checkout;
  }

  claim(n: contract.RawNotification): contract.NotificationClaim | undefined {
    const body = parseJsonObject(n.body, true);
    if (!body || typeof body.id !== 'string') return undefined;
    const claim: contract.NotificationClaim = { providerCheckoutId: body.id, providerPaymentId: body.id };
    if (typeof body.external_id === 'string') claim.invoiceId = body.external_id;
    return claim;
  }

  async verify(conn: contract.Connection, n: contract.RawNotification): Promise<contract.VerifiedNotification> {
    const proof = this.proof(conn, n, { field: 'callback_token', what: 'callback token', header: 'x-callback-token' });
    if ('reason' in proof) return proof;
    if (!tokensEqual(proof.given, proof.secret)) return { verified: false, reason: 'x-callback-token does not match' };

    const body = parseJsonObject(n.body, true);
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

    const result: contract.VerifiedNotification = {
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
  const parts = amountParts('xendit', xenditDecimals, amount, currency);
  if (parts) {
    const { decimals, whole, fraction } = parts;
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
