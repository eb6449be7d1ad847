import { createHash, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { AppError } from '@invoice-platform/common/errors';
import type * as contract from '../domain/adapter.ts';
import { HostedAdapter, invoiceIdOfReference, parseJsonObject, sdkFailure, suffixedReference } from './hosted.ts';

/**
 * Midtrans Snap (docs/payments/midtrans.md), on the official midtrans-client SDK: a Snap
 * transaction per checkout, paid on Midtrans' hosted page, and the HTTP notification verified by
 * its signature_key, SHA-512(order_id + status_code + gross_amount + server_key). Its baseUrl
 * replaces the origin of the Snap API (https://app.sandbox.midtrans.com or https://app.midtrans.com
 * by the connection's mode).
 */

const require = createRequire(import.meta.url);

// midtrans-client ships CommonJS without type declarations; these are the few members used here.
interface SnapParameters {
  transaction_details: { order_id: string; gross_amount: number };
  customer_details?: { first_name: string; email?: string };
  callbacks: { finish: string };
  expiry: { unit: 'hours'; duration: number };
}
interface SnapTransaction {
  token?: unknown;
  redirect_url?: unknown;
}
interface RequestConfig {
  url?: string;
}
/** The SDK's axios instance; its README documents defaults and interceptors as the way to adjust requests. */
interface HttpClient {
  defaults: { timeout?: number; headers: { common: Record<string, string> } };
  interceptors: { request: { use(onRequest: (config: RequestConfig) => RequestConfig): number } };
}
interface Snap {
  createTransaction(parameters: SnapParameters): Promise<SnapTransaction>;
  httpClient: { http_client: HttpClient };
}
interface MidtransSdk {
  Snap: new (options: { isProduction: boolean; serverKey: string; clientKey: string }) => Snap;
}
/** MidtransError: an HTTP status when Midtrans answered, null when it could not be reached. */
interface MidtransSdkError {
  httpStatusCode?: number | null;
}

const sdk = require('midtrans-client') as MidtransSdk;

/** How long a Snap transaction can be paid; set explicitly so a reused checkout knows its end. */
export const SNAP_EXPIRY_HOURS = 24;

export class MidtransAdapter extends HostedAdapter {
  readonly provider = 'midtrans' as const;

  async createCheckout(conn: contract.Connection, input: contract.CheckoutInput): Promise<contract.Checkout> {
    const grossAmount = toGrossAmount(input.amount, input.currency);
    const { server_key: serverKey } = this.credentials(conn, ['server_key'], 'server key');

    const snap = new sdk.Snap({
      isProduction: conn.mode === 'live',
      serverKey,
      clientKey: conn.credentials.client_key ?? '',
    });
    const http = snap.httpClient.http_client;
    http.defaults.timeout = this.timeoutMs;
    // Snap sends this transaction's notifications to our route instead of the URL in the merchant's
    // dashboard, so connecting needs no dashboard change (docs/payments/midtrans.md).
    http.defaults.headers.common['X-Override-Notification'] = input.notifyUrl;
    const baseUrl = this.baseUrl;
    if (baseUrl !== undefined) {
      http.interceptors.request.use((config) => {
        if (config.url) {
          const url = new URL(config.url);
          config.url = `${baseUrl}${url.pathname}${url.search}`;
        }
        return config;
      });
    }

    const orderId = newOrderId(input.invoiceId);
    // Taken before the call, so it is never later than the end Midtrans counts from its own clock.
    const expiresAt = new Date(Date.now() + SNAP_EXPIRY_HOURS * 3_600_000);
    let created: SnapTransaction;
    try {
      created = await snap.createTransaction({
        transaction_details: { order_id: orderId, gross_amount: grossAmount },
        customer_details: {
          first_name: input.customerName.slice(0, 255),
          ...(input.customerEmail ? { email: input.customerEmail } : {}),
        },
        callbacks: { finish: input.returnUrl },
        expiry: { unit: 'hours', duration: SNAP_EXPIRY_HOURS },
      });
    } catch (err) {
      throw sdkFailure('midtrans', (err as MidtransSdkError).httpStatusCode ?? undefined);
    }
    if (typeof created.redirect_url !== 'string' || created.redirect_url === '') {
      throw new AppError('unavailable', 'Midtrans answered without a redirect_url.', { provider: 'midtrans' });
    }
    return { providerCheckoutId: orderId, redirectUrl: created.redirect_url, expiresAt };
  }

  claim(n: contract.RawNotification): contract.NotificationClaim | undefined {
    const body = parseJsonObject(n.body);
    if (!body || typeof body.order_id !== 'string') return undefined;
    const claim: contract.NotificationClaim = { providerCheckoutId: body.order_id };
    const invoiceId = invoiceIdOfOrderId(body.order_id);
    if (invoiceId) claim.invoiceId = invoiceId;
    if (typeof body.transaction_id === 'string') claim.providerPaymentId = body.transaction_id;
    return claim;
  }

  async verify(conn: contract.Connection, n: contract.RawNotification): Promise<contract.VerifiedNotification> {
    const serverKey = conn.credentials.server_key;
    if (!serverKey) return { verified: false, reason: 'the connection has no server key' };
    const body = parseJsonObject(n.body);
    if (!body) return { verified: false, reason: 'the body is not a JSON object' };
    const { order_id, status_code, gross_amount, signature_key, transaction_id } = body;
    if (
      typeof order_id !== 'string' ||
      typeof status_code !== 'string' ||
      typeof gross_amount !== 'string' ||
      typeof signature_key !== 'string'
    ) {
      return { verified: false, reason: 'order_id, status_code, gross_amount or signature_key is missing' };
    }
    if (!signatureMatches(signature_key, signatureKey(order_id, status_code, gross_amount, serverKey))) {
      return { verified: false, reason: 'signature_key does not match' };
    }
    if (typeof transaction_id !== 'string' || transaction_id === '') {
      return { verified: false, reason: 'transaction_id is missing' };
    }
    const amount = fromGrossAmount(gross_amount);
    if (amount === undefined) return { verified: false, reason: 'gross_amount is not an amount' };

    const status = transactionOutcome(body.transaction_status, body.fraud_status);
    // transaction_status and fraud_status are outside the signature; status_code is inside, and
    // Midtrans gives 200 only to a successful transaction, so a pending notification (201) whose
    // status was rewritten to settlement is not taken for a payment.
    if (status === 'paid' && status_code !== '200') {
      return { verified: false, reason: `status_code ${status_code} does not confirm a payment` };
    }
    const result: contract.VerifiedNotification = {
      verified: true,
      status,
      providerPaymentId: transaction_id,
      providerCheckoutId: order_id,
      amount,
      currency: typeof body.currency === 'string' ? body.currency : 'IDR',
    };
    const invoiceId = invoiceIdOfOrderId(order_id);
    if (invoiceId) result.invoiceId = invoiceId;
    const paidAt = jakartaTime(body.settlement_time) ?? jakartaTime(body.transaction_time);
    if (result.status === 'paid' && paidAt) result.paidAt = paidAt;
    return result;
  }
}

/**
 * The Snap order_id of a new checkout, which Midtrans never takes twice. At most 50 characters of
 * [A-Za-z0-9_~.-], as Snap requires.
 */
export const newOrderId = suffixedReference;

/** The invoice id in an order_id made by newOrderId, or undefined for any other order_id. */
export const invoiceIdOfOrderId = invoiceIdOfReference;

/**
 * Snap's gross_amount: whole rupiah as a JSON integer. The invoice keeps IDR in whole rupiah
 * ('1388750'), so a fraction other than zeros, another currency, or an amount beyond what a JSON
 * number holds exactly is refused rather than rounded.
 */
export function toGrossAmount(amount: string, currency: string): number {
  if (currency !== 'IDR') throw new AppError('application', `Midtrans takes only IDR, not ${currency}.`);
  const match = /^(\d+)(?:\.(0*))?$/.exec(amount);
  const rupiah = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(rupiah) || rupiah < 1) {
    throw new AppError('application', `Midtrans takes a whole, positive number of rupiah, not ${amount}.`);
  }
  return rupiah;
}

