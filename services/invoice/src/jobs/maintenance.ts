import type { Logger } from '@invoice-platform/common/logger';
import { Poller } from '@invoice-platform/common/poller';
import type { AsIssuedArchive } from '../service/archive.ts';
import type { Leftovers } from '../service/leftovers.ts';
import type { OverdueSweep } from '../service/overdue.ts';
import type { SeriesCreation } from '../service/series-creation.ts';

export interface MaintenanceDeps {
  overdue: OverdueSweep;
  series: SeriesCreation;
  leftovers: Leftovers;
  archive: AsIssuedArchive;
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
      const moved = await deps.overdue.run(now);
      if (moved.length > 0) deps.log.info({ count: moved.length }, 'invoices became overdue');
      await deps.series.repairPendingSeries(new Date(now.getTime() - 10_000));
      await deps.leftovers.decideStaleHolds(now);
      // After the holds: a generate voided just now has its files swept in the same pass.
      await deps.leftovers.sweepFiles(now);
      await deps.archive.finishDue(now);
    },
    intervalMs: deps.intervalMs,
    firstDelayMs: 1000,
    log: deps.log,
    failureMessage: 'maintenance pass failed',
  });
  poller.start();
  return poller;
}
