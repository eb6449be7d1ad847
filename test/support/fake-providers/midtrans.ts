/**
 * A local stand-in for Midtrans Snap, for exactly what the payment service's MidtransAdapter uses
 * (docs/payments/midtrans.md): POST /snap/v1/transactions with the server key as Basic auth, the
 * hosted payment page at /snap/v4/redirection/{token} whose Pay button settles the transaction,
 * sends the HTTP notification (signature_key = SHA-512(order_id + status_code + gross_amount +
 * server key)) to the transaction's X-Override-Notification URL, or to the dashboard's notification
 * URL (`notifyUrl`), and then sends the browser to the transaction's callbacks.finish URL with
 * order_id, status_code and transaction_status in the query, as Snap does.
 *
 * Tests craft notifications of their own (wrong signature, another amount, a replay) with
 * notificationBody and sendNotification.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeMidtransOptions {
  /** The dashboard's Payment Notification URL: where a transaction without an override is notified. */
  notifyUrl?: string;
  serverKey?: string;
}

export interface MidtransTransaction {
  orderId: string;
  token: string;
  grossAmount: number;
  /** The request body as Snap received it. */
  request: Record<string, unknown>;
  finishUrl?: string;
  /** From X-Override-Notification, if the request had one. */
  notifyUrl?: string;
  status: 'pending' | 'settlement';
  transactionId: string;
  createdAt: Date;
  settledAt?: Date;
}

export interface SentNotification {
  url: string;
  body: string;
  /** The merchant's answer, or the error when none came. */
  status?: number;
  responseBody?: string;
  error?: string;
}

export interface NotificationFields {
  transaction_status?: string;
  status_code?: string;
  gross_amount?: string;
  fraud_status?: string;
  transaction_id?: string;
  currency?: string;
  /** Sign with this key instead of the fake's server key. */
  signWith?: string;
  /** Use this signature_key as is. */
  signature_key?: string;
}

export interface FakeMidtrans {
  /** What MidtransAdapter's baseUrl is set to (the origin of Snap's API). */
  baseUrl: string;
  serverKey: string;
  /** A connection's credentials for this fake (common/payment-providers field names). */
  credentials: { server_key: string; client_key: string };
  /** Created transactions by order_id. */
  transactions: Map<string, MidtransTransaction>;
  /** Every notification the fake sent, in order. */
  notifications: SentNotification[];
  setNotifyUrl(url: string): void;
  /** A notification's JSON body for a created transaction, signed as Midtrans signs it unless told otherwise. */
  notificationBody(orderId: string, fields?: NotificationFields): string;
  /** POSTs a notification body as Midtrans does, to `url` or the transaction's notification URL. */
  sendNotification(body: string, url?: string): Promise<SentNotification>;
  stop(): Promise<void>;
}

