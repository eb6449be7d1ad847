import type { PaymentMode, PaymentProvider } from '@invoice-platform/common/payment-providers';

/**
 * One provider behind one small interface (docs/payments.md). An adapter turns an invoice into the
 * provider's checkout and a provider's notification into a verified outcome; it never touches a
 * store and never decides what happens to the invoice. Each adapter is built on the provider's
 * official Node SDK where one exists, with its API base URL taken from the service's config so
 * tests point it at the provider's mock (stripe-mock) or at a local fake of the documented API.
 */

/** A connection's credentials, opened from accounts' sealed copy; field names as in common/payment-providers. */
export interface Connection {
  mode: PaymentMode;
  credentials: Record<string, string>;
}

export interface CheckoutInput {
  invoiceId: string;
  invoiceNumber: string;
  /** Decimal string in `currency`, as the invoice stores it (e.g. "1388750" IDR, "12.50" EUR). */
  amount: string;
  currency: string;
  customerName: string;
  customerEmail?: string;
  /** The public invoice page: where the customer comes back to. */
  returnUrl: string;
  /** This provider's public notification route. */
  notifyUrl: string;
}

export interface Checkout {
  /** The provider's id for this checkout (session, invoice, order, payment link or payment). */
  providerCheckoutId: string;
  redirectUrl: string;
  /** When the provider stops accepting it; a reused checkout must not be past this. */
  expiresAt?: Date;
}

export interface RawNotification {
  body: Buffer;
  /** Lower-cased names. */
  headers: Record<string, string>;
  query: string;
}

/**
 * What a notification claims before it is verified: enough to find the checkout it belongs to, and
 * through it the workspace whose credentials verify it. Never acted on by itself.
 */
export interface NotificationClaim {
  invoiceId?: string;
  providerCheckoutId?: string;
  providerPaymentId?: string;
}

export type VerifiedNotification = { verified: false; reason: string } | VerifiedPayment;

/**
 * paid: the money is taken. approved: the payer approved and the money is taken only by settle()
 * (PayPal's capture of an approved order), which the service calls once the invoice can take this
 * payment, so nothing is captured for a cancelled invoice or a wrong amount. failed: this checkout
 * can no longer be paid (expired, cancelled, declined). pending: nothing decided yet.
 */
export type PaymentStatus = 'paid' | 'approved' | 'failed' | 'pending';

export interface VerifiedPayment {
  verified: true;
  status: PaymentStatus;
  /**
   * The provider's id of this notification where it gives one (Stripe's and PayPal's event id,
   * Razorpay's X-Razorpay-Event-Id): a notification seen before is recognised by it and changes
   * nothing. Only ever taken from a verified notification, so a forged one cannot take its place.
   */
  eventId?: string;
  /** The provider's id of the payment: the idempotency key of MarkPaidByPayment. */
  providerPaymentId: string;
  invoiceId?: string;
  providerCheckoutId?: string;
  /** Decimal string in `currency` (converted back from the provider's minor units). */
  amount: string;
  currency: string;
  paidAt?: Date;
}

/** What the provider expects back; providers retry anything that is not a 2xx. */
export interface ProviderReply {
  status: number;
  contentType: string;
  body: string;
}

export type ReplyKind = 'accepted' | 'refused';

export interface PaymentAdapter {
  readonly provider: PaymentProvider;
  createCheckout(conn: Connection, input: CheckoutInput): Promise<Checkout>;
  claim(n: RawNotification): NotificationClaim | undefined;
  verify(conn: Connection, n: RawNotification): Promise<VerifiedNotification>;
  /**
   * accepted: processed (or a duplicate); refused: not verified or not acceptable. Both end the
   * provider's retries where its documentation says how, since a refused one will never pass.
   */
  reply(kind: ReplyKind): ProviderReply;
  /**
   * Only for providers that report `approved`: takes the approved payment (PayPal: captures the
   * order) and returns the notification as it stands after, `paid` once the money is taken.
   * Idempotent: a second call for the same payment takes nothing more.
   */
  settle?(conn: Connection, approved: VerifiedPayment): Promise<VerifiedNotification>;
}
