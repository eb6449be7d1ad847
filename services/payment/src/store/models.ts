import { migrationModel } from '@invoice-platform/common/store/migrations';
import { type Connection, Schema } from 'mongoose';

/**
 * The payment service's database (docs/data-layer.md: single-document atomic updates and unique
 * indexes, nothing more; docs/payments.md says what each record means):
 *   checkouts          one per invoice and provider (unique): the provider checkout the customer is
 *                      sent to, reused while it can still be paid. Whoever inserts it, or takes over
 *                      a stale one by compare-and-set on `version`, holds `lease_token` while it asks
 *                      the provider; everyone else waits for that and reuses the result.
 *   provider_checkouts every provider checkout a checkout ever had, under `${provider}:${its id}`
 *                      (unique by nature): a notification is looked up by it, so a payment made on a
 *                      checkout that was replaced since still finds its invoice. It carries the work
 *                      due on it (expiring it at the provider, a held-back re-check) and the
 *                      per-checkout limit on provider calls.
 *   notifications      the notifications that arrived, within bounds: validated fields only, the
 *                      raw body (capped) of verified ones, a capped sample of refused ones, each
 *                      with `expires_at` for the retention pass. One that carries the provider's
 *                      event id is stored under `${provider}:${event id}`: its insert is the claim
 *                      to act on it, so a replay (or the same one arriving twice at once) finds it
 *                      and changes nothing. Others get ids of their own.
 *   refusal_samples    per provider and hour, how many refused notifications were kept (the cap).
 *   migrations         the one-time data steps that have run (store/migrations.ts).
 */

export const checkoutStates = ['creating', 'open', 'paid', 'closed'] as const;
export type CheckoutState = (typeof checkoutStates)[number];

export interface CheckoutDoc {
  _id: string;
  invoice_id: string;
  provider: string;
  workspace_id: string;
  /** creating (a StartCheckout holds the lease and asks the provider) | open | paid | closed */
  state: CheckoutState;
  /** Moved on by every change: a takeover is a compare-and-set on it. */
  version: number;
  /** The holder of a `creating` checkout; null otherwise. */
  lease_token: string | null;
  /** When a `creating` checkout's holder is taken to have died; null otherwise. */
  lease_until: Date | null;
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
  /** A notification held back by the call limit: the provider's record is fetched back by the pass. */
  recheck: boolean;
  /** When the pass has work on it (expiry, recheck), or its lease ends; null when none is due. */
  due_at: Date | null;
  lease_token: string | null;
  /** Provider calls made for its notifications since `calls_window_at` (the per-checkout limit). */
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
  /** processing while the service acts on it (held by `lease_token` until `lease_until`). */
  outcome: NotificationOutcome;
  /** Why it was refused (never a secret; bounded). */
  reason: string | null;
  /** A refusal's kind, from a fixed list (the metric's `refusal` attribute). */
  refusal: string | null;
  /** The event type or status word the notification states (validated, bounded). */
  kind: string | null;
  /** accepted | refused: what the provider was answered (a replay gets the same answer). */
  reply: string | null;
  lease_token: string | null;
  lease_until: Date | null;
  checkout_id: string | null;
  workspace_id: string | null;
  invoice_id: string | null;
  /** What the provider reported (verified) or claimed (unverified). */
  status: string | null;
  provider_payment_id: string | null;
  provider_checkout_id: string | null;
  amount: string | null;
  currency: string | null;
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
  /** `${provider}:${hour, ISO}` */
  _id: string;
  kept: number;
  expires_at: Date;
}

