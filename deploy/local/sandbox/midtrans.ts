/**
 * A fake of Midtrans for the calls the MidtransAdapter makes (docs/payments/midtrans.md), all with
 * the server key as Basic auth ("server_key:"):
 *
 * - Snap: POST /snap/v1/transactions, answering 401 for any other key and 400 for a taken order_id
 *   or a gross_amount that is not whole rupiah; and POST /snap/v1/transactions/{token}/cancel, which
 *   closes a Snap page whose customer has not chosen a payment yet (docs.midtrans.com "Cancel a Snap
 *   page session via API"; midtrans-client has no method for it).
 * - Core API (what midtrans-client's CoreApi.transaction.status / .expire call): GET
 *   /v2/{order_id|transaction_id}/status and POST /v2/{order_id|transaction_id}/expire. Midtrans
 *   answers these with HTTP 200 and the outcome in the body's status_code (text): "201" pending,
 *   "200" settlement, "407" expired; "404" "Transaction doesn't exist." for an order whose customer
 *   has not chosen a payment on Snap yet (Midtrans knows no transaction until then); "412" "Merchant
 *   cannot modify the status of the transaction" when expiring one that is not pending. The SDK
 *   rejects every status_code of 400 and over but 407 with a MidtransError whose httpStatusCode is
 *   that status_code (a string, "404"); a wrong key is HTTP 401 (httpStatusCode the number 401).
 *
 * Its hosted page (/snap/v4/redirection/{token}) settles the transaction, sends the HTTP
 * notification, signed as Midtrans signs it (signature_key = SHA-512(order_id + status_code +
 * gross_amount + server key)), to the transaction's X-Override-Notification URL (else the
 * dashboard's, `notifyUrl`), and returns the customer to callbacks.finish with order_id, status_code
 * and transaction_status, as Snap does. Once expired or its Snap session cancelled, the page answers
 * 410 and takes no payment. Expiring a pending transaction sends its `expire` notification.
 *
 * It has the one shape of every fake provider (README.md beside this file).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  basicAuth,
  closedPage,
  deliverOverHttp,
  escapeHtml,
  html,
  json,
  listen,
  outbox,
  parseObject,
  readText,
} from './http.ts';
import type { FakeCheckout, FakeNotification, FakeProvider, FakeProviderOptions, NotificationTweaks } from './types.ts';

export interface FakeMidtrans extends FakeProvider {
  readonly provider: 'midtrans';
  readonly credentials: { server_key: string; client_key: string };
  /** The body of the request that created the transaction, as Snap received it. */
  request(checkoutId: string): Record<string, unknown> | undefined;
}

interface Transaction {
  orderId: string;
  token: string;
  grossAmount: number;
  request: Record<string, unknown>;
  finishUrl: string;
  /** From X-Override-Notification, if the request had one. */
  overrideUrl?: string;
  /** transaction_status: 'pending' from the start (FakeCheckout.status), then what the payment made it. */
  status: string;
  /** Midtrans' id of the payment: one per transaction, the same in every notification and status answer. */
  transactionId: string;
  createdAt: Date;
  /** Whether the customer chose a payment on Snap (pay()), so that the Core API knows the transaction. */
  charged: boolean;
  /** What the payment recorded: gross_amount as Midtrans writes it ("1388750.00"), and currency. */
  gross: string;
  currency: string;
  settledAt?: Date;
  /** When the Snap page session was cancelled through the API. */
  snapCanceledAt?: Date;
  /** Expired through POST /v2/{id}/expire (a `failed` pay() expires it too, but pay() may still craft on it). */
  expiredByApi?: boolean;
}

/** What the page's Pay and pay() report for each outcome: transaction_status, status_code. */
const outcomes = {
  paid: ['settlement', '200'],
  failed: ['expire', '407'],
  pending: ['pending', '201'],
} as const;

/** status_code of a transaction's status answer, by transaction_status. */
const statusCodes: Record<string, string> = {
  settlement: '200',
  capture: '200',
  pending: '201',
  expire: '407',
  cancel: '200',
  deny: '202',
};

/** Transaction statuses in which Snap takes no payment. */
const ended = new Set(['expire', 'cancel', 'deny', 'failure']);

