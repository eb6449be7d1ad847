import Stripe from 'stripe';
import type * as contract from '../domain/adapter.ts';
import { fromStripeAmount, toStripeAmount } from '../domain/money.ts';

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

interface SessionLike {
  object?: string;
  id?: string;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
}

function parseJson(body: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stripe Checkout on the `stripe` package: a Checkout Session per checkout (client_reference_id and
 * metadata carry the invoice id), and webhooks verified with stripe.webhooks.constructEvent over the
 * raw body, the Stripe-Signature header and the workspace's signing secret.
 */
export class StripeAdapter implements contract.PaymentAdapter {
  readonly provider = 'stripe' as const;
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

  claim(n: contract.RawNotification): contract.NotificationClaim | undefined {
    const event = parseJson(n.body);
    const object = (event?.data as { object?: SessionLike } | undefined)?.object;
    if (!object || object.object !== 'checkout.session' || !object.id) return undefined;
    return {
      invoiceId: object.client_reference_id ?? object.metadata?.invoice_id ?? undefined,
      providerCheckoutId: object.id,
    };
  }

  async verify(conn: contract.Connection, n: contract.RawNotification): Promise<contract.VerifiedNotification> {
    const signature = n.headers['stripe-signature'];
    if (!signature) return { verified: false, reason: 'no Stripe-Signature header' };
    const secret = conn.credentials.webhook_secret;
    if (!secret) return { verified: false, reason: 'the connection has no webhook signing secret' };
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(n.body, signature, secret);
    } catch {
      return { verified: false, reason: 'the Stripe-Signature does not match' };
    }
    const session = event.data.object as Stripe.Checkout.Session;
    if (session.object !== 'checkout.session') return { verified: false, reason: `not a Checkout Session event` };
    const currency = (session.currency ?? '').toUpperCase();
    const paymentIntent =
      typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    let status: 'paid' | 'failed' | 'pending' = 'pending';
    // completed with payment_status unpaid: an asynchronous method (a bank debit) still running.
    if (paidEvents.has(event.type) && session.payment_status === 'paid') status = 'paid';
    else if (failedEvents.has(event.type)) status = 'failed';
    return {
      verified: true,
      status,
      eventId: event.id,
      providerPaymentId: paymentIntent ?? session.id,
      invoiceId: session.client_reference_id ?? session.metadata?.invoice_id ?? undefined,
      providerCheckoutId: session.id,
      amount: session.amount_total === null ? '0' : fromStripeAmount(session.amount_total, currency),
      currency,
      paidAt: status === 'paid' ? new Date(event.created * 1000) : undefined,
    };
  }

  /** Stripe retries anything but a 2xx for days; its own examples answer a bad signature with 400. */
  reply(kind: contract.ReplyKind): contract.ProviderReply {
    return kind === 'accepted'
      ? { status: 200, contentType: 'application/json', body: '{"received":true}' }
      : { status: 400, contentType: 'application/json', body: '{"error":"notification refused"}' };
  }
}
