import { createHash } from 'node:crypto';
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  type OAuthToken,
  type Order,
  OrdersController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
} from '@paypal/paypal-server-sdk';
import type * as contract from '../domain/adapter.ts';
import { paypalDigits, fromUnits, toPaypalValue, toUnits } from '../domain/money.ts';

export interface PaypalAdapterOptions {
  /** REST base; empty: api-m.sandbox.paypal.com or api-m.paypal.com by the connection's mode. */
  baseUrl: string;
  timeoutMs?: number;
}

const hosts = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' };

/** The webhook events this adapter acts on (docs/payments/paypal.md says why these). */
const approvedEvent = 'CHECKOUT.ORDER.APPROVED';
const captureEvents: Record<string, 'paid' | 'failed' | 'pending'> = {
  'PAYMENT.CAPTURE.COMPLETED': 'paid',
  'PAYMENT.CAPTURE.PENDING': 'pending',
  'PAYMENT.CAPTURE.DENIED': 'failed',
  'PAYMENT.CAPTURE.DECLINED': 'failed',
};

/** The headers PayPal signs a webhook with (developer.paypal.com/api/rest/webhooks/rest/). */
const signatureHeaders = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

interface WebhookAmount {
  currency_code?: string;
  value?: string;
}

interface WebhookEvent {
  id?: string;
  event_type?: string;
  resource?: {
    id?: string;
    status?: string;
    custom_id?: string;
    amount?: WebhookAmount;
    create_time?: string;
    update_time?: string;
    purchase_units?: { custom_id?: string; reference_id?: string; amount?: WebhookAmount }[];
    supplementary_data?: { related_ids?: { order_id?: string } };
  };
}

function parseEvent(body: Buffer): WebhookEvent | undefined {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value && typeof value === 'object' ? (value as WebhookEvent) : undefined;
  } catch {
    return undefined;
  }
}

/** PayPal's `value` text back to decimal text in the currency's decimals; undefined when it is not one. */
function money(currency: string | undefined, value: string | undefined) {
  const code = (currency ?? '').toUpperCase();
  const units = toUnits(value ?? '', paypalDigits(code));
  return code && units !== undefined ? { amount: fromUnits(units, paypalDigits(code)), currency: code } : undefined;
}

/**
 * PayPal on @paypal/paypal-server-sdk: an Orders v2 order with intent CAPTURE per checkout (custom_id
 * = invoice id), its payer-action (approve) link as the redirect. A webhook is verified by PayPal's
 * own POST /v1/notifications/verify-webhook-signature with the workspace's webhook_id (the SDK has
 * no call for it, so it is made with the SDK's OAuth token). CHECKOUT.ORDER.APPROVED is reported as
 * `approved` and captured by settle() only once the service has checked the invoice;
 * PAYMENT.CAPTURE.COMPLETED (which PayPal sends after that capture, or after one made elsewhere) is
 * `paid` under the same capture id, so it is recorded once.
 *
 * The SDK picks its host from the environment alone; another base URL (tests) is applied by
 * rewriting each request's origin in the SDK's HTTP client (its axios adapter option).
 */
export class PaypalAdapter implements contract.PaymentAdapter {
  readonly provider = 'paypal' as const;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  /** One SDK client per credentials, so its OAuth token is fetched once and reused until it expires. */
  private readonly clients = new Map<string, Client>();
  private readonly tokens = new WeakMap<Client, OAuthToken>();

  constructor(opts: PaypalAdapterOptions) {
    this.baseUrl = (opts.baseUrl ?? '').replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? 20_000;
  }

  private base(conn: contract.Connection): string {
    return this.baseUrl || hosts[conn.mode];
  }

