import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { AppError } from '@invoice-platform/common/errors';
import { type Static, Type } from '@sinclair/typebox';
import type * as contract from '../domain/adapter.ts';
import { compile, readJson, Text } from './body.ts';
import { HostedAdapter, invoiceIdOfReference, sameSecret, sdkFailure, suffixedReference } from './hosted.ts';

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
/** What Core API's GET /v2/{order_id}/status answers (docs.midtrans.com: Get Transaction Status). */
interface TransactionStatus {
  status_code?: unknown;
  transaction_id?: unknown;
  order_id?: unknown;
  gross_amount?: unknown;
  currency?: unknown;
  transaction_status?: unknown;
  fraud_status?: unknown;
  settlement_time?: unknown;
  transaction_time?: unknown;
}
interface CoreApi {
  transaction: {
    status(orderId: string): Promise<TransactionStatus>;
    expire(orderId: string): Promise<TransactionStatus>;
  };
  httpClient: { http_client: HttpClient };
}
type SdkOptions = { isProduction: boolean; serverKey: string; clientKey: string };
interface MidtransSdk {
  Snap: new (options: SdkOptions) => Snap;
  CoreApi: new (options: SdkOptions) => CoreApi;
}
/**
 * MidtransError: an HTTP status when Midtrans answered, null when it could not be reached. For an
 * error Midtrans reports inside a 200 (Core API), the body's status_code, as text ("404").
 */
interface MidtransSdkError {
  httpStatusCode?: number | string | null;
}

/** The HTTP notification's fields this adapter reads (docs.midtrans.com: HTTP notification). */
const Notification = Type.Object({
  order_id: Text(50, '^[A-Za-z0-9_~.-]+$'),
  status_code: Text(3, '^\\d{3}$'),
  gross_amount: Text(30, '^\\d{1,20}(\\.\\d{1,2})?$'),
  signature_key: Text(128, '^[0-9a-fA-F]{128}$'),
  transaction_status: Type.Optional(Text(40, '^[a-z_]+$')),
});
type Notification = Static<typeof Notification>;
const notification = compile(Notification);

const sdk = require('midtrans-client') as MidtransSdk;

/** How long a Snap transaction can be paid; set explicitly so a reused checkout knows its end. */
export const SNAP_EXPIRY_HOURS = 24;

export class MidtransAdapter extends HostedAdapter {
  readonly provider = 'midtrans' as const;
  readonly confirmCallsProvider = true;

  /** The SDK's HTTP client pointed at baseUrl (a test's fake) when one is set, with the call's limit. */
  private configure(http: HttpClient): HttpClient {
    http.defaults.timeout = this.timeoutMs;
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
    return http;
  }

  /** Core API (api.midtrans.com / api.sandbox.midtrans.com by mode) with the connection's server key. */
  private core(conn: contract.Connection): CoreApi {
    const { server_key: serverKey } = this.credentials(conn, ['server_key'], 'server key');
    const core = new sdk.CoreApi({ isProduction: conn.mode === 'live', serverKey, clientKey: '' });
    this.configure(core.httpClient.http_client);
    return core;
  }

