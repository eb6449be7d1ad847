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
import { type Static, Type } from '@sinclair/typebox';
import type * as contract from '../domain/adapter.ts';
import { paypalDigits, fromUnits, toPaypalValue, toUnits } from '../domain/money.ts';
import { compile, readJson, Text } from './body.ts';

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

const PaypalId = Text(64, '^[A-Z0-9]+$');
const Money = Type.Object({ currency_code: Text(3, '^[A-Za-z]{3}$'), value: Text(40, '^\\d{1,20}(\\.\\d{1,6})?$') });
/** The fields of an order or capture webhook event this adapter reads (developer.paypal.com/api/rest/webhooks/event-names/). */
const WebhookEvent = Type.Object({
  id: Text(100, '^WH-[A-Z0-9-]+$'),
  event_type: Text(100, '^[A-Z_.]+$'),
  resource: Type.Object({
    id: PaypalId,
    status: Type.Optional(Text(40)),
    custom_id: Type.Optional(Text(127)),
    amount: Type.Optional(Money),
    create_time: Type.Optional(Text(40)),
    update_time: Type.Optional(Text(40)),
    purchase_units: Type.Optional(
      Type.Array(
        Type.Object({
          custom_id: Type.Optional(Text(127)),
          reference_id: Type.Optional(Text(256)),
          amount: Type.Optional(Money),
        }),
        { maxItems: 10 },
      ),
    ),
    supplementary_data: Type.Optional(
      Type.Object({ related_ids: Type.Optional(Type.Object({ order_id: Type.Optional(PaypalId) })) }),
    ),
  }),
});
type WebhookEvent = Static<typeof WebhookEvent>;
const webhookEvent = compile(WebhookEvent);
/** A signature header's longest sane value (the certificate URL is the longest). */
const maxHeaderLength = 2048;

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
 * `paid` under the same capture id, so it is recorded once. fetch() reads the order itself (GET
 * /v2/checkout/orders/{id}) the same way, for the due-work pass's re-checks (recheckOpen), so an
 * approval whose webhook was held back or lost is still captured.
 *
 * The SDK picks its host from the environment alone; another base URL (tests) is applied by
 * rewriting each request's origin in the SDK's HTTP client (its axios adapter option).
 */
export class PaypalAdapter implements contract.PaymentAdapter {
  readonly provider = 'paypal' as const;
  readonly confirmCallsProvider = true;
  readonly recheckOpen = true;
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

  /**
   * An order event is about its order (resource.id); a capture event names its order in
   * supplementary_data.related_ids.order_id. Without an order id it is nothing this adapter acts on.
   */
  parse(n: contract.RawNotification): contract.ParsedNotification<WebhookEvent> | undefined {
    const event = readJson(webhookEvent, n.body);
    if (!event) return undefined;
    const orderId = event.event_type.startsWith('CHECKOUT.ORDER.')
      ? event.resource.id
      : event.resource.supplementary_data?.related_ids?.order_id;
    return orderId ? { providerCheckoutId: orderId, kind: event.event_type, data: event } : undefined;
  }

  authenticate(conn: contract.Connection, _parsed: contract.ParsedNotification, n: contract.RawNotification) {
    if (!conn.credentials.webhook_id) return 'the connection has no webhook id';
    for (const header of Object.values(signatureHeaders)) {
      const value = n.headers[header];
      if (!value) return `no ${header} header`;
      if (value.length > maxHeaderLength) return `the ${header} header is too long`;
    }
    return undefined;
  }

  /**
   * PayPal's POST /v1/notifications/verify-webhook-signature with the workspace's webhook id: a
   * provider call, limited per checkout by the service. Only then is the event believed.
   */
  async confirm(
    conn: contract.Connection,
    parsed: contract.ParsedNotification,
    n: contract.RawNotification,
  ): Promise<contract.VerifiedNotification> {
    const event = (parsed as contract.ParsedNotification<WebhookEvent>).data;
    const fields = Object.entries(signatureHeaders).map(
      ([field, header]) => `${JSON.stringify(field)}:${JSON.stringify(n.headers[header] ?? '')}`,
    );
    // The event goes back byte for byte as it arrived: PayPal checks its CRC32 against the signature.
    const body = `{${fields.join(',')},"webhook_id":${JSON.stringify(conn.credentials.webhook_id ?? '')},"webhook_event":${n.body.toString('utf8')}}`;
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
        providerPaymentId: resource.id,
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
        providerPaymentId: resource.id,
        providerCheckoutId: parsed.providerCheckoutId,
        amount: '0',
        currency: '',
      };
    return {
      verified: true,
      status,
      eventId: event.id,
      providerPaymentId: resource.id,
      providerCheckoutId: parsed.providerCheckoutId,
      invoiceId: resource.custom_id,
      ...paid,
      paidAt: status === 'paid' ? new Date(resource.update_time ?? resource.create_time ?? Date.now()) : undefined,
    };
  }

  /**
   * The order as PayPal reports it now (GET /v2/checkout/orders/{id}): APPROVED is `approved` (for
   * the order's amount, captured by settle() once the service has checked the invoice), COMPLETED
   * is its capture's outcome under the capture id (as PAYMENT.CAPTURE.* reports it, so it is
   * recorded once), VOIDED is `failed`, anything else (CREATED, SAVED, PAYER_ACTION_REQUIRED) is
   * `pending`: the buyer has not approved yet.
   */
  async fetch(conn: contract.Connection, orderId: string): Promise<contract.VerifiedNotification> {
    const { result: order } = await new OrdersController(this.client(conn)).getOrder({ id: orderId });
    const unit = order.purchaseUnits?.[0];
    const base = { verified: true as const, providerPaymentId: orderId, providerCheckoutId: orderId };
    if (order.id !== orderId) return { verified: false, reason: 'PayPal answered with another order' };
    const capture = unit?.payments?.captures?.[0];
    if (order.status === 'COMPLETED' && capture?.id) {
      const taken = money(capture.amount?.currencyCode, capture.amount?.value);
      if (!taken) return { verified: false, reason: 'the capture has no amount' };
      const status = capture.status === 'COMPLETED' ? 'paid' : capture.status === 'PENDING' ? 'pending' : 'failed';
      return {
        ...base,
        status,
        providerPaymentId: capture.id,
        invoiceId: unit?.customId,
        ...taken,
        paidAt: status === 'paid' ? new Date(capture.updateTime ?? capture.createTime ?? Date.now()) : undefined,
      };
    }
    if (order.status === 'APPROVED') {
      const approved = money(unit?.amount?.currencyCode, unit?.amount?.value);
      if (!approved) return { verified: false, reason: 'the approved order has no amount' };
      return { ...base, status: 'approved', invoiceId: unit?.customId, ...approved };
    }
    return { ...base, status: order.status === 'VOIDED' ? 'failed' : 'pending', amount: '0', currency: '' };
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
