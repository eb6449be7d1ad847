import type { Logger } from '@invoice-platform/common/logger';
import { Poller } from '@invoice-platform/common/poller';
import type { CreditStore } from '../store/credits.ts';
import type { InvoiceStore } from '../store/invoices.ts';
import type { NumberStore } from '../store/numbers.ts';
import type { InvoiceService } from '../service/invoices.ts';

export interface MaintenanceDeps {
  service: InvoiceService;
  invoices: InvoiceStore;
  credits: CreditStore;
  numbers: NumberStore;
  intervalMs: number;
  reservationTimeoutMs: number;
  now: () => Date;
  log: Logger;
}

/**
 * Periodic work any number of replicas may run at once (each step is safe to repeat): the
 * automatic overdue move, and finishing what a failed or crashed generate left behind (a series
 * not yet created, a credit or a number still held). Each step reads only what is due, through an
 * index.
 */
export function startMaintenance(deps: MaintenanceDeps): Poller {
  const poller = new Poller({
    pass: async () => {
      const now = deps.now();
      const stale = new Date(now.getTime() - deps.reservationTimeoutMs);
      const moved = await deps.service.overdueSweep(now);
      if (moved.length > 0) deps.log.info({ count: moved.length }, 'invoices became overdue');
      await deps.service.repairPendingSeries(new Date(now.getTime() - 10_000));
      await deps.credits.reapStale(stale, (id) => deps.invoices.exists(id));
      for (const n of await deps.numbers.staleReservations(stale)) {
        if (await deps.invoices.exists(n.reservation.invoice_id)) await deps.numbers.settle(n);
        else await deps.numbers.release(n);
      }
    },
    intervalMs: deps.intervalMs,
    firstDelayMs: 1000,
    log: deps.log,
    failureMessage: 'maintenance pass failed',
  });
  poller.start();
  return poller;
}
