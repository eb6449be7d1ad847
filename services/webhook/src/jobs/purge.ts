import type { Logger } from '@invoice-platform/common/logger';
import { Poller } from '@invoice-platform/common/poller';
import type { ServiceClock } from '@invoice-platform/common/clock';
import type { DeliveryStore } from '../store/deliveries.ts';

/**
 * The delivery-log purge (docs/architecture.md#webhooks: a job, since TTL indexes are not
 * portable). Any number of replicas may run it: deleting what is already gone is harmless.
 * PurgeDeliveryLogs runs the same code.
 */
export function startPurgeJob(deps: {
  deliveries: DeliveryStore;
  clock: ServiceClock;
  retentionDays: number;
  intervalMs: number;
  log: Logger;
}): Poller {
  const poller = new Poller({
    pass: async () => {
      const cutoff = new Date(deps.clock.now().getTime() - deps.retentionDays * 86_400_000);
      const res = await deps.deliveries.purge(cutoff);
      if (res.deliveries > 0 || res.events > 0) deps.log.info({ ...res, cutoff }, 'delivery logs purged');
    },
    intervalMs: deps.intervalMs,
    firstDelayMs: 5000,
    log: deps.log,
    failureMessage: 'delivery log purge failed',
  });
  poller.start();
  return poller;
}
