import type { Logger } from '@invoice-platform/common/logger';
import { Poller } from '@invoice-platform/common/poller';
import type { InvoiceService } from '../service/invoices.ts';

export interface MaintenanceDeps {
  service: InvoiceService;
  intervalMs: number;
  now: () => Date;
  log: Logger;
}

/**
 * Periodic work any number of replicas may run at once (each step is safe to repeat): the
 * automatic overdue move, and finishing what a failed or crashed generate or render left behind
 * (a series not yet created, a credit or a number still held, a file no invoice points to). Each
 * step reads only what is due, through an index.
 */
export function startMaintenance(deps: MaintenanceDeps): Poller {
  const poller = new Poller({
    pass: async () => {
      const now = deps.now();
      const moved = await deps.service.overdueSweep(now);
      if (moved.length > 0) deps.log.info({ count: moved.length }, 'invoices became overdue');
      await deps.service.repairPendingSeries(new Date(now.getTime() - 10_000));
      await deps.service.decideStaleHolds(now);
      // After the holds: a generate voided just now has its files swept in the same pass.
      await deps.service.sweepFiles(now);
      await deps.service.finishArchives(now);
    },
    intervalMs: deps.intervalMs,
    firstDelayMs: 1000,
    log: deps.log,
    failureMessage: 'maintenance pass failed',
  });
  poller.start();
  return poller;
}
