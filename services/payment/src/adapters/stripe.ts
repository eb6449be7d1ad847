import { type Static, Type } from '@sinclair/typebox';
import Stripe from 'stripe';
import type * as contract from '../domain/adapter.ts';
import { fromStripeAmount, toStripeAmount } from '../domain/money.ts';
import { compile, readJson, Text } from './body.ts';

export interface StripeAdapterOptions {
  /** API base, e.g. https://api.stripe.com or stripe-mock's http://127.0.0.1:12111. */
  baseUrl: string;
  timeoutMs?: number;
}

/**
 * How long a Checkout Session stays payable (Stripe allows 30 minutes to 24 hours). Kept short so a
 * session the service stops handing out (docs/payments.md, reuse rule) soon cannot be paid either.
 */
const sessionLifetimeMs = 2 * 3_600_000;

/** Checkout Session events (docs.stripe.com/payments/checkout/fulfill-orders). */
const paidEvents = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const failedEvents = new Set(['checkout.session.async_payment_failed', 'checkout.session.expired']);

/** The fields of a Checkout Session event this adapter reads (docs.stripe.com/api/events/object). */
const SessionEvent = Type.Object({
  id: Text(255, '^evt_[A-Za-z0-9_]+$'),
  type: Text(100, '^[a-z_.]+$'),
  created: Type.Integer({ minimum: 0 }),
  // Every Stripe event states it; one that does not cannot be told live from test.
  livemode: Type.Boolean(),
  data: Type.Object({
    object: Type.Object({
      object: Type.Literal('checkout.session'),
      id: Text(255, '^cs_[A-Za-z0-9_]+$'),
      client_reference_id: Type.Optional(Type.Union([Type.Null(), Text(200)])),
      metadata: Type.Optional(Type.Union([Type.Null(), Type.Record(Type.String(), Text(500), { maxProperties: 50 })])),
      amount_total: Type.Optional(
        Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })]),
      ),
      currency: Type.Optional(Type.Union([Type.Null(), Text(3, '^[a-z]{3}$')])),
      payment_status: Type.Optional(Text(40)),
      payment_intent: Type.Optional(
        Type.Union([
          Type.Null(),
          Text(255, '^pi_[A-Za-z0-9_]+$'),
          Type.Object({ id: Text(255, '^pi_[A-Za-z0-9_]+$') }),
        ]),
      ),
    }),
  }),
});
type SessionEvent = Static<typeof SessionEvent>;
const sessionEvent = compile(SessionEvent);

/**
 * Stripe Checkout on the `stripe` package: a Checkout Session per checkout (client_reference_id and
 * metadata carry the invoice id), and webhooks verified with stripe.webhooks.constructEvent over the
 * raw body, the Stripe-Signature header and the workspace's signing secret.
 */
export class StripeAdapter implements contract.PaymentAdapter {
  readonly provider = 'stripe' as const;
  readonly confirmCallsProvider = false;
  private readonly api: { host: string; port: number; protocol: 'http' | 'https' };
  private readonly timeoutMs: number;

