import type { Logger } from '@invoice-platform/common/logger';
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
}): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    const cutoff = new Date(deps.clock.now().getTime() - deps.retentionDays * 86_400_000);
    running = deps.deliveries
      .purge(cutoff)
      .then((res) => {
        if (res.deliveries > 0 || res.events > 0) deps.log.info({ ...res, cutoff }, 'delivery logs purged');
      })
      .catch((err: unknown) => deps.log.warn({ err: (err as Error).message }, 'delivery log purge failed'))
      .finally(() => (running = undefined));
  };
  const first = setTimeout(run, 5000);
  const timer = setInterval(run, deps.intervalMs);
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
