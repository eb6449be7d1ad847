import { type Connection, Schema } from 'mongoose';

/**
 * The payment service's database (docs/data-layer.md: single-document atomic updates and unique
 * indexes, nothing more; docs/payments.md says what each record means):
 *   checkouts      one per invoice and provider (unique): the provider checkout the customer is
 *                  sent to, reused while it can still be paid. Whoever inserts it, or takes over a
 *                  stale one by compare-and-set on `version`, holds `lease_token` while it asks the
 *                  provider; everyone else waits for that and reuses the result.
 *   notifications  every notification that arrived, with what was decided. One that carries the
 *                  provider's event id is stored under `${provider}:${event id}`: its insert is the
 *                  claim to act on it, so a replay (or the same one arriving twice at once) finds
 *                  it and changes nothing. Others (unverified ones, replays) get ids of their own.
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
  /** Why it was refused (never a secret). */
  reason: string | null;
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
  received_at: Date;
  decided_at: Date | null;
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
// A notification claiming a provider checkout id (a Stripe session, a Mollie payment, a PayPal order).
checkoutSchema.index({ provider: 1, provider_checkout_id: 1 });

const notificationSchema = new Schema<NotificationDoc>(
  {
    _id: String,
    provider: { type: String, required: true },
    event_id: { type: String, default: null },
    replay_of: { type: String, default: null },
    outcome: { type: String, required: true, enum: notificationOutcomes },
    reason: { type: String, default: null },
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
    received_at: { type: Date, required: true },
    decided_at: { type: Date, default: null },
  },
  { versionKey: false, collection: 'notifications', minimize: false },
);
// The notifications of one invoice in arrival order (NotificationStore.forInvoice: support and tests).
notificationSchema.index({ invoice_id: 1, received_at: 1 });

export function registerModels(conn: Connection) {
  return {
    Checkout: conn.model<CheckoutDoc>('Checkout', checkoutSchema),
    Notification: conn.model<NotificationDoc>('Notification', notificationSchema),
  };
}

export type Models = ReturnType<typeof registerModels>;
