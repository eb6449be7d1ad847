import { AppError } from '@invoice-platform/common/errors';
import { type Static, Type } from '@sinclair/typebox';
import { Invoice as InvoiceApi, XenditSdkError } from 'xendit-node';
import type * as contract from '../domain/adapter.ts';
import { compile, JsonNumberText, readJson, Text } from './body.ts';
import { amountParts, HostedAdapter, sameSecret, sdkFailure } from './hosted.ts';

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

/** A Xendit invoice id: 24 hexadecimal characters. */
const invoiceIdPattern = '^[0-9a-f]{24}$';
/** The invoice callback's fields this adapter reads (docs.xendit.co: Invoice callback). */
const Callback = Type.Object({
  id: Text(24, invoiceIdPattern),
  status: Text(40, '^[A-Z_]+$'),
});
const callback = compile(Callback);

/** What GET /v2/invoices/{id} answers, read with exact numbers. */
const FetchedInvoice = Type.Object({
  id: Text(24, invoiceIdPattern),
  external_id: Text(255),
  status: Text(40, '^[A-Z_]+$'),
  currency: Text(3, '^[A-Z]{3}$'),
  amount: JsonNumberText('^\\d{1,20}(\\.\\d{1,6})?$'),
  paid_amount: Type.Optional(JsonNumberText('^\\d{1,20}(\\.\\d{1,6})?$')),
  paid_at: Type.Optional(Text(40)),
});
type FetchedInvoice = Static<typeof FetchedInvoice>;
const fetchedInvoice = compile(FetchedInvoice);

export class XenditAdapter extends HostedAdapter {
  readonly provider = 'xendit' as const;
  readonly confirmCallsProvider = true;

  private invoices(conn: contract.Connection): InvoiceApi {
    const { secret_key: secretKey } = this.credentials(conn, ['secret_key'], 'secret API key');
    // The Invoice API class alone: the SDK's Xendit wrapper writes a console line per construction.
    return new InvoiceApi({ secretKey, xenditURL: this.baseUrl ?? XENDIT_API });
  }

  async createCheckout(conn: contract.Connection, input: contract.CheckoutInput): Promise<contract.Checkout> {
    const amount = toXenditAmount(input.amount, input.currency);
    const api = this.invoices(conn);
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

  parse(n: contract.RawNotification): contract.ParsedNotification | undefined {
    const body = readJson(callback, n.body);
    return body && { providerCheckoutId: body.id, kind: body.status, data: null };
  }

  /**
   * x-callback-token, the account's static verification token: it proves the sender knows the token,
   * not what the body says, so the invoice's status and amount come from Xendit itself (confirm).
   */
  authenticate(conn: contract.Connection, _parsed: contract.ParsedNotification, n: contract.RawNotification) {
    const proof = this.proof(conn, n, { field: 'callback_token', what: 'callback token', header: 'x-callback-token' });
    if ('reason' in proof) return proof.reason;
    return sameSecret(proof.given, proof.secret) ? undefined : 'x-callback-token does not match';
  }

  confirm(conn: contract.Connection, parsed: contract.ParsedNotification): Promise<contract.VerifiedNotification> {
    return this.fetch(conn, parsed.providerCheckoutId);
  }

  /**
   * GET /v2/invoices/{id} with the secret key, as Xendit documents it. Called over HTTP rather than
   * through the SDK: the SDK's invoice model drops paid_amount and paid_at and turns amounts into
   * binary floats, and the amount must be read exactly.
   */
  async fetch(conn: contract.Connection, invoiceId: string): Promise<contract.VerifiedNotification> {
    const { secret_key: secretKey } = this.credentials(conn, ['secret_key'], 'secret API key');
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl ?? XENDIT_API}/v2/invoices/${encodeURIComponent(invoiceId)}`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`,
          accept: 'application/json',
        },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw sdkFailure('xendit', undefined);
    }
    if (res.status === 404) return { verified: false, reason: 'Xendit knows no such invoice' };
    if (!res.ok) throw sdkFailure('xendit', res.status);
    const invoice = readJson(fetchedInvoice, Buffer.from(await res.arrayBuffer()), true);
    if (!invoice) return { verified: false, reason: 'Xendit answered an invoice this adapter cannot read' };
    if (invoice.id !== invoiceId) return { verified: false, reason: 'Xendit answered another invoice' };
    // paid_amount is what the customer paid; amount what the invoice asked (the same unless Xendit
    // took a different amount, which the payment service then sees as a mismatch).
    const amount = fromXenditAmount((invoice.paid_amount ?? invoice.amount).source, invoice.currency);
    if (amount === undefined) return { verified: false, reason: 'Xendit answered an amount that is not an amount' };
    const result: contract.VerifiedNotification = {
      verified: true,
      status: invoiceOutcome(invoice.status),
      // A Xendit invoice is paid at most once, and its PAID and SETTLED states are the same payment,
      // so the invoice id keys the payment.
      providerPaymentId: invoice.id,
      providerCheckoutId: invoice.id,
      invoiceId: invoice.external_id,
      amount,
      currency: invoice.currency,
    };
    if (result.status === 'paid' && invoice.paid_at) {
      const paidAt = new Date(invoice.paid_at);
      if (!Number.isNaN(paidAt.getTime())) result.paidAt = paidAt;
    }
    return result;
  }

  /** POST /invoices/{id}/expire! ends a pending invoice; Xendit answers 404 for one it cannot expire (paid, expired). */
  async expire(conn: contract.Connection, invoiceId: string): Promise<contract.ExpireOutcome> {
    try {
      await this.invoices(conn).expireInvoice({ invoiceId });
      return 'expired';
    } catch (err) {
      const status = err instanceof XenditSdkError ? Number(err.status) : NaN;
      if (status === 404) return 'not_expirable';
      throw sdkFailure('xendit', status, (err as XenditSdkError).errorCode);
    }
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