  constructor(opts: StripeAdapterOptions) {
    const url = new URL(opts.baseUrl || 'https://api.stripe.com');
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    this.api = { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
    this.timeoutMs = opts.timeoutMs ?? 20_000;
  }

  private client(conn: contract.Connection): Stripe {
    return new Stripe(conn.credentials.secret_key ?? '', {
      ...this.api,
      timeout: this.timeoutMs,
      maxNetworkRetries: 1,
      telemetry: false,
    });
  }

  async createCheckout(conn: contract.Connection, input: contract.CheckoutInput): Promise<contract.Checkout> {
    const currency = input.currency.toLowerCase();
    const expiresAt = new Date(Date.now() + sessionLifetimeMs);
    const session = await this.client(conn).checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency,
            unit_amount: toStripeAmount(input.amount, input.currency),
            product_data: { name: `Invoice ${input.invoiceNumber}` },
          },
        },
      ],
      client_reference_id: input.invoiceId,
      metadata: { invoice_id: input.invoiceId, invoice_number: input.invoiceNumber },
      payment_intent_data: { metadata: { invoice_id: input.invoiceId } },
      ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
      success_url: input.returnUrl,
      cancel_url: input.returnUrl,
      expires_at: Math.floor(expiresAt.getTime() / 1000),
    });
    if (!session.url) throw new Error('Stripe returned a Checkout Session without a url');
    // The expiry asked for: Stripe honours it (and stripe-mock answers with a fixture).
    return { providerCheckoutId: session.id, redirectUrl: session.url, expiresAt };
  }

  parse(n: contract.RawNotification): contract.ParsedNotification<SessionEvent> | undefined {
    const event = readJson(sessionEvent, n.body);
    return event && { providerCheckoutId: event.data.object.id, kind: event.type, data: event };
  }

  /** stripe.webhooks.constructEvent: HMAC-SHA256 of the timestamp and raw body, 5 minutes' tolerance, compared in constant time. */
  authenticate(conn: contract.Connection, _parsed: contract.ParsedNotification, n: contract.RawNotification) {
    const signature = n.headers['stripe-signature'];
    if (!signature) return 'no Stripe-Signature header';
    const secret = conn.credentials.webhook_secret;
    if (!secret) return 'the connection has no webhook signing secret';
    try {
      Stripe.webhooks.constructEvent(n.body, signature, secret);
    } catch {
      return 'the Stripe-Signature does not match';
    }
    return undefined;
  }

  /**
   * The signed event as it is: Stripe signs the whole body, so every field read from it is Stripe's.
   * Its livemode is checked against the connection's mode (docs/payments.md "Test mode"): a live
   * event on a sandbox connection is refused, and a test event (livemode false) is a test payment
   * on a connection of either mode, so a live connection's test-mode payment makes no invoice paid.
   */
  async confirm(
    conn: contract.Connection,
    parsed: contract.ParsedNotification,
  ): Promise<contract.VerifiedNotification> {
    const event = (parsed as contract.ParsedNotification<SessionEvent>).data;
    if (event.livemode && conn.mode === 'sandbox')
      return { verified: false, reason: 'a livemode event on a sandbox connection' };
    const session = event.data.object;
    const currency = (session.currency ?? '').toUpperCase();
    const paymentIntent =
      typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    let status: 'paid' | 'failed' | 'pending' = 'pending';
    // completed with payment_status unpaid: an asynchronous method (a bank debit) still running.
    if (paidEvents.has(event.type) && session.payment_status === 'paid') status = 'paid';
    else if (failedEvents.has(event.type)) status = 'failed';
    if (status === 'paid' && (!currency || session.amount_total == null))
      return { verified: false, reason: 'a paid session without amount_total or currency' };
    return {
      verified: true,
      status,
      eventId: event.id,
      providerPaymentId: paymentIntent ?? session.id,
      invoiceId: session.client_reference_id ?? session.metadata?.invoice_id ?? undefined,
      providerCheckoutId: session.id,
      amount: session.amount_total == null ? '0' : fromStripeAmount(session.amount_total, currency),
      currency,
      paidAt: status === 'paid' ? new Date(event.created * 1000) : undefined,
      ...(event.livemode ? {} : { testPayment: true }),
    };
  }

  /** POST /v1/checkout/sessions/{id}/expire: Stripe expires an open session and refuses (400) any other. */
  async expire(conn: contract.Connection, providerCheckoutId: string): Promise<contract.ExpireOutcome> {
    try {
      await this.client(conn).checkout.sessions.expire(providerCheckoutId);
      return 'expired';
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 400) return 'not_expirable';
      throw err;
    }
  }

  /** Stripe retries anything but a 2xx for days; its own examples answer a bad signature with 400. */
  reply(kind: contract.ReplyKind): contract.ProviderReply {
    return kind === 'accepted'
      ? { status: 200, contentType: 'application/json', body: '{"received":true}' }
      : { status: 400, contentType: 'application/json', body: '{"error":"notification refused"}' };
  }
}