/**
 * The notification's gross_amount ('1388750.00') as the invoice writes IDR ('1388750'). A non-zero
 * fraction is kept ('10.50' → '10.50'), so it never equals a whole-rupiah invoice amount.
 */
export function fromGrossAmount(gross: string): string | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(gross);
  if (!match) return undefined;
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  return /^0*$/.test(fraction) ? whole : `${whole}.${fraction}`;
}

/** SHA-512 of order_id + status_code + gross_amount + server key, hex: Midtrans' signature_key. */
export function signatureKey(orderId: string, statusCode: string, grossAmount: string, serverKey: string): string {
  return createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${serverKey}`).digest('hex');
}

function signatureMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given.toLowerCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Midtrans' transaction_status: settlement is money received; capture is a card payment that is
 * final once its fraud_status is accept (challenge waits for the merchant's review). deny, cancel,
 * expire and failure end the transaction; everything else (pending, refunds, chargebacks, which this
 * platform does not act on) changes nothing.
 */
export function transactionOutcome(status: unknown, fraudStatus: unknown): 'paid' | 'failed' | 'pending' {
  switch (status) {
    case 'settlement':
      return 'paid';
    case 'capture':
      if (fraudStatus === 'accept') return 'paid';
      return fraudStatus === 'deny' ? 'failed' : 'pending';
    case 'deny':
    case 'cancel':
    case 'expire':
    case 'failure':
      return 'failed';
    default:
      return 'pending';
  }
}

/** Midtrans writes times as 'YYYY-MM-DD HH:mm:ss' in Jakarta time (UTC+7). */
function jakartaTime(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value);
  if (!match) return undefined;
  const date = new Date(`${match[1]}T${match[2]}+07:00`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
