import type { Leasable, LeasedUntil } from '@invoice-platform/common/store/leases';
import { migrationModel } from '@invoice-platform/common/store/migrations';
import { type Connection, Schema } from 'mongoose';
import {
  type CheckoutDoc,
  checkoutStates,
  expiryStates,
  type NotificationDoc,
  notificationOutcomes,
  type ProviderCheckoutDoc,
  providerCheckoutStates,
  type RefusalSampleDoc,
  type SenderCallsDoc,
} from '../domain/records.ts';

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
 *   refusal_samples    per provider, refusal kind and hour, how many refused notifications were kept
 *                      (the cap), and per sender how many of those were its (its share).
 *   sender_calls       per sender address, the provider calls its unconfirmed notifications caused
 *                      in the current window (the per-sender limit).
 *   migrations         the one-time data steps that have run (store/migrations.ts).
 */

/** A checkout as stored: its record and, while `creating`, the lease of the StartCheckout asking the provider. */
export type StoredCheckout = CheckoutDoc & LeasedUntil;
/** A provider checkout as stored: its record and the due-work pass's claim on it (`due_at` its lease's end while claimed). */
export type StoredProviderCheckout = ProviderCheckoutDoc & Leasable;
/** A notification as stored: its record and, while `processing`, the lease of the request acting on it. */
export type StoredNotification = NotificationDoc & LeasedUntil;

const checkoutSchema = new Schema<StoredCheckout>(
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

const providerCheckoutSchema = new Schema<StoredProviderCheckout>(
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
    rechecks: { type: Number, default: 0 },
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

const notificationSchema = new Schema<StoredNotification>(
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
    sender: { type: String, default: null },
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

const senderCallsSchema = new Schema<SenderCallsDoc>(
  {
    _id: String,
    calls: { type: Number, default: 0 },
    window_at: { type: Date, required: true },
    expires_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'sender_calls', minimize: false },
);
// The retention pass removes the counters of windows that are over.
senderCallsSchema.index({ expires_at: 1 });

export function registerModels(conn: Connection) {
  return {
    Checkout: conn.model<StoredCheckout>('Checkout', checkoutSchema),
    ProviderCheckout: conn.model<StoredProviderCheckout>('ProviderCheckout', providerCheckoutSchema),
    Notification: conn.model<StoredNotification>('Notification', notificationSchema),
    RefusalSample: conn.model<RefusalSampleDoc>('RefusalSample', refusalSampleSchema),
    SenderCalls: conn.model<SenderCallsDoc>('SenderCalls', senderCallsSchema),
    Migration: migrationModel(conn),
  };
}

export type Models = ReturnType<typeof registerModels>;
