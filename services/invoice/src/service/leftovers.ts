import type { Logger } from '@invoice-platform/common/logger';
import { fileSweepCutoff } from '../domain/leftovers.ts';
import type { InvoiceDoc } from '../domain/invoice.ts';
import type { CreditStore } from '../store/credits.ts';
import { type IdFate, type InvoiceStore, voidWorkspace } from '../store/invoices.ts';
import type { NumberStore } from '../store/numbers.ts';
import type { CreditNoteRefStore } from '../store/credit-notes.ts';
import type { AsIssuedArchive } from './archive.ts';
import type { PdfFiles } from './pdf-files.ts';

/** Sweeps read at a time, and batches per maintenance pass (the rest waits for the next one). */
const sweepBatch = 100;
const sweepBatchesPerPass = 10;

export interface LeftoversDeps {
  invoices: InvoiceStore;
  credits: CreditStore;
  numbers: NumberStore;
  /** The credit notes' number sequences, and where each note lives (docs/money-trail.md "Credit notes"). */
  creditNoteNumbers?: NumberStore;
  creditNoteRefs?: CreditNoteRefStore;
  pdfFiles: PdfFiles;
  archive: AsIssuedArchive;
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
        decided = invoiceId.startsWith('cn_')
          ? this.creditNoteFate(invoiceId, workspaceId, now)
          : this.deps.invoices.voidUnlessStored(invoiceId, workspaceId, now);
        fates.set(invoiceId, decided);
      }
      return decided;
    };
    const refunded = await this.deps.credits.settleOrRefundStale(
      before,
      async (invoiceId, workspaceId) => (await fate(invoiceId, workspaceId)) === 'stored',
    );
    let released = 0;
    for (const numbers of [this.deps.numbers, this.deps.creditNoteNumbers].filter((n) => n !== undefined))
      for (const n of await numbers.staleReservations(before)) {
        if ((await fate(n.reservation.invoice_id, n.workspaceId)) === 'stored') await numbers.settle(n);
        else {
          await numbers.release(n);
          released++;
        }
      }
    if (refunded + released > 0)
      this.deps.log.warn({ refunded, released }, 'holds of generates that went quiet given back');
  }

  /**
   * Decides for good whether a credit note whose issue went quiet is stored: found on its invoice
   * (through its ref), or made void there so the late write refuses it. A void note's id
   * also gets a void record, whose sweep deletes any PDF rendered for it, and its ref goes, which
   * frees its Idempotency-Key. No ref: the issue never got past writing it, so nothing was held.
   */
  private async creditNoteFate(noteId: string, workspaceId: string, now: Date): Promise<IdFate> {
    const ref = (await this.deps.creditNoteRefs?.find(noteId)) ?? null;
    const fate = ref
      ? await this.deps.invoices.voidCreditNoteUnlessStored(ref.workspace_id, ref.invoice_id, noteId)
      : 'void';
    if (fate === 'stored') return fate;
    await this.deps.invoices.voidUnlessStored(noteId, workspaceId, now);
    if (ref) await this.deps.creditNoteRefs?.remove(noteId);
    return fate;
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
    // Copies recorded as issued but not yet kept are kept first, so no sweep deletes them.
    if (doc.archive_due_at) await this.deps.archive.keep(doc);
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