/** Midtrans writes gross_amount with two decimals ("1388750.00"). */
function grossText(amount: string): string {
  const [whole, fraction = ''] = amount.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

export async function startFakeMidtrans(opts: FakeProviderOptions = {}): Promise<FakeMidtrans> {
  const credentials = {
    server_key: `SB-Mid-server-${randomBytes(12).toString('base64url')}`,
    client_key: `SB-Mid-client-${randomBytes(8).toString('base64url')}`,
    ...opts.credentials,
  };
  let dashboardUrl = opts.notifyUrl ?? '';
  const transactions = new Map<string, Transaction>();
  const byToken = new Map<string, Transaction>();
  const notifications = outbox(deliverManual);
  let baseUrl = '';

  const pageUrl = (tx: Transaction) => `${baseUrl}/snap/v4/redirection/${tx.token}`;
  const payable = (tx: Transaction) => !tx.snapCanceledAt && !ended.has(tx.status);
  const toCheckout = (tx: Transaction): FakeCheckout => ({
    id: tx.orderId,
    // The adapter's order_id is "<invoice id>-<7 random characters>" (docs/payments/midtrans.md).
    invoiceId: tx.orderId.replace(/-[0-9A-Za-z]{7}$/, ''),
    amount: String(tx.grossAmount),
    currency: 'IDR',
    status: tx.status,
    returnUrl: tx.finishUrl,
    notifyUrl: tx.overrideUrl ?? dashboardUrl,
    pageUrl: pageUrl(tx),
  });

  const signature = (orderId: string, statusCode: string, gross: string, key = credentials.server_key) =>
    createHash('sha512').update(`${orderId}${statusCode}${gross}${key}`).digest('hex');

  /** The transaction as Midtrans reports it (notifications and the status API share these fields). */
  const transactionFields = (tx: Transaction) => ({
    va_numbers: [{ va_number: '12345678901', bank: 'bca' }],
    transaction_time: jakartaTime(tx.createdAt),
    transaction_status: tx.status,
    transaction_id: tx.transactionId,
    payment_type: 'bank_transfer',
    order_id: tx.orderId,
    merchant_id: 'G000000000',
    gross_amount: tx.gross,
    fraud_status: 'accept',
    currency: tx.currency,
    expiry_time: jakartaTime(new Date(tx.createdAt.getTime() + expiryHours(tx.request) * 3_600_000)),
    ...(tx.settledAt ? { settlement_time: jakartaTime(tx.settledAt) } : {}),
  });

  const notification = (tx: Transaction, body: Record<string, unknown>): FakeNotification => ({
    provider: 'midtrans',
    url: tx.overrideUrl ?? dashboardUrl,
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'Veritrans' },
    body: JSON.stringify(body),
    query: '',
  });

  async function pay(orderId: string, tweaks: NotificationTweaks = {}): Promise<FakeNotification> {
    const tx = transactions.get(orderId);
    if (!tx) throw new Error(`fake midtrans: no transaction ${orderId}`);
    if (tx.snapCanceledAt || tx.expiredByApi)
      throw new Error(
        `fake midtrans: transaction ${orderId} was ${tx.expiredByApi ? 'expired' : 'cancelled'} and cannot be paid`,
      );
    const [transactionStatus, statusCode] = outcomes[tweaks.outcome ?? 'paid'];
    const now = new Date();
    // What the payment made of the transaction; a forged notification (badSignature) changes nothing at Midtrans.
    const paid: Transaction = {
      ...tx,
      charged: true,
      status: transactionStatus,
      gross: grossText(tweaks.amount ?? String(tx.grossAmount)),
      currency: tweaks.currency ?? 'IDR',
      settledAt: transactionStatus === 'settlement' ? now : tx.settledAt,
    };
    if (!tweaks.badSignature) Object.assign(tx, paid);
    const key = tweaks.badSignature ? `SB-Mid-server-${randomBytes(12).toString('base64url')}` : credentials.server_key;
    return notification(tx, {
      ...transactionFields(paid),
      status_message: 'midtrans payment notification',
      status_code: statusCode,
      signature_key: signature(orderId, statusCode, paid.gross, key),
    });
  }

  async function createTransaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readText(req);
    if (basicAuth(req) !== `${credentials.server_key}:`) return snapUnauthorized(res);
    const body = parseObject(text);
    const details = body?.transaction_details as { order_id?: unknown; gross_amount?: unknown } | undefined;
    const orderId = details?.order_id;
    const grossAmount = details?.gross_amount;
    const finish = (body?.callbacks as { finish?: unknown } | undefined)?.finish;
    const errors: string[] = [];
    if (typeof orderId !== 'string' || !/^[A-Za-z0-9_~.-]{1,50}$/.test(orderId))
      errors.push('transaction_details.order_id is invalid');
    else if (transactions.has(orderId)) errors.push('transaction_details.order_id has already been taken');
    if (typeof grossAmount !== 'number' || !Number.isSafeInteger(grossAmount) || grossAmount < 1)
      errors.push('transaction_details.gross_amount must be a whole number of rupiah, at least 1');
    if (typeof finish !== 'string') errors.push('callbacks.finish is required here (the adapter always sets it)');
    if (!body || errors.length > 0)
      return json(res, 400, { error_messages: errors.length ? errors : ['invalid JSON'] });

    const tx: Transaction = {
      orderId: orderId as string,
      token: randomUUID(),
      grossAmount: grossAmount as number,
      request: body,
      finishUrl: finish as string,
      status: 'pending',
      transactionId: randomUUID(),
      createdAt: new Date(),
      charged: false,
      gross: grossText(String(grossAmount)),
      currency: 'IDR',
    };
    // Snap takes up to three comma-separated URLs; the adapter sends one.
    const override = req.headers['x-override-notification'];
    if (typeof override === 'string' && override !== '') tx.overrideUrl = override.split(',')[0]!.trim();
    transactions.set(tx.orderId, tx);
    byToken.set(tx.token, tx);
    return json(res, 201, { token: tx.token, redirect_url: pageUrl(tx) });
  }

  /** POST /snap/v1/transactions/{token}/cancel: the Snap page takes no payment any more. */
  function cancelSnap(req: IncomingMessage, res: ServerResponse, token: string): void {
    if (basicAuth(req) !== `${credentials.server_key}:`) return snapUnauthorized(res);
    const tx = byToken.get(token);
    // The HTTP statuses of these refusals are not in Midtrans' documentation (only their bodies).
    if (!tx) return json(res, 404, { error_messages: ['token not found'] });
    if (tx.snapCanceledAt) return json(res, 400, { error_messages: ['token already canceled'] });
    if (tx.charged) return json(res, 400, { error_messages: ['Transaction is in progress'] });
    tx.snapCanceledAt = new Date();
    json(res, 200, { canceled_at: tx.snapCanceledAt.toISOString() });
  }

  /** The Core API's transaction by order_id or transaction_id, if the customer chose a payment. */
  const coreTransaction = (id: string) => {
    const tx = transactions.get(id) ?? [...transactions.values()].find((t) => t.transactionId === id);
    return tx?.charged ? tx : undefined;
  };

  /** GET /v2/{id}/status and POST /v2/{id}/expire (Core API). */
  function core(req: IncomingMessage, res: ServerResponse, id: string, action: 'status' | 'expire'): void {
    if (basicAuth(req) !== `${credentials.server_key}:`)
      return json(res, 401, {
        status_code: '401',
        status_message: 'Unknown Merchant server_key/id',
        id: randomUUID(),
      });
    const tx = coreTransaction(id);
    if (!tx)
      return json(res, 200, { status_code: '404', status_message: "Transaction doesn't exist.", id: randomUUID() });
    if (action === 'status') {
      const statusCode = statusCodes[tx.status] ?? '200';
      return json(res, 200, {
        ...transactionFields(tx),
        status_code: statusCode,
        status_message: 'Success, transaction is found',
        signature_key: signature(tx.orderId, statusCode, tx.gross),
      });
    }
    if (tx.status !== 'pending')
      return json(res, 200, {
        status_code: '412',
        status_message: 'Merchant cannot modify the status of the transaction',
      });
    Object.assign(tx, { status: 'expire', expiredByApi: true });
    json(res, 200, {
      status_code: '407',
      status_message: 'Success, transaction has expired',
      transaction_id: tx.transactionId,
      order_id: tx.orderId,
      merchant_id: 'G000000000',
      gross_amount: tx.gross,
      currency: tx.currency,
      payment_type: 'bank_transfer',
      transaction_time: jakartaTime(tx.createdAt),
      transaction_status: 'expire',
      fraud_status: 'accept',
    });
    // The notification Midtrans sends for it (its documentation's sample has status_code 202).
    void notifications
      .send(
        notification(tx, {
          ...transactionFields(tx),
          status_message: 'midtrans payment notification',
          status_code: '202',
          signature_key: signature(tx.orderId, '202', tx.gross),
        }),
      )
      .catch(() => undefined);
  }

  async function payOnPage(res: ServerResponse, tx: Transaction): Promise<void> {
    await notifications.send(await pay(tx.orderId)).catch(() => undefined);
    const back = new URL(tx.finishUrl);
    back.searchParams.set('order_id', tx.orderId);
    back.searchParams.set('status_code', '200');
    back.searchParams.set('transaction_status', 'settlement');
    res.writeHead(303, { location: back.toString() }).end();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const page = /^\/snap\/v4\/redirection\/([^/]+)(\/pay)?$/.exec(url.pathname);
    const snapCancel = /^\/snap\/v1\/transactions\/([^/]+)\/cancel$/.exec(url.pathname);
    const coreCall = /^\/v2\/([^/]+)\/(status|expire)$/.exec(url.pathname);
    const handle = async (): Promise<void> => {
      if (req.method === 'POST' && url.pathname === '/snap/v1/transactions') return createTransaction(req, res);
      if (req.method === 'POST' && snapCancel) return cancelSnap(req, res, decodeURIComponent(snapCancel[1]!));
      if (coreCall && req.method === (coreCall[2] === 'status' ? 'GET' : 'POST'))
        return core(req, res, decodeURIComponent(coreCall[1]!), coreCall[2] as 'status' | 'expire');
      const tx = page ? byToken.get(page[1]!) : undefined;
      if (page && !tx) return html(res, 404, 'Midtrans', '<p>Transaction not found</p>');
      if (tx && !payable(tx))
        return closedPage(
          res,
          'Midtrans',
          tx.snapCanceledAt ? 'This transaction has been canceled.' : 'This transaction has expired.',
        );
      if (tx && req.method === 'GET' && !page![2]) return checkoutPage(res, tx, pageUrl(tx));
      if (tx && req.method === 'POST' && page![2]) return payOnPage(res, tx);
      json(res, 404, { error_messages: ['not found'] });
    };
    handle().catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { error_messages: [(err as Error).message] });
    });
  });
  await listen(server, opts.port);
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    provider: 'midtrans',
    baseUrl,
    credentials,
    checkouts: () => [...transactions.values()].map(toCheckout),
    checkoutFor: (invoiceId) => [...transactions.values()].map(toCheckout).findLast((c) => c.invoiceId === invoiceId),
    isPayable: (id) => {
      const tx = transactions.get(id);
      return tx !== undefined && payable(tx);
    },
    pay,
    deliver: deliverManual,
    holdNotifications: notifications.hold,
    held: notifications.held,
    releaseHeld: notifications.release,
    setNotifyUrl: (url) => {
      dashboardUrl = url;
    },
    request: (checkoutId) => transactions.get(checkoutId)?.request,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Snap's 401 for a server key it does not know. */