  private client(conn: contract.Connection): Client {
    const clientId = conn.credentials.client_id ?? '';
    const secret = conn.credentials.client_secret ?? '';
    const key = createHash('sha256').update(`${conn.mode}\0${clientId}\0${secret}`).digest('base64url');
    let client = this.clients.get(key);
    if (!client) {
      const sdkHost = hosts[conn.mode];
      const base = this.base(conn);
      client = new Client({
        clientCredentialsAuthCredentials: { oAuthClientId: clientId, oAuthClientSecret: secret },
        environment: conn.mode === 'live' ? Environment.Production : Environment.Sandbox,
        timeout: this.timeoutMs,
        ...(base !== sdkHost ? { unstable_httpClientOptions: rebase(sdkHost, base) } : {}),
      });
      // A bounded cache: the oldest connection's client goes first.
      if (this.clients.size >= 100) this.clients.delete(this.clients.keys().next().value!);
      this.clients.set(key, client);
    }
    return client;
  }

  async createCheckout(conn: contract.Connection, input: contract.CheckoutInput): Promise<contract.Checkout> {
    const orders = new OrdersController(this.client(conn));
    const { result } = await orders.createOrder({
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [
          {
            referenceId: input.invoiceId,
            customId: input.invoiceId,
            description: `Invoice ${input.invoiceNumber}`.slice(0, 127),
            amount: {
              currencyCode: input.currency.toUpperCase(),
              value: toPaypalValue(input.amount, input.currency),
            },
          },
        ],
        paymentSource: {
          paypal: {
            experienceContext: {
              returnUrl: input.returnUrl,
              cancelUrl: input.returnUrl,
              userAction: PaypalExperienceUserAction.PayNow,
              shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
            },
          },
        },
      },
      prefer: 'return=minimal',
    });
    const link = result.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
    if (!result.id || !link?.href) throw new Error('PayPal returned an order without an approve link');
    return { providerCheckoutId: result.id, redirectUrl: link.href };
  }

  claim(n: contract.RawNotification): contract.NotificationClaim | undefined {
    const event = parseEvent(n.body);
    const resource = event?.resource;
    if (!event?.event_type || !resource?.id) return undefined;
    if (event.event_type === approvedEvent || event.event_type.startsWith('CHECKOUT.ORDER.'))
      return { invoiceId: resource.purchase_units?.[0]?.custom_id, providerCheckoutId: resource.id };
    return {
      invoiceId: resource.custom_id,
      providerCheckoutId: resource.supplementary_data?.related_ids?.order_id,
      providerPaymentId: resource.id,
    };
  }

  async verify(conn: contract.Connection, n: contract.RawNotification): Promise<contract.VerifiedNotification> {
    const event = parseEvent(n.body);
    if (!event?.id || !event.event_type || !event.resource?.id)
      return { verified: false, reason: 'not a PayPal webhook event' };
    const webhookId = conn.credentials.webhook_id;
    if (!webhookId) return { verified: false, reason: 'the connection has no webhook id' };
    const fields: string[] = [];
    for (const [field, header] of Object.entries(signatureHeaders)) {
      const value = n.headers[header];
      if (!value) return { verified: false, reason: `no ${header} header` };
      fields.push(`${JSON.stringify(field)}:${JSON.stringify(value)}`);
    }
    // The event goes back byte for byte as it arrived: PayPal checks its CRC32 against the signature.
    const body = `{${fields.join(',')},"webhook_id":${JSON.stringify(webhookId)},"webhook_event":${n.body.toString('utf8')}}`;
    const res = await fetch(`${this.base(conn)}/v1/notifications/verify-webhook-signature`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await this.accessToken(conn)}`, 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok)
      throw Object.assign(new Error(`verify-webhook-signature answered ${res.status}`), { statusCode: res.status });
    const answer = (await res.json()) as { verification_status?: string };
    if (answer.verification_status !== 'SUCCESS')
      return { verified: false, reason: 'PayPal did not verify the signature' };

    const resource = event.resource;
    if (event.event_type === approvedEvent) {
      const unit = resource.purchase_units?.[0];
      const approvedMoney = money(unit?.amount?.currency_code, unit?.amount?.value);
      if (!approvedMoney) return { verified: false, reason: 'the approved order has no amount' };
      return {
        verified: true,
        status: 'approved',
        eventId: event.id,
        providerPaymentId: resource.id!,
        providerCheckoutId: resource.id,
        invoiceId: unit?.custom_id,
        ...approvedMoney,
      };
    }
    const status = captureEvents[event.event_type];
    const paid = money(resource.amount?.currency_code, resource.amount?.value);
    if (!status || !paid)
      // Verified but not about a capture: nothing to act on.
      return {
        verified: true,
        status: 'pending',
        eventId: event.id,
        providerPaymentId: resource.id!,
        amount: '0',
        currency: '',
      };
    return {
      verified: true,
      status,
      eventId: event.id,
      providerPaymentId: resource.id!,
      providerCheckoutId: resource.supplementary_data?.related_ids?.order_id,
      invoiceId: resource.custom_id,
      ...paid,
      paidAt: status === 'paid' ? new Date(resource.update_time ?? resource.create_time ?? Date.now()) : undefined,
    };
  }

  /** Captures the approved order, once: the PayPal-Request-Id makes a repeated capture answer the first one's result. */
  async settle(conn: contract.Connection, approved: contract.VerifiedPayment): Promise<contract.VerifiedNotification> {
    const orderId = approved.providerCheckoutId ?? approved.providerPaymentId;
    const orders = new OrdersController(this.client(conn));
    let order: Order;
    try {
      ({ result: order } = await orders.captureOrder({
        id: orderId,
        paypalRequestId: `capture-${orderId}`,
        prefer: 'return=representation',
      }));
    } catch (err) {
      // Captured before under another request id (a capture made elsewhere): read what it took.
      if (!(err instanceof ApiError) || err.statusCode !== 422 || !String(err.body).includes('ORDER_ALREADY_CAPTURED'))
        throw err;
      ({ result: order } = await orders.getOrder({ id: orderId }));
    }
    const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
    if (!capture?.id) return { ...approved, status: order.status === 'VOIDED' ? 'failed' : 'pending' };
    const taken = money(capture.amount?.currencyCode, capture.amount?.value);
    if (!taken) return { verified: false, reason: 'the capture has no amount' };
    const status = capture.status === 'COMPLETED' ? 'paid' : capture.status === 'PENDING' ? 'pending' : 'failed';
    return {
      ...approved,
      status,
      providerPaymentId: capture.id,
      providerCheckoutId: orderId,
      ...taken,
      paidAt: status === 'paid' ? new Date(capture.updateTime ?? capture.createTime ?? Date.now()) : undefined,
    };
  }

  /** PayPal retries a webhook until it gets a 2xx (up to 25 times over 3 days). */
  reply(kind: contract.ReplyKind): contract.ProviderReply {
    return kind === 'accepted'
      ? { status: 200, contentType: 'text/plain; charset=utf-8', body: '' }
      : { status: 400, contentType: 'text/plain; charset=utf-8', body: 'notification refused' };
  }

  /** The SDK's OAuth token of the connection, fetched again only once it expires. */
  private async accessToken(conn: contract.Connection): Promise<string> {
    const client = this.client(conn);
    const token = await client.clientCredentialsAuthManager.updateToken(this.tokens.get(client));
    this.tokens.set(client, token);
    return token.accessToken;
  }
}

/**
 * The SDK's HTTP client options for another base URL: its axios instance's adapter rewrites the
 * origin of every request (the SDK itself has only the sandbox and live hosts).
 */
function rebase(from: string, to: string) {
  return {
    adapter: async (config: { url?: string }) => {
      if (config.url?.startsWith(from)) config.url = to + config.url.slice(from.length);
      const { default: axios } = await import('axios');
      return axios.getAdapter('http')(config as never);
    },
  };
}
