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
 * A notification's fields after the provider's schema (each adapter's `parse`): ids are strings of
 * the provider's own form and every value is bounded, so nothing unchecked reaches a lookup, a
 * record or a log. Not yet believed: `authenticate` and `confirm` decide that.
 */
export interface ParsedNotification<Data = unknown> {
  /**
   * The provider checkout it is about (a Stripe session, a Mollie payment, a PayPal order, a Snap
   * order id, a Xendit invoice, a Razorpay payment link): the only key a notification is looked up by.
   */
  providerCheckoutId: string;
  /** The event type or status word it states (bounded), for the record. */
  kind: string;
  /** The adapter's own parsed fields, handed back to its authenticate and confirm. */
  data: Data;
}

/** What asking the provider to expire a replaced checkout did (docs/payments.md, per provider). */
export type ExpireOutcome =
  /** The provider will not take a payment on it any more. */
  | 'expired'
  /** The provider cannot expire it (already paid or ended, or its API has no such call): it lapses by itself. */
  | 'not_expirable';

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
  /**
   * The provider itself says this is a test payment (Stripe: livemode false), whatever the
   * connection's mode: it never makes a live invoice paid (docs/payments.md "Test mode"). A sandbox
   * connection's payments are test payments without it.
   */
  testPayment?: boolean;
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
  /**
   * Whether `confirm` calls the provider (PayPal's verify API, a fetch-back): the service limits
   * such calls per provider checkout, so forged notifications cannot make it call the provider
   * at will with the merchant's credentials.
   */
  readonly confirmCallsProvider: boolean;
  createCheckout(conn: Connection, input: CheckoutInput): Promise<Checkout>;
  /** The notification's fields by the provider's schema; undefined when it is not one of this provider's. */
  parse(n: RawNotification): ParsedNotification | undefined;
  /**
   * The checks made here, without calling the provider (a signature, a token, the headers a
   * verification needs): why it is not authentic, or undefined when it passes.
   */
  authenticate(conn: Connection, parsed: ParsedNotification, n: RawNotification): string | undefined;
  /**
   * The notification as the provider confirms it: what the signed body says (Stripe, Razorpay),
   * what PayPal's verify API accepts, or the provider's own record fetched back (Mollie, Midtrans,
   * Xendit), whose status, amount and currency are the only ones believed.
   */
  confirm(conn: Connection, parsed: ParsedNotification, n: RawNotification): Promise<VerifiedNotification>;
  /**
   * The provider checkout's payment as the provider reports it now (a fetch-back provider's record,
   * PayPal's order). A notification that a limit held back is confirmed later this way.
   */
  fetch?(conn: Connection, providerCheckoutId: string): Promise<VerifiedNotification>;
  /**
   * Whether the due-work pass re-checks its open checkouts (with fetch) on a schedule until they
   * end: PayPal, where money is taken only by our capture of an approved order, so an approval
   * whose notification was held back or lost would otherwise never be captured.
   */
  readonly recheckOpen?: boolean;
  /** Where the provider's API allows it: stops a replaced checkout from taking a payment. */
  expire?(conn: Connection, providerCheckoutId: string): Promise<ExpireOutcome>;
  /**
   * accepted: processed (or a duplicate); refused: not verified or not acceptable. Both end the
   * provider's retries where its documentation says how, since a refused one will never pass.
   * The answer depends on nothing else: every refusal of a provider reads the same.
   */
  reply(kind: ReplyKind): ProviderReply;
  /**
   * Only for providers that report `approved`: takes the approved payment (PayPal: captures the
   * order) and returns the notification as it stands after, `paid` once the money is taken.
   * Idempotent: a second call for the same payment takes nothing more.
   */
  settle?(conn: Connection, approved: VerifiedPayment): Promise<VerifiedNotification>;
}
