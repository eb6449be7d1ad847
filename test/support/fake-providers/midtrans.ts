/**
 * A fake of Midtrans Snap for the calls the MidtransAdapter makes (docs/payments/midtrans.md):
 * POST /snap/v1/transactions with the server key as Basic auth ("server_key:"), answering 401 for
 * any other key and 400 for a taken order_id or a gross_amount that is not whole rupiah. Its hosted
 * page (/snap/v4/redirection/{token}) settles the transaction, sends the HTTP notification, signed
 * as Midtrans signs it (signature_key = SHA-512(order_id + status_code + gross_amount + server
 * key)), to the transaction's X-Override-Notification URL (else the dashboard's, `notifyUrl`), and
 * returns the customer to callbacks.finish with order_id, status_code and transaction_status, as
 * Snap does.
 *
 * It has the one shape of every fake provider (README.md beside this file).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basicAuth, deliverOverHttp, escapeHtml, html, json, parseObject, readText } from './http.ts';
import type { FakeCheckout, FakeNotification, FakeProvider, NotificationTweaks } from './types.ts';

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
  status: string;
  transactionId: string;
  createdAt: Date;
}

/** What the page's Pay and pay() report for each outcome: transaction_status, status_code. */
const outcomes = {
  paid: ['settlement', '200'],
  failed: ['expire', '407'],
  pending: ['pending', '201'],
} as const;

export async function startFakeMidtrans(opts: { notifyUrl?: string } = {}): Promise<FakeMidtrans> {
  const credentials = {
    server_key: `SB-Mid-server-${randomBytes(12).toString('base64url')}`,
    client_key: `SB-Mid-client-${randomBytes(8).toString('base64url')}`,
  };
  let dashboardUrl = opts.notifyUrl ?? '';
  const transactions = new Map<string, Transaction>();
  const byToken = new Map<string, Transaction>();
  let baseUrl = '';

  const pageUrl = (tx: Transaction) => `${baseUrl}/snap/v4/redirection/${tx.token}`;
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

  async function pay(orderId: string, tweaks: NotificationTweaks = {}): Promise<FakeNotification> {
    const tx = transactions.get(orderId);
    if (!tx) throw new Error(`fake midtrans: no transaction ${orderId}`);
    const [transactionStatus, statusCode] = outcomes[tweaks.outcome ?? 'paid'];
    tx.status = transactionStatus;
    // Midtrans writes gross_amount with two decimals ("1388750.00").
    const [whole, fraction = ''] = (tweaks.amount ?? String(tx.grossAmount)).split('.');
    const grossAmount = `${whole}.${fraction.padEnd(2, '0')}`;
    const key = tweaks.badSignature ? `SB-Mid-server-${randomBytes(12).toString('base64url')}` : credentials.server_key;
    const now = jakartaTime(new Date());
    const body: Record<string, unknown> = {
      va_numbers: [{ va_number: '12345678901', bank: 'bca' }],
      transaction_time: jakartaTime(tx.createdAt),
      transaction_status: transactionStatus,
      transaction_id: tx.transactionId,
      status_message: 'midtrans payment notification',
      status_code: statusCode,
      signature_key: createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${key}`).digest('hex'),
      payment_type: 'bank_transfer',
      order_id: orderId,
      merchant_id: 'G000000000',
      gross_amount: grossAmount,
      fraud_status: 'accept',
      currency: tweaks.currency ?? 'IDR',
      ...(transactionStatus === 'settlement' ? { settlement_time: now } : {}),
    };
    return {
      provider: 'midtrans',
      url: tx.overrideUrl ?? dashboardUrl,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'Veritrans' },
      body: JSON.stringify(body),
      query: '',
    };
  }

  async function createTransaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readText(req);
    if (basicAuth(req) !== `${credentials.server_key}:`) {
      return json(res, 401, {
        error_messages: [
          'Access denied due to unauthorized transaction, please check client or server key',
          'Visit https://snap-docs.midtrans.com/#request-headers for more details',
        ],
      });
    }
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
    };
    // Snap takes up to three comma-separated URLs; the adapter sends one.
    const override = req.headers['x-override-notification'];
    if (typeof override === 'string' && override !== '') tx.overrideUrl = override.split(',')[0]!.trim();
    transactions.set(tx.orderId, tx);
    byToken.set(tx.token, tx);
    return json(res, 201, { token: tx.token, redirect_url: pageUrl(tx) });
  }

  async function payOnPage(res: ServerResponse, tx: Transaction): Promise<void> {
    await deliverManual(await pay(tx.orderId)).catch(() => undefined);
    const back = new URL(tx.finishUrl);
    back.searchParams.set('order_id', tx.orderId);
    back.searchParams.set('status_code', '200');
    back.searchParams.set('transaction_status', 'settlement');
    res.writeHead(303, { location: back.toString() }).end();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const page = /^\/snap\/v4\/redirection\/([^/]+)(\/pay)?$/.exec(url.pathname);
    const handle = async (): Promise<void> => {
      if (req.method === 'POST' && url.pathname === '/snap/v1/transactions') return createTransaction(req, res);
      const tx = page ? byToken.get(page[1]!) : undefined;
      if (page && !tx) return html(res, 404, 'Midtrans', '<p>Transaction not found</p>');
      if (tx && req.method === 'GET' && !page![2]) return checkoutPage(res, tx, pageUrl(tx));
      if (tx && req.method === 'POST' && page![2]) return payOnPage(res, tx);
      json(res, 404, { error_messages: ['not found'] });
    };
    handle().catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { error_messages: [(err as Error).message] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    provider: 'midtrans',
    baseUrl,
    credentials,
    checkouts: () => [...transactions.values()].map(toCheckout),
    checkoutFor: (invoiceId) => [...transactions.values()].map(toCheckout).findLast((c) => c.invoiceId === invoiceId),
    pay,
    deliver: deliverManual,
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

/** 'YYYY-MM-DD HH:mm:ss' in Jakarta time (UTC+7), as Midtrans writes times. */
function jakartaTime(date: Date): string {
  return new Date(date.getTime() + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function deliverManual(n: FakeNotification): Promise<{ status: number; body: string }> {
  return deliverOverHttp(n, { redirect: 'manual' });
}
