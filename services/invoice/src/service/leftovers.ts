import type { Logger } from '@invoice-platform/common/logger';
import { fileSweepCutoff } from '../domain/leftovers.ts';
import type { CreditStore } from '../store/credits.ts';
import { type IdFate, type InvoiceStore, voidWorkspace } from '../store/invoices.ts';
import type { InvoiceDoc } from '../store/models.ts';
import type { NumberStore } from '../store/numbers.ts';
import type { Renderer } from './render.ts';

/** Sweeps read at a time, and batches per maintenance pass (the rest waits for the next one). */
const sweepBatch = 100;
const sweepBatchesPerPass = 10;

export interface LeftoversDeps {
  invoices: InvoiceStore;
  credits: CreditStore;
  numbers: NumberStore;
  renderer: Renderer;
  /** The age at which holds are decided (config holdAgeMs). */
  holdAgeMs: number;
  log: Logger;
}

/**
 * What generates and renders leave behind, finished by the maintenance pass: credit and number
 * holds of generates that went quiet (docs/architecture.md#numbering, #credits), and files that
 * no invoice points to (docs/architecture.md#pdf).
 */
export class Leftovers {
  private readonly d: LeftoversDeps;

  constructor(deps: LeftoversDeps) {
    this.d = deps;
  }

  /**
   * Holds older than the hold age, whose generate is past its own bound: settled when the invoice
   * is stored, else given back, only once the invoice id is void, so that the generate can never
   * store the invoice afterwards with the number given back, nor with the credit refunded.
   */
  async reapHolds(now: Date): Promise<void> {
    const before = new Date(now.getTime() - this.d.holdAgeMs);
    // One decision per invoice id, for its credit and its number alike.
    const fates = new Map<string, Promise<IdFate>>();
    const fate = (invoiceId: string, workspaceId: string) => {
      let decided = fates.get(invoiceId);
      if (!decided) {
        decided = this.d.invoices.voidUnlessStored(invoiceId, workspaceId, now);
        fates.set(invoiceId, decided);
      }
      return decided;
    };
    const refunded = await this.d.credits.reapStale(
      before,
      async (invoiceId, workspaceId) => (await fate(invoiceId, workspaceId)) === 'stored',
    );
    let released = 0;
    for (const n of await this.d.numbers.staleReservations(before)) {
      if ((await fate(n.reservation.invoice_id, n.workspaceId)) === 'stored') await this.d.numbers.settle(n);
      else {
        await this.d.numbers.release(n);
        released++;
      }
    }
    if (refunded + released > 0)
      this.d.log.warn({ refunded, released }, 'holds of generates that went quiet given back');
  }

  /** The sweeps due (InvoiceDoc.pdf_sweep_at); one that fails stays due, and the pass stops there. */
  async sweepFiles(now: Date): Promise<void> {
    for (let batch = 0; batch < sweepBatchesPerPass; batch++) {
      const due = await this.d.invoices.fileSweepsDue(now, sweepBatch);
      for (const doc of due) {
        try {
          await this.sweep(doc, now);
        } catch (err) {
          this.d.log.warn({ err, invoice_id: doc._id }, 'file sweep failed; the next pass retries it');
          return;
        }
      }
      if (due.length < sweepBatch) return;
    }
  }

  /**
   * A void id: every file of it, and once more a hold age after it was voided (a render the pdf
   * service was still running for it stores its file after the first sweep). An invoice: its floor
   * first, then its files stored before the floor except the one it points to, which it can no
   * longer take; a render still to be recorded stored its file after the floor and is untouched.
   */
  private async sweep(doc: InvoiceDoc, now: Date): Promise<void> {
    if (doc.workspace_id === voidWorkspace) {
      const deleted = await this.d.renderer.deleteInvoiceFiles(doc.void_workspace_id!, doc._id);
      const again = new Date(new Date(doc.created_at).getTime() + this.d.holdAgeMs);
      await this.d.invoices.fileSweepDone(doc, again > now ? again : null);
      if (deleted > 0) this.d.log.info({ invoice_id: doc._id, deleted }, 'files of a void invoice id deleted');
      return;
    }
    const floor = fileSweepCutoff(now, this.d.holdAgeMs);
    const current = await this.d.invoices.raisePdfFloor(doc, floor);
    const deleted = await this.d.renderer.deleteInvoiceFiles(
      doc.workspace_id,
      doc._id,
      current.pdf_file_id ?? undefined,
      floor,
    );
    await this.d.invoices.fileSweepDone(doc, null);
    if (deleted > 0) this.d.log.info({ invoice_id: doc._id, deleted }, 'files the invoice does not point to deleted');
  }
}
