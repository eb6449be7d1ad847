import { unclaimed } from '@invoice-platform/common/store/leases';
import { markMigrationDone, migrationDone } from '@invoice-platform/common/store/migrations';
import { operator } from '@invoice-platform/common/store/operators';
import { insertOnce } from '@invoice-platform/common/store/unique';
import type { Models, StoredCheckout } from './models.ts';
import type { Retention } from './notifications.ts';
import { providerCheckoutKey } from './provider-checkouts.ts';

/**
 * One-time data steps for records written before a change (common/store/migrations.ts), run at
 * start before the service serves.
 */
export async function runMigrations(models: Models, retention: Retention, now = new Date()): Promise<void> {
  await once(models, 'provider_checkouts_from_checkouts', () => providerCheckoutsFromCheckouts(models, now));
  await once(models, 'notification_expiry', () => notificationExpiry(models, retention, now));
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
      due_at: null,
      ...unclaimed(),
      calls: 0,
      calls_window_at: null,
      opened_at: c.updated_at,
      updated_at: now,
    });
  }
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