function snapUnauthorized(res: ServerResponse): void {
  json(res, 401, {
    error_messages: [
      'Access denied due to unauthorized transaction, please check client or server key',
      'Visit https://snap-docs.midtrans.com/#request-headers for more details',
    ],
  });
}

/** Snap's page: the amount, Pay (a plain form post) and Cancel back to the finish URL. */
function checkoutPage(res: ServerResponse, tx: Transaction, url: string): void {
  const amount = new Intl.NumberFormat('id-ID').format(tx.grossAmount);
  html(
    res,
    200,
    'Midtrans',
    `<h1>Midtrans</h1>
<p>Order ${escapeHtml(tx.orderId)}</p>
<p id="amount">Rp ${amount}</p>
<form method="post" action="${escapeHtml(url)}/pay"><button id="pay" type="submit">Pay</button></form>
<p><a id="cancel" href="${escapeHtml(tx.finishUrl)}">Cancel</a></p>`,
  );
}

/** The Snap expiry the transaction was created with, in hours (24 by default). */
function expiryHours(request: Record<string, unknown>): number {
  const expiry = request.expiry as { unit?: unknown; duration?: unknown } | undefined;
  const duration = typeof expiry?.duration === 'number' ? expiry.duration : 24;
  const hours = { minute: 1 / 60, minutes: 1 / 60, hour: 1, hours: 1, day: 24, days: 24 }[String(expiry?.unit)];
  return hours === undefined ? 24 : duration * hours;
}

/** 'YYYY-MM-DD HH:mm:ss' in Jakarta time (UTC+7), as Midtrans writes times. */
function jakartaTime(date: Date): string {
  return new Date(date.getTime() + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function deliverManual(n: FakeNotification): Promise<{ status: number; body: string }> {
  return deliverOverHttp(n, { redirect: 'manual' });
}