export async function startFakeMidtrans(opts: FakeMidtransOptions = {}): Promise<FakeMidtrans> {
  const serverKey = opts.serverKey ?? `SB-Mid-server-${randomBytes(12).toString('base64url')}`;
  const clientKey = `SB-Mid-client-${randomBytes(8).toString('base64url')}`;
  let dashboardNotifyUrl = opts.notifyUrl;
  const transactions = new Map<string, MidtransTransaction>();
  const byToken = new Map<string, MidtransTransaction>();
  const notifications: SentNotification[] = [];
  let baseUrl = '';

  const notifyUrlOf = (orderId: string): string | undefined =>
    transactions.get(orderId)?.notifyUrl ?? dashboardNotifyUrl;

  function notificationBody(orderId: string, fields: NotificationFields = {}): string {
    const tx = transactions.get(orderId);
    if (!tx) throw new Error(`no Midtrans transaction ${orderId}`);
    const transactionStatus = fields.transaction_status ?? 'settlement';
    const statusCode = fields.status_code ?? (transactionStatus === 'pending' ? '201' : '200');
    const grossAmount = fields.gross_amount ?? `${tx.grossAmount}.00`;
    const time = jakartaTime(tx.createdAt);
    const body: Record<string, unknown> = {
      va_numbers: [{ va_number: '12345678901', bank: 'bca' }],
      transaction_time: time,
      transaction_status: transactionStatus,
      transaction_id: fields.transaction_id ?? tx.transactionId,
      status_message: 'midtrans payment notification',
      status_code: statusCode,
      signature_key:
        fields.signature_key ??
        createHash('sha512')
          .update(`${orderId}${statusCode}${grossAmount}${fields.signWith ?? serverKey}`)
          .digest('hex'),
      payment_type: 'bank_transfer',
      order_id: orderId,
      merchant_id: 'G000000000',
      gross_amount: grossAmount,
      fraud_status: fields.fraud_status ?? 'accept',
      currency: fields.currency ?? 'IDR',
    };
    if (transactionStatus === 'settlement') body.settlement_time = jakartaTime(tx.settledAt ?? new Date());
    return JSON.stringify(body);
  }

  async function sendNotification(body: string, url?: string): Promise<SentNotification> {
    const orderId = (JSON.parse(body) as { order_id?: string }).order_id;
    const target = url ?? (orderId ? notifyUrlOf(orderId) : undefined) ?? dashboardNotifyUrl;
    if (!target) throw new Error('no notification URL: pass one, or start the fake with notifyUrl');
    const sent: SentNotification = { url: target, body };
    try {
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'Veritrans' },
        body,
        redirect: 'manual',
      });
      sent.status = res.status;
      sent.responseBody = await res.text();
    } catch (err) {
      sent.error = (err as Error).message;
    }
    notifications.push(sent);
    return sent;
  }

  async function createTransaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (basicAuth(req) !== `${serverKey}:`) {
      return json(res, 401, {
        error_messages: [
          'Access denied due to unauthorized transaction, please check client or server key',
          'Visit https://snap-docs.midtrans.com/#request-headers for more details',
        ],
      });
    }
    const body = parseJson(await readBody(req));
    const details = body?.transaction_details as Record<string, unknown> | undefined;
    const orderId = details?.order_id;
    const grossAmount = details?.gross_amount;
    const errors: string[] = [];
    if (typeof orderId !== 'string' || !/^[A-Za-z0-9_~.-]{1,50}$/.test(orderId)) {
      errors.push('transaction_details.order_id is invalid');
    } else if (transactions.has(orderId)) {
      errors.push('transaction_details.order_id has already been taken');
    }
    if (typeof grossAmount !== 'number' || !Number.isSafeInteger(grossAmount) || grossAmount < 1) {
      errors.push('transaction_details.gross_amount must be a whole number of rupiah, at least 1');
    }
    if (!body || errors.length > 0)
      return json(res, 400, { error_messages: errors.length ? errors : ['invalid JSON'] });

    const token = randomUUID();
    const callbacks = body.callbacks as { finish?: unknown } | undefined;
    const tx: MidtransTransaction = {
      orderId: orderId as string,
      token,
      grossAmount: grossAmount as number,
      request: body,
      status: 'pending',
      transactionId: randomUUID(),
      createdAt: new Date(),
    };
    if (typeof callbacks?.finish === 'string') tx.finishUrl = callbacks.finish;
    const override = req.headers['x-override-notification'];
    if (typeof override === 'string' && override !== '') tx.notifyUrl = override.split(',')[0]!.trim();
    transactions.set(tx.orderId, tx);
    byToken.set(token, tx);
    return json(res, 201, { token, redirect_url: `${baseUrl}/snap/v4/redirection/${token}` });
  }

  function paymentPage(res: ServerResponse, tx: MidtransTransaction): void {
    const amount = new Intl.NumberFormat('id-ID').format(tx.grossAmount);
    const paid = tx.status === 'settlement';
    html(
      res,
      200,
      `<h1>Midtrans</h1>
<p>Order <span id="order-id">${escapeHtml(tx.orderId)}</span></p>
<p>Total <strong id="amount">Rp ${amount}</strong></p>
${
  paid
    ? '<p id="status">Paid</p>'
    : `<form method="post" action="/snap/v4/redirection/${encodeURIComponent(tx.token)}/pay"><button type="submit" id="pay">Pay</button></form>`
}`,
    );
  }

  async function pay(res: ServerResponse, tx: MidtransTransaction): Promise<void> {
    if (tx.status !== 'settlement') {
      tx.status = 'settlement';
      tx.settledAt = new Date();
      const target = notifyUrlOf(tx.orderId);
      if (target) await sendNotification(notificationBody(tx.orderId), target);
    }
    if (!tx.finishUrl) return html(res, 200, '<p id="status">Payment complete</p>');
    const finish = new URL(tx.finishUrl);
    finish.searchParams.set('order_id', tx.orderId);
    finish.searchParams.set('status_code', '200');
    finish.searchParams.set('transaction_status', 'settlement');
    res.writeHead(303, { location: finish.toString() }).end();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const page = /^\/snap\/v4\/redirection\/([^/]+)(\/pay)?$/.exec(url.pathname);
    const handle = async (): Promise<void> => {
      if (req.method === 'POST' && url.pathname === '/snap/v1/transactions') return createTransaction(req, res);
      if (page) {
        const tx = byToken.get(decodeURIComponent(page[1]!));
        if (!tx) return html(res, 404, '<p>Transaction not found</p>');
        if (req.method === 'GET' && !page[2]) return paymentPage(res, tx);
        if (req.method === 'POST' && page[2]) return pay(res, tx);
      }
      json(res, 404, { error_messages: ['not found'] });
    };
    handle().catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { error_messages: [(err as Error).message] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    serverKey,
    credentials: { server_key: serverKey, client_key: clientKey },
    transactions,
    notifications,
    setNotifyUrl: (url) => {
      dashboardNotifyUrl = url;
    },
    notificationBody,
    sendNotification,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** 'YYYY-MM-DD HH:mm:ss' in Jakarta time (UTC+7), as Midtrans writes times. */
function jakartaTime(date: Date): string {
  return new Date(date.getTime() + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function basicAuth(req: IncomingMessage): string | undefined {
  const match = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
  return match ? Buffer.from(match[1]!, 'base64').toString('utf8') : undefined;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function html(res: ServerResponse, status: number, content: string): void {
  res
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    .end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Midtrans (local fake)</title></head><body>${content}</body></html>`,
    );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
