/**
 * The payment service's records, as its store keeps them (store/models.ts: their collections,
 * schemas and indexes, and the leases held on them beside these fields; docs/payments.md says what
 * each record means).
 */

export const checkoutStates = ['creating', 'open', 'paid', 'closed'] as const;
export type CheckoutState = (typeof checkoutStates)[number];

export interface CheckoutDoc {
  _id: string;
  invoice_id: string;
  provider: string;
  workspace_id: string;
  /** creating (a StartCheckout holds its lease, store/models.ts, and asks the provider) | open | paid | closed */
  state: CheckoutState;
  /** Moved on by every change: a takeover is a compare-and-set on it. */
  version: number;
  /** The invoice amount and currency the provider checkout was opened for. */
  amount: string;
  currency: string;
  provider_checkout_id: string | null;
  redirect_url: string | null;
  /** When the provider stops taking it (or the service's own limit when the provider gives none). */
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const providerCheckoutStates = ['open', 'replaced', 'paid', 'closed'] as const;
export type ProviderCheckoutState = (typeof providerCheckoutStates)[number];
export const expiryStates = ['pending', 'expired', 'not_expirable', 'gave_up'] as const;
export type ExpiryState = (typeof expiryStates)[number];

export interface ProviderCheckoutDoc {
  /** `${provider}:${provider_checkout_id}` */
  _id: string;
  provider: string;
  provider_checkout_id: string;
  checkout_id: string;
  invoice_id: string;
  workspace_id: string;
  /** What this provider checkout was opened for: a payment on it must be exactly this. */
  amount: string;
  currency: string;
  /** open: the checkout's current one (or one being opened) | replaced | paid | closed (ended at the provider). */
  state: ProviderCheckoutState;
  /** Asking the provider to expire it: pending until asked; null when it was never to be expired. */
  expiry: ExpiryState | null;
  expire_attempts: number;
  /**
   * The provider's record is to be fetched back by the pass: a notification the call limits held
   * back, or (PayPal) an order re-checked on a schedule while it may still be approved.
   */
  recheck: boolean;
  /** Re-checks the pass has made of it (the schedule of a re-checked order backs off by it). */
  rechecks: number;
  /** When the pass has work on it (expiry, recheck), or its lease ends; null when none is due. */
  due_at: Date | null;
  /** Provider calls of its verified notifications since `calls_window_at` (the per-checkout limit). */
  calls: number;
  calls_window_at: Date | null;
  opened_at: Date;
  updated_at: Date;
}

export const notificationOutcomes = ['processing', 'paid', 'duplicate', 'pending', 'failed', 'refused'] as const;
export type NotificationOutcome = (typeof notificationOutcomes)[number];

export interface NotificationDoc {
  _id: string;
  provider: string;
  /** The provider's event id, from a verified notification only; null when it gives none. */
  event_id: string | null;
  /** A replay's original (`${provider}:${event id}`). */
  replay_of: string | null;
  /** processing while the service acts on it (under a lease, store/models.ts). */
  outcome: NotificationOutcome;
  /** Why it was refused (never a secret; bounded). */
  reason: string | null;
  /** A refusal's kind, from a fixed list (the metric's `refusal` attribute). */
  refusal: string | null;
  /** The event type or status word the notification states (validated, bounded). */
  kind: string | null;
  /** accepted | refused: what the provider was answered (a replay gets the same answer). */
  reply: string | null;
  checkout_id: string | null;
  workspace_id: string | null;
  invoice_id: string | null;
  /** What the provider reported (verified) or claimed (unverified). */
  status: string | null;
  provider_payment_id: string | null;
  provider_checkout_id: string | null;
  amount: string | null;
  currency: string | null;
  /**
   * Who sent it, as the gateway's limits count senders (an IP, an IPv6 /64; `unknown` when none was
   * relayed); null for the pass's own re-checks.
   */
  sender: string | null;
  /** The body's size and SHA-256 (hex): enough to recognise a body again without keeping it. */
  body_bytes: number;
  body_sha256: string | null;
  /** The body as it arrived, capped (rawBodyCap), for verified notifications only. */
  raw: string | null;
  received_at: Date;
  decided_at: Date | null;
  /** When the retention pass removes it. */
  expires_at: Date;
}

export interface RefusalSampleDoc {
  /**
   * `${provider}:${refusal kind}:${hour, ISO}` (the kind's sample), or with `:${sender}` before
   * the hour (one sender's share of it).
   */
  _id: string;
  kept: number;
  expires_at: Date;
}

/** One sender's provider calls for notifications their provider did not confirm, in its current window. */
export interface SenderCallsDoc {
  /** The sender (an IP, an IPv6 /64, or `unknown`). */
  _id: string;
  calls: number;
  window_at: Date;
  /** The window's end: the retention pass removes it after that. */
  expires_at: Date;
}