const checkoutSchema = new Schema<CheckoutDoc>(
  {
    _id: String,
    invoice_id: { type: String, required: true },
    provider: { type: String, required: true },
    workspace_id: { type: String, required: true },
    state: { type: String, required: true, enum: checkoutStates },
    version: { type: Number, default: 0 },
    lease_token: { type: String, default: null },
    lease_until: { type: Date, default: null },
    amount: { type: String, required: true },
    currency: { type: String, required: true },
    provider_checkout_id: { type: String, default: null },
    redirect_url: { type: String, default: null },
    expires_at: { type: Date, default: null },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'checkouts', minimize: false },
);
// StartCheckout and a notification claiming an invoice: the checkout of (invoice, provider). Unique:
// of concurrent first clicks exactly one inserts, the others wait for its checkout and reuse it.
checkoutSchema.index({ invoice_id: 1, provider: 1 }, { unique: true });

const providerCheckoutSchema = new Schema<ProviderCheckoutDoc>(
  {
    _id: String,
    provider: { type: String, required: true },
    provider_checkout_id: { type: String, required: true },
    checkout_id: { type: String, required: true },
    invoice_id: { type: String, required: true },
    workspace_id: { type: String, required: true },
    amount: { type: String, required: true },
    currency: { type: String, required: true },
    state: { type: String, required: true, enum: providerCheckoutStates },
    expiry: { type: String, default: null, enum: [...expiryStates, null] },
    expire_attempts: { type: Number, default: 0 },
    recheck: { type: Boolean, default: false },
    due_at: { type: Date, default: null },
    lease_token: { type: String, default: null },
    calls: { type: Number, default: 0 },
    calls_window_at: { type: Date, default: null },
    opened_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'provider_checkouts', minimize: false },
);
// The due-work pass: the earliest provider checkout whose expiry or re-check is due (claimDue).
providerCheckoutSchema.index({ due_at: 1 });
// After a payment: the other open provider checkouts of the same checkout, to expire them.
providerCheckoutSchema.index({ checkout_id: 1 });

const notificationSchema = new Schema<NotificationDoc>(
  {
    _id: String,
    provider: { type: String, required: true },
    event_id: { type: String, default: null },
    replay_of: { type: String, default: null },
    outcome: { type: String, required: true, enum: notificationOutcomes },
    reason: { type: String, default: null },
    refusal: { type: String, default: null },
    kind: { type: String, default: null },
    reply: { type: String, default: null },
    lease_token: { type: String, default: null },
    lease_until: { type: Date, default: null },
    checkout_id: { type: String, default: null },
    workspace_id: { type: String, default: null },
    invoice_id: { type: String, default: null },
    status: { type: String, default: null },
    provider_payment_id: { type: String, default: null },
    provider_checkout_id: { type: String, default: null },
    amount: { type: String, default: null },
    currency: { type: String, default: null },
    body_bytes: { type: Number, default: 0 },
    body_sha256: { type: String, default: null },
    raw: { type: String, default: null },
    received_at: { type: Date, required: true },
    decided_at: { type: Date, default: null },
    expires_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'notifications', minimize: false },
);
// The notifications of one invoice in arrival order (NotificationStore.forInvoice: support and tests).
notificationSchema.index({ invoice_id: 1, received_at: 1 });
// The retention pass: what has expired, oldest first.
notificationSchema.index({ expires_at: 1 });

const refusalSampleSchema = new Schema<RefusalSampleDoc>(
  {
    _id: String,
    kept: { type: Number, default: 0 },
    expires_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'refusal_samples', minimize: false },
);
// The retention pass removes past hours' counters.
refusalSampleSchema.index({ expires_at: 1 });

export function registerModels(conn: Connection) {
  return {
    Checkout: conn.model<CheckoutDoc>('Checkout', checkoutSchema),
    ProviderCheckout: conn.model<ProviderCheckoutDoc>('ProviderCheckout', providerCheckoutSchema),
    Notification: conn.model<NotificationDoc>('Notification', notificationSchema),
    RefusalSample: conn.model<RefusalSampleDoc>('RefusalSample', refusalSampleSchema),
    Migration: migrationModel(conn),
  };
}

export type Models = ReturnType<typeof registerModels>;
