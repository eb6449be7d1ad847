import { unclaimed } from '@invoice-platform/common/store/leases';
import { markMigrationDone, migrationDone } from '@invoice-platform/common/store/migrations';
import { operator } from '@invoice-platform/common/store/operators';
import { insertOnce } from '@invoice-platform/common/store/unique';
import type { Models, StoredCheckout } from './models.ts';
import type { Retention } from './notifications.ts';
import { providerCheckoutKey } from './provider-checkouts.ts';

/**
 * One-time data steps for records written before a change (common/store/migrations.ts), run at
 * start before the service serves. `recheckForMs`: how long after opening a PayPal order is
 * re-checked (PAYMENT_PAYPAL_RECHECK_FOR_MS).
 */
export async function runMigrations(
  models: Models,
  retention: Retention,
  now = new Date(),
  recheckForMs = 0,
): Promise<void> {
  await once(models, 'provider_checkouts_from_checkouts', () => providerCheckoutsFromCheckouts(models, now));
  await once(models, 'notification_expiry', () => notificationExpiry(models, retention, now));
  await once(models, 'pending_notification_expiry', () => pendingExpiry(models, retention, now));
  await once(models, 'paypal_rechecks', () => paypalRechecks(models, now, recheckForMs));
}

/** PayPal orders opened before they were re-checked, still within their schedule: re-checked from now on. */
async function paypalRechecks(models: Models, now: Date, recheckForMs: number): Promise<void> {
  await models.ProviderCheckout.updateMany(
    {
      provider: 'paypal',
      state: operator({ $in: ['open' as const, 'replaced' as const] }),
      recheck: false,
      due_at: null,
      ...unclaimed(),
      opened_at: operator({ $gt: new Date(now.getTime() - recheckForMs) }),
    },
    { $set: { recheck: true, due_at: now } },
  ).exec();
}

async function once(models: Models, id: string, step: () => Promise<void>): Promise<void> {
  if (await migrationDone(models.Migration, id)) return;
  await step();
  await markMigrationDone(models.Migration, id, new Date());
}

/** Checkouts opened before provider_checkouts existed: their current provider checkout, so its notifications still find it. */
async function providerCheckoutsFromCheckouts(models: Models, now: Date): Promise<void> {
  const cursor = models.Checkout.find({ provider_checkout_id: operator({ $ne: null }) })
    .lean<StoredCheckout[]>()
    .cursor();
  for await (const checkout of cursor) {
    const c = checkout as StoredCheckout;
    await insertOnce(models.ProviderCheckout, {
      _id: providerCheckoutKey(c.provider, c.provider_checkout_id!),
      provider: c.provider,
      provider_checkout_id: c.provider_checkout_id!,
      checkout_id: c._id,
      invoice_id: c.invoice_id,
      workspace_id: c.workspace_id,
      amount: c.amount,
      currency: c.currency,
      state: c.state === 'paid' ? 'paid' : c.state === 'open' ? 'open' : 'closed',
      expiry: null,
      expire_attempts: 0,
      recheck: false,
      rechecks: 0,
      due_at: null,
      ...unclaimed(),
      calls: 0,
      calls_window_at: null,
      opened_at: c.updated_at,
      updated_at: now,
    });
  }
}

/** Pending answers recorded before they were kept briefly (400 days): kept as long as a refusal from now on. */
async function pendingExpiry(models: Models, retention: Retention, now: Date): Promise<void> {
  const until = new Date(now.getTime() + retention.refusedMs);
  await models.Notification.updateMany(
    { outcome: 'pending', expires_at: operator({ $gt: until }) },
    { $set: { expires_at: until } },
  ).exec();
}

/** Notifications recorded before retention: kept from now on as long as their kind is. */
async function notificationExpiry(models: Models, retention: Retention, now: Date): Promise<void> {
  await models.Notification.updateMany(
    { expires_at: null, outcome: 'refused' },
    { $set: { expires_at: new Date(now.getTime() + retention.refusedMs) } },
  ).exec();
  await models.Notification.updateMany(
    { expires_at: null },
    { $set: { expires_at: new Date(now.getTime() + retention.verifiedMs) } },
  ).exec();
}
