import { createMollieClient, type MollieClient } from '@mollie/api-client';
import { Type } from '@sinclair/typebox';
import type * as contract from '../domain/adapter.ts';
import { mollieDigits, fromUnits, toMollieValue, toUnits } from '../domain/money.ts';
import { compile, readForm, Text } from './body.ts';

export interface MollieAdapterOptions {
  /** API base ending in /v2/ (the SDK's apiEndpoint), e.g. https://api.mollie.com/v2/. */
  baseUrl: string;
}

/** Mollie's webhook: a form post of the payment id and nothing else (docs.mollie.com/reference/webhooks). */
const webhookForm = compile(Type.Object({ id: Text(67, '^tr_[A-Za-z0-9]+$') }, { additionalProperties: false }));

/**
 * Mollie on @mollie/api-client: a payment per checkout (metadata carries the invoice id), whose
 * hosted checkout is the redirect. Mollie's webhook POST carries only `id=tr_…` and no signature:
 * it is verified the way Mollie documents, by fetching that payment back with the workspace's
 * API key; only what that answer says is believed.
 */
export class MollieAdapter implements contract.PaymentAdapter {
  readonly provider = 'mollie' as const;
  readonly confirmCallsProvider = true;
  private readonly apiEndpoint: string;

  constructor(opts: MollieAdapterOptions) {
    const base = opts.baseUrl || 'https://api.mollie.com/v2/';
    this.apiEndpoint = base.endsWith('/') ? base : `${base}/`;
  }

  private client(conn: contract.Connection): MollieClient {
    // The SDK takes no timeout; the service bounds every provider call (PAYMENT_PROVIDER_TIMEOUT_MS).
    return createMollieClient({ apiKey: conn.credentials.api_key ?? '', apiEndpoint: this.apiEndpoint });
  }

  async createCheckout(conn: contract.Connection, input: contract.CheckoutInput): Promise<contract.Checkout> {
    const payment = await this.client(conn).payments.create({
      amount: { currency: input.currency.toUpperCase(), value: toMollieValue(input.amount, input.currency) },
      description: `Invoice ${input.invoiceNumber}`,
      redirectUrl: input.returnUrl,
      cancelUrl: input.returnUrl,
      webhookUrl: input.notifyUrl,
      metadata: { invoice_id: input.invoiceId },
    });
    const redirectUrl = payment.getCheckoutUrl();
    if (!redirectUrl) throw new Error('Mollie returned a payment without a checkout link');
    return {
      providerCheckoutId: payment.id,
      redirectUrl,
      expiresAt: payment.expiresAt ? new Date(payment.expiresAt) : undefined,
    };
  }

  parse(n: contract.RawNotification): contract.ParsedNotification | undefined {
    const form = readForm(webhookForm, n.body);
    return form && { providerCheckoutId: form.id, kind: 'payment', data: null };
  }

  /** Mollie signs nothing: the payment fetched back with the workspace's API key is the proof. */
  authenticate(): string | undefined {
    return undefined;
  }

  confirm(conn: contract.Connection, parsed: contract.ParsedNotification): Promise<contract.VerifiedNotification> {
    return this.fetch(conn, parsed.providerCheckoutId);
  }

  /** GET /v2/payments/{id}: only what Mollie answers is believed. */
  async fetch(conn: contract.Connection, paymentId: string): Promise<contract.VerifiedNotification> {
    let payment;
    try {
      payment = await this.client(conn).payments.get(paymentId);
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) return { verified: false, reason: 'Mollie knows no such payment' };
      throw err;
    }
    if (payment.id !== paymentId) return { verified: false, reason: 'Mollie answered another payment' };
    const currency = payment.amount.currency.toUpperCase();
    // Mollie's value has the currency's decimals; kept as text, normalised to that many.
    const units = toUnits(payment.amount.value, mollieDigits(currency));
    if (units === undefined) return { verified: false, reason: 'Mollie answered an amount that is not a number' };
    const metadata = (payment.metadata ?? {}) as { invoice_id?: unknown };
    let status: 'paid' | 'failed' | 'pending' = 'pending';
    if (payment.status === 'paid') status = 'paid';
    else if (payment.status === 'failed' || payment.status === 'canceled' || payment.status === 'expired')
      status = 'failed';
    return {
      verified: true,
      status,
      providerPaymentId: payment.id,
      providerCheckoutId: payment.id,
      invoiceId: typeof metadata.invoice_id === 'string' ? metadata.invoice_id : undefined,
      amount: fromUnits(units, mollieDigits(currency)),
      currency,
      paidAt: payment.paidAt ? new Date(payment.paidAt) : undefined,
    };
  }

  /**
   * DELETE /v2/payments/{id}, only where Mollie says the payment `isCancelable`: a hosted-checkout
   * payment whose customer has chosen no method is not, and stays payable until its expiresAt; a
   * payment made on it is still recorded (docs/payments/mollie.md).
   */
  async expire(conn: contract.Connection, paymentId: string): Promise<contract.ExpireOutcome> {
    const client = this.client(conn);
    const payment = await client.payments.get(paymentId);
    if (payment.status !== 'open' || !payment.isCancelable) return 'not_expirable';
    try {
      await client.payments.cancel(paymentId);
      return 'expired';
    } catch (err) {
      // Paid or ended between the read and the cancel.
      if ((err as { statusCode?: number }).statusCode === 422) return 'not_expirable';
      throw err;
    }
  }

  /**
   * Mollie asks for 200 to every webhook call, an unknown id included, so the answer tells a
   * prober nothing; it retries anything else for hours.
   */
  reply(_kind: contract.ReplyKind): contract.ProviderReply {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: '' };
  }
}
