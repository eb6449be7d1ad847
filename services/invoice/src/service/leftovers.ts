import type { Logger } from '@invoice-platform/common/logger';
import { fileSweepCutoff } from '../domain/leftovers.ts';
import type { InvoiceDoc } from '../domain/invoice.ts';
import type { CreditStore } from '../store/credits.ts';
import { type IdFate, type InvoiceStore, voidWorkspace } from '../store/invoices.ts';
import type { NumberStore } from '../store/numbers.ts';
import type { PdfFiles } from './pdf-files.ts';

/** Sweeps read at a time, and batches per maintenance pass (the rest waits for the next one). */
const sweepBatch = 100;
const sweepBatchesPerPass = 10;

export interface LeftoversDeps {
  invoices: InvoiceStore;
  credits: CreditStore;
  numbers: NumberStore;
  pdfFiles: PdfFiles;
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
  private readonly deps: LeftoversDeps;

  constructor(deps: LeftoversDeps) {
    this.deps = deps;
  }

  /**
   * Holds older than the hold age, whose generate is past its own bound: settled when the invoice
   * is stored, else given back, only once the invoice id is void, so that the generate can never
   * store the invoice afterwards with the number given back, nor with the credit refunded.
   */
  async decideStaleHolds(now: Date): Promise<void> {
    const before = new Date(now.getTime() - this.deps.holdAgeMs);
    // One decision per invoice id, for its credit and its number alike.
    const fates = new Map<string, Promise<IdFate>>();
    const fate = (invoiceId: string, workspaceId: string) => {
      let decided = fates.get(invoiceId);
      if (!decided) {
        decided = this.deps.invoices.voidUnlessStored(invoiceId, workspaceId, now);
        fates.set(invoiceId, decided);
      }
      return decided;
    };
    const refunded = await this.deps.credits.settleOrRefundStale(
      before,
      async (invoiceId, workspaceId) => (await fate(invoiceId, workspaceId)) === 'stored',
    );
    let released = 0;
    for (const n of await this.deps.numbers.staleReservations(before)) {
      if ((await fate(n.reservation.invoice_id, n.workspaceId)) === 'stored') await this.deps.numbers.settle(n);
      else {
        await this.deps.numbers.release(n);
        released++;
      }
    }
    if (refunded + released > 0)
      this.deps.log.warn({ refunded, released }, 'holds of generates that went quiet given back');
  }

  /** The sweeps due (InvoiceDoc.pdf_sweep_at); one that fails stays due, and the pass stops there. */
  async sweepFiles(now: Date): Promise<void> {
    for (let batch = 0; batch < sweepBatchesPerPass; batch++) {
      const due = await this.deps.invoices.fileSweepsDue(now, sweepBatch);
      for (const doc of due) {
        try {
          await this.sweep(doc, now);
        } catch (err) {
          this.deps.log.warn({ err, invoice_id: doc._id }, 'file sweep failed; the next pass retries it');
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
      const deleted = await this.deps.pdfFiles.deleteInvoiceFiles(doc.void_workspace_id!, doc._id);
      const again = new Date(new Date(doc.created_at).getTime() + this.deps.holdAgeMs);
      await this.deps.invoices.fileSweepDone(doc, again > now ? again : null);
      if (deleted > 0) this.deps.log.info({ invoice_id: doc._id, deleted }, 'files of a void invoice id deleted');
      return;
    }
    const floor = fileSweepCutoff(now, this.deps.holdAgeMs);
    const current = await this.deps.invoices.raisePdfFloor(doc, floor);
    const deleted = await this.deps.pdfFiles.deleteInvoiceFiles(
      doc.workspace_id,
      doc._id,
      current.pdf_file_id ?? undefined,
      floor,
    );
    await this.deps.invoices.fileSweepDone(doc, null);
    if (deleted > 0)
      this.deps.log.info({ invoice_id: doc._id, deleted }, 'files the invoice does not point to deleted');
  }
}