  async createCheckout(conn: contract.Connection, input: contract.CheckoutInput): Promise<contract.Checkout> {
    const grossAmount = toGrossAmount(input.amount, input.currency);
    const { server_key: serverKey } = this.credentials(conn, ['server_key'], 'server key');

    const snap = new sdk.Snap({
      isProduction: conn.mode === 'live',
      serverKey,
      clientKey: conn.credentials.client_key ?? '',
    });
    const http = this.configure(snap.httpClient.http_client);
    // Snap sends this transaction's notifications to our route instead of the URL in the merchant's
    // dashboard, so connecting needs no dashboard change (docs/payments/midtrans.md).
    http.defaults.headers.common['X-Override-Notification'] = input.notifyUrl;

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
      throw sdkFailure('midtrans', sdkStatus(err));
    }
    if (typeof created.redirect_url !== 'string' || created.redirect_url === '') {
      throw new AppError('unavailable', 'Midtrans answered without a redirect_url.', { provider: 'midtrans' });
    }
    return { providerCheckoutId: orderId, redirectUrl: created.redirect_url, expiresAt };
  }

  parse(n: contract.RawNotification): contract.ParsedNotification<Notification> | undefined {
    const body = readJson(notification, n.body);
    return body && { providerCheckoutId: body.order_id, kind: body.transaction_status ?? '', data: body };
  }

  /**
   * signature_key = SHA-512(order_id + status_code + gross_amount + server key). It covers only those
   * three fields, so it proves only that Midtrans wrote about this order: the transaction's status,
   * id, amount and currency are taken from Midtrans' own record (confirm).
   */
  authenticate(conn: contract.Connection, parsed: contract.ParsedNotification) {
    const serverKey = conn.credentials.server_key;
    if (!serverKey) return 'the connection has no server key';
    const { order_id, status_code, gross_amount, signature_key } = (parsed as contract.ParsedNotification<Notification>)
      .data;
    const expected = signatureKey(order_id, status_code, gross_amount, serverKey);
    return sameSecret(signature_key.toLowerCase(), expected) ? undefined : 'signature_key does not match';
  }

  confirm(conn: contract.Connection, parsed: contract.ParsedNotification): Promise<contract.VerifiedNotification> {
    return this.fetch(conn, parsed.providerCheckoutId);
  }

  /** Core API GET /v2/{order_id}/status: the order's transaction as Midtrans records it. */
  async fetch(conn: contract.Connection, orderId: string): Promise<contract.VerifiedNotification> {
    let tx: TransactionStatus;
    try {
      tx = await this.core(conn).transaction.status(orderId);
    } catch (err) {
      const status = sdkStatus(err);
      // No transaction (yet) for this order: the customer has not paid on Snap.
      if (status === 404) return { verified: false, reason: 'Midtrans has no transaction for this order' };
      throw sdkFailure('midtrans', status);
    }
    const { order_id, transaction_id, status_code, gross_amount } = tx;
    if (order_id !== orderId) return { verified: false, reason: 'Midtrans answered another order' };
    if (typeof transaction_id !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(transaction_id))
      return { verified: false, reason: 'Midtrans answered no transaction_id' };
    const amount = typeof gross_amount === 'string' ? fromGrossAmount(gross_amount) : undefined;
    if (amount === undefined)
      return { verified: false, reason: 'Midtrans answered a gross_amount that is not an amount' };
    let status = transactionOutcome(tx.transaction_status, tx.fraud_status);
    // Midtrans gives status_code 200 only to a successful transaction.
    if (status === 'paid' && String(status_code) !== '200') status = 'pending';
    const result: contract.VerifiedNotification = {
      verified: true,
      status,
      providerPaymentId: transaction_id,
      providerCheckoutId: orderId,
      amount,
      currency: typeof tx.currency === 'string' && /^[A-Z]{3}$/.test(tx.currency) ? tx.currency : 'IDR',
    };
    const invoiceId = invoiceIdOfOrderId(orderId);
    if (invoiceId) result.invoiceId = invoiceId;
    const paidAt = jakartaTime(tx.settlement_time) ?? jakartaTime(tx.transaction_time);
    if (result.status === 'paid' && paidAt) result.paidAt = paidAt;
    return result;
  }

  /**
   * Core API POST /v2/{order_id}/expire ends a pending transaction. An order whose customer has not
   * chosen a method on Snap has no transaction yet (404): Snap's own expiry (SNAP_EXPIRY_HOURS)
   * ends that page, and a payment made there is still recorded (docs/payments/midtrans.md).
   */
  async expire(conn: contract.Connection, orderId: string): Promise<contract.ExpireOutcome> {
    try {
      await this.core(conn).transaction.expire(orderId);
      return 'expired';
    } catch (err) {
      const status = sdkStatus(err);
      // 404: no transaction; 412: settled or otherwise final, which Midtrans will not change.
      if (status === 404 || status === 412) return 'not_expirable';
      throw sdkFailure('midtrans', status);
    }
  }
}

/** The status a MidtransError carries (a number for HTTP, text for Core API's status_code), or undefined. */
function sdkStatus(err: unknown): number | undefined {
  const raw = (err as MidtransSdkError | null)?.httpStatusCode;
  const status = typeof raw === 'string' ? Number(raw) : raw;
  return typeof status === 'number' && Number.isInteger(status) ? status : undefined;
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
