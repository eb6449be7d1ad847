import type { ServiceClock } from '@invoice-platform/common/clock';
import type { Logger } from '@invoice-platform/common/logger';
import { Poller } from '@invoice-platform/common/poller';
import type { DeliveryLogs } from '../service/delivery-logs.ts';

/**
 * The delivery-log purge (docs/architecture.md#webhooks: a job, since TTL indexes are not
 * portable). Any number of replicas may run it: deleting what is already gone is harmless.
 * PurgeDeliveryLogs runs the same code.
 */
export function startPurgeJob(deps: {
  logs: DeliveryLogs;
  clock: ServiceClock;
  retentionDays: number;
  intervalMs: number;
  log: Logger;
}): Poller {
  const poller = new Poller({
    pass: async () => {
      const { deliveries, events, cutoff } = await deps.logs.purge(deps.clock.now(), deps.retentionDays);
      if (deliveries > 0 || events > 0) deps.log.info({ deliveries, events, cutoff }, 'delivery logs purged');
    },
    intervalMs: deps.intervalMs,
    firstDelayMs: 5000,
    log: deps.log,
    failureMessage: 'delivery log purge failed',
  });
  poller.start();
  return poller;
}
