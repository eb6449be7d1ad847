import type { NotificationStore } from '../store/notifications.ts';

export interface NotificationRetentionDeps {
  notifications: NotificationStore;
}

/** Records removed per batch, and batches per pass: a backlog is worked off over the next passes. */
const batchSize = 500;
const batchesPerPass = 20;

/**
 * The retention pass (config PAYMENT_NOTIFICATION_RETENTION_MS, PAYMENT_REFUSED_RETENTION_MS):
 * removes the notifications and refusal sample counters whose time has come, bounded per pass.
 */
export class NotificationRetention {
  private readonly deps: NotificationRetentionDeps;

  constructor(deps: NotificationRetentionDeps) {
    this.deps = deps;
  }

  async runPass(): Promise<void> {
    for (let batch = 0; batch < batchesPerPass; batch++)
      if ((await this.deps.notifications.deleteExpired(new Date(), batchSize)) < batchSize) break;
  }
}
