/**
 * The one shape every fake payment provider has (README.md beside this file), so the payment
 * service's integration tests and the end-to-end pay flow start and drive any of the six alike.
 */
import type { PaymentProvider } from '@invoice-platform/common/payment-providers';

/** A notification exactly as the provider would send it. */
export interface FakeNotification {
  provider: PaymentProvider;
  /** Where the provider sends it: the checkout's notify URL, or the configured one (PayPal's webhook URL). */
  url: string;
  method: 'POST' | 'GET';
  /** Lower-cased names, as the payment service receives them. */
  headers: Record<string, string>;
  body: string;
  /** Without "?". */
  query: string;
}

/** A checkout (session, payment, order, invoice, payment link) the fake has opened. */
export interface FakeCheckout {
  /** The provider's id of it, as the adapter stores it (providerCheckoutId). */
  id: string;
  invoiceId: string;
  /** Decimal text in `currency`, converted back from what the adapter sent. */
  amount: string;
  currency: string;
  /** The provider's own status word (open, paid, APPROVED, COMPLETED, …). */
  status: string;
  returnUrl: string;
  notifyUrl: string;
  /** The provider's hosted page: the redirect URL the adapter returned. */
  pageUrl: string;
}

/** A held notification once releaseHeld() delivered it, with the answer it got. */
export interface DeliveredNotification {
  notification: FakeNotification;
  status: number;
  body: string;
}

/** What a crafted notification changes against the genuine one. */
export interface NotificationTweaks {
  /** 'paid' (default), or a payment that failed (expired, cancelled) or is still pending. */
  outcome?: 'paid' | 'failed' | 'pending';
  /** Another amount than the checkout's (decimal text in its currency). */
  amount?: string;
  currency?: string;
  /** Signed / tokened with a wrong secret (Mollie, which signs nothing: a payment id it never issued). */
  badSignature?: boolean;
}

export interface FakeProviderOptions {
  /** Where notifications go when the provider has one fixed URL (PayPal webhooks); others use the checkout's. */
  notifyUrl?: string;
  /**
   * The loopback port to listen on instead of a free one, for a fake that outlives its process's
   * restarts at the same address (the local platform's sandbox, deploy/local/sandbox/sandbox-providers.ts).
   */
  port?: number;
  /**
   * Credentials to accept instead of fresh random ones (field names as `credentials`; missing
   * fields are generated), so a restarted fake still accepts the connection made with the last.
   */
  credentials?: Record<string, string>;
}

export interface FakeProvider {
  readonly provider: PaymentProvider;
  /** The API base for PAYMENT_<PROVIDER>_BASE_URL. */
  readonly baseUrl: string;
  /**
   * The origin of the hosted checkout pages when it is not baseUrl's (Mollie: API over HTTPS, pages
   * over HTTP), for the public page's form-action (PAY_REDIRECT_SOURCES) in end-to-end tests.
   */
  readonly pageOrigin?: string;
  /** The credentials it accepts, field names as in services/common/src/payment-providers.ts. */
  readonly credentials: Record<string, string>;
  /** Checkouts opened so far, oldest first. */
  checkouts(): FakeCheckout[];
  /** The newest checkout opened for the invoice. */
  checkoutFor(invoiceId: string): FakeCheckout | undefined;
  /**
   * Whether the checkout's hosted page still takes a payment: false once it was expired or cancelled
   * (through the provider's API, or by a `failed` pay()); its page then answers 410. (Not a
   * FakeCheckout field, which tests compare whole.)
   */
  isPayable(checkoutId: string): boolean;
  /**
   * What paying on the provider's page does, without a browser: the provider records the payment
   * (with the tweaks) and returns the notification it would send, not yet sent. Any checkout the
   * fake opened, not only an invoice's newest. Throws for one expired or cancelled through the
   * provider's API; one a `failed` pay() ended can still be crafted on (its page refuses, though).
   */
  pay(checkoutId: string, tweaks?: NotificationTweaks): Promise<FakeNotification>;
  /** Sends a notification to its URL over HTTP; the answer as received. */
  deliver(n: FakeNotification): Promise<{ status: number; body: string }>;
  /**
   * While on, every notification the fake would send by itself (its page's Pay, and what the
   * provider sends after an API call: PayPal's capture, an expiry or cancellation) is queued instead;
   * the page still records the payment and returns the customer. Turning it off sends nothing: the
   * queue waits for releaseHeld().
   */
  holdNotifications(hold: boolean): void;
  /** The notifications queued while held, oldest first. */
  held(): FakeNotification[];
  /**
   * Delivers the queued notifications, oldest first, one at a time, and empties the queue; their
   * answers in that order. Rejects if one cannot be delivered at all (it and those after it stay queued).
   */
  releaseHeld(): Promise<DeliveredNotification[]>;
  /** Later notifications go here (PayPal's webhook URL), e.g. once the gateway's port is known. */
  setNotifyUrl(url: string): void;
  stop(): Promise<void>;
}

export type StartFakeProvider = (opts?: FakeProviderOptions) => Promise<FakeProvider>;
