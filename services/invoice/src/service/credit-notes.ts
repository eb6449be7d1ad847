import { AppError } from '@invoice-platform/common/errors';
import { numberPeriod } from '@invoice-platform/common/dates';
import { newId } from '@invoice-platform/common/ids';
import type { Logger } from '@invoice-platform/common/logger';
import { isOneOf } from '@invoice-platform/common/contracts/values';
import {
  assertCreditable,
  type CreditNoteDoc,
  type CreditNoteRefDoc,
  type CreditNoteRequest,
  creditNoteOf,
  creditNoteSources,
  newCreditNote,
  planCreditNote,
  statusAfterCredit,
} from '../domain/credit-note.ts';
import type { CreditReservation } from '../domain/credits.ts';
import { idempotencyScope } from '../domain/generate-request.ts';
import type { InvoiceDoc } from '../domain/invoice.ts';
import { encodeCreditNote } from '../domain/invoice-message.ts';
import { creditNoteCreatedEvent } from '../domain/lifecycle-events.ts';
import type { AllocatedNumber } from '../domain/numbering.ts';
import type { CreditStore } from '../store/credits.ts';
import type { CreditNoteRefStore } from '../store/credit-notes.ts';
import type { InvoiceDecision, InvoiceStore } from '../store/invoices.ts';
import type { NumberStore } from '../store/numbers.ts';
import type { AsIssuedArchive } from './archive.ts';
import type { InvoiceChanges } from './changes.ts';
import { type PdfFiles, type Rendered, renderMayHaveStored } from './pdf-files.ts';
import type { RenderRequests } from './render-requests.ts';
import type { WorkspaceCache } from './workspaces.ts';

/** Idempotency-Keys are kept 24 hours (docs/architecture.md#idempotency), as a generate's. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Time kept back for storing the note: an issue with less left than this before its caller's deadline is abandoned. */
const commitMarginMs = 1000;

export interface CreditNotesDeps {
  invoices: InvoiceStore;
  creditNoteRefs: CreditNoteRefStore;
  credits: CreditStore;
  /** The credit notes' own number sequences (NumberStore of kind credit_note). */
  creditNoteNumbers: NumberStore;
  pdfFiles: PdfFiles;
  renderRequests: RenderRequests;
  workspaces: WorkspaceCache;
  changes: InvoiceChanges;
  /** Keeps the note's first PDF and e-invoice XML as issued (docs/money-trail.md "The as-issued archive"). */
  archive: AsIssuedArchive;
  baseUrl: string;
  log: Logger;
  now: () => Date;
  /** The longest an issue runs, whatever its caller allows (config GENERATE_TIMEOUT_MS, as a generate). */
  generateTimeoutMs: number;
}

/** What IssueCreditNote answers. */
export interface IssuedCreditNote {
  note: CreditNoteDoc;
  invoice: InvoiceDoc;
  credits_remaining: number | null;
  replayed: boolean;
}

/** What an issue holds while it runs, and how its end is to treat it. */
interface Taken {
  id: string;
  workspaceId: string;
  reservation?: CreditReservation;
  number?: AllocatedNumber;
  file?: Rendered;
  /** The as-issued e-invoice XML stored for the note (deleted with the file when the issue fails). */
  xmlFileId?: string;
  /** The pdf service may hold a file of this id the issue has no id of (a render answer lost). */
  strays: boolean;
  /** Whether the note was stored is unknown: the holds are left for the maintenance pass to decide. */
  undecided: boolean;
}

/**
 * Credit notes (docs/money-trail.md "Credit notes"): issued as a generate is (checks, one credit,
 * a gapless number of their own, the PDF, then one write), stored inside their invoice's document
 * by the invoice's change loop, in the same write as its balance, its status move and its events.
 */
export class CreditNotes {
  private readonly deps: CreditNotesDeps;

  constructor(deps: CreditNotesDeps) {
    this.deps = deps;
  }

  /**
   * IssueCreditNote: the note, or nothing and everything given back. Replays by Idempotency-Key
   * (24 h, per workspace; another body → 422). The checks come before anything is held, and are
   * made again in the write that stores the note, so concurrent notes never credit more than the
   * amount. `deadline` as a generate's: a caller that stopped waiting finds nothing stored.
   */
  async issue(req: CreditNoteRequest, deadline = Infinity): Promise<IssuedCreditNote> {
    if (!isOneOf(creditNoteSources, req.source))
      // Set by the platform's own callers, never by a client: another value is a caller's bug.
      throw new AppError('internal', `source must be one of: ${creditNoteSources.join(', ')}`);
    const until = Math.min(deadline, Date.now() + this.deps.generateTimeoutMs);
    const now = this.deps.now();
    const scope = req.idempotency_key ? idempotencyScope(req.source, req.idempotency_key) : null;
    if (scope) {
      const replay = await this.findReplay(req, scope, now);
      if (replay) return replay;
    }
    const invoice = await this.deps.invoices.get(req.workspace_id, req.invoice_id);
    const plan = planCreditNote(req, invoice);
    const ws = await this.deps.workspaces.get(req.workspace_id);

    const id = newId('cn');
    const ref: CreditNoteRefDoc = {
      _id: id,
      workspace_id: req.workspace_id,
      invoice_id: invoice._id,
      idempotency_scope: scope ?? `none:${id}`,
      request_fingerprint: req.request_fingerprint ?? null,
      created_at: now,
    };
    // Before anything is held: whatever holds this id can then be traced to its invoice.
    if (!(await this.deps.creditNoteRefs.insert(ref))) {
      // A concurrent request with the same key won the key: its note, or a 409 while it runs.
      const twin = scope ? await this.findReplay(req, scope, now) : null;
      if (twin) return twin;
      throw new AppError('conflict', 'A credit note with this Idempotency-Key is being issued. Retry shortly.');
    }
    const t: Taken = { id, workspaceId: req.workspace_id, strays: false, undecided: false };
    try {
      t.reservation = await this.deps.credits.reserve(req.workspace_id, id, now);
      const number = await this.deps.creditNoteNumbers.allocate(
        req.workspace_id,
        numberPeriod(now, ws.time_zone),
        id,
        now,
      );
      t.number = number;
      const note = newCreditNote(id, req, invoice, plan, number, scope, now);
      note.issue_response = { credits_remaining: t.reservation.unlimited ? null : t.reservation.remaining };
      let file: Rendered;
      try {
        file = await this.deps.pdfFiles.render(await this.deps.renderRequests.forCreditNote(invoice, note, ws));
      } catch (err) {
        t.strays = renderMayHaveStored(err);
        throw err;
      }
      t.file = file;
      t.strays = file.strays;
      note.pdf_file_id = file.file_id;
      note.pdf_status = 'ready';
      await this.recordAsIssued(invoice, note, file, ws, t, now);
      if (Date.now() >= until - commitMarginMs)
        throw new AppError('unavailable', 'The request took too long and was not completed; nothing was created.');
      const stored = await this.commit(req, note, t, plan.totals, req.items.length === 0);
      // Not awaited: copies left unkept are kept by the maintenance pass (archive_due_at).
      void this.deps.archive.keepOrLeave(stored);
      const reservation = t.reservation;
      // Not awaited: a credit or number left held under a stored note is settled by the
      // maintenance pass, so the answer need not wait for these writes.
      void Promise.all([this.deps.credits.settle(reservation), this.deps.creditNoteNumbers.settle(number)]).catch(
        (err: unknown) =>
          this.deps.log.warn(
            { err, invoice_id: invoice._id },
            'settling credit or number failed; the maintenance pass will finish it',
          ),
      );
      this.deps.log.info(
        { invoice_id: invoice._id, credit_note_number: note.credit_note_number, invoice_status: stored.invoice_status },
        'credit note issued',
      );
      return { note, invoice: stored, credits_remaining: note.issue_response.credits_remaining, replayed: false };
    } catch (err) {
      await this.undo(t, now);
      throw err;
    }
  }

  /**
   * Stores the note in its invoice's document, with the checks made again on the invoice as it is
   * now (a concurrent note or payment may have changed it), the status move when the note brings
   * amount_due to 0, and the events. Returns the invoice after it. A refusal leaves the note
   * unstored; any other failure may hide a stored note, so the note's fate is decided for good
   * before the holds are given back.
   */
  private async commit(
    req: CreditNoteRequest,
    note: CreditNoteDoc,
    t: Taken,
    totals: Parameters<typeof assertCreditable>[1],
    wholeRest: boolean,
  ): Promise<InvoiceDoc> {
    const { baseUrl } = this.deps;
    const decide = (doc: InvoiceDoc, now: Date): InvoiceDecision | null => {
      if ((doc.void_credit_notes ?? []).includes(note.id)) {
        this.deps.log.warn({ invoice_id: doc._id }, 'credit note issue outlived its holds; nothing stored');
        throw new AppError('unavailable', 'The request took too long and was not completed; nothing was created.');
      }
      if (creditNoteOf(doc, note.id)) return null;
      try {
        assertCreditable(doc, totals);
      } catch (err) {
        // "The rest" was decided on the invoice as it was: another note changed it meanwhile.
        if (wholeRest && AppError.isKind(err, 'validation'))
          throw new AppError(
            'conflict',
            'The invoice was credited concurrently; nothing was created. Retry the request.',
          );
        throw err;
      }
      const credit_notes = [...(doc.credit_notes ?? []), note];
      const withNote: InvoiceDoc = { ...doc, credit_notes };
      const to = statusAfterCredit(withNote);
      const move = to ? this.deps.changes.statusMove(to)(withNote, now) : null;
      return {
        // The invoice's PDF lists its notes (docs/money-trail.md "Documents"): re-rendered.
        // The note's as-issued copies are kept once this write is stored (service/archive.ts).
        patch: {
          ...this.deps.changes.pdfRerenderPatch(doc, now),
          ...(move?.patch ?? {}),
          credit_notes,
          archive_due_at: this.deps.archive.dueAt(now),
        },
        events: (next: InvoiceDoc) => [
          creditNoteCreatedEvent(next, encodeCreditNote(note, next, baseUrl), baseUrl),
          ...(move ? move.events(next) : []),
        ],
      };
    };
    try {
      const { before, after } = await this.deps.changes.applyChange(req.workspace_id, req.invoice_id, decide);
      return after ?? before;
    } catch (err) {
      if (err instanceof AppError) throw err;
      const fate = await this.deps.invoices
        .voidCreditNoteUnlessStored(req.workspace_id, req.invoice_id, note.id)
        .catch(() => undefined);
      if (fate === 'stored') return this.deps.invoices.get(req.workspace_id, req.invoice_id);
      if (fate === undefined) t.undecided = true;
      throw err;
    }
  }

  /**
   * Records the note's as-issued copies on it before it is stored (docs/money-trail.md "The
   * as-issued archive"): the PDF just rendered and, when its invoice has an e-invoice format, the
   * note's XML, stored now as a file of the note's id (so a failed issue deletes it, or the void
   * id's sweep does), and until when they are kept.
   */
  private async recordAsIssued(
    invoice: InvoiceDoc,
    note: CreditNoteDoc,
    file: Rendered,
    ws: Parameters<AsIssuedArchive['retainUntil']>[0],
    t: Taken,
    now: Date,
  ): Promise<void> {
    const xml = await this.deps.renderRequests.creditNoteEInvoice(invoice, note, ws);
    try {
      await this.deps.archive.recordCreditNote(note, file, xml && { xml: xml.xml, filename: xml.filename }, ws, now);
    } catch (err) {
      // The answer may be lost with the file stored: the void id's sweep finds it.
      t.strays = true;
      this.deps.log.warn({ err, invoice_id: invoice._id }, 'storing the as-issued e-invoice of a credit note failed');
      throw new AppError('unavailable', 'The e-invoice could not be stored; nothing was created. Retry the request.');
    }
    t.xmlFileId = note.as_issued_e_invoice?.file_id;
  }

  /**
   * Gives back what a failed issue took: its file, its credit, its number, its key. A file it
   * cannot account for (a render answer lost, a delete that failed) is left to the maintenance
   * pass's sweep of the note's id (a void record, as for a generate); when the store's outcome is
   * unknown the holds stay too, for the maintenance pass to decide after the hold age.
   */
  private async undo(t: Taken, now: Date): Promise<void> {
    if (t.undecided) return;
    let unaccounted = t.strays;
    for (const fileId of [t.xmlFileId, t.file?.file_id]) {
      if (!fileId) continue;
      try {
        await this.deps.pdfFiles.deleteFile(t.workspaceId, fileId);
      } catch (err) {
        unaccounted = true;
        this.deps.log.warn({ err }, 'deleting a file of a failed credit note failed; it will be swept');
      }
    }
    const results = await Promise.allSettled([
      unaccounted ? this.deps.invoices.voidUnlessStored(t.id, t.workspaceId, now) : undefined,
      t.reservation && this.deps.credits.refund(t.reservation),
      t.number && this.deps.creditNoteNumbers.release(t.number),
      this.deps.creditNoteRefs.remove(t.id),
    ]);
    for (const r of results)
      if (r.status === 'rejected') this.deps.log.error({ err: r.reason }, 'undo of a failed credit note incomplete');
  }

  /**
   * An earlier note for the same Idempotency-Key (24 h): its answer; another body → 422. A key
   * whose issue went quiet past its bound is decided here as the maintenance pass would (stored,
   * or void and its key free), so a retry need not wait for the pass; one still running is a 409.
   */
  private async findReplay(req: CreditNoteRequest, scope: string, now: Date): Promise<IssuedCreditNote | null> {
    const ref = await this.deps.creditNoteRefs.findByKey(req.workspace_id, scope);
    if (!ref) return null;
    if (now.getTime() - new Date(ref.created_at).getTime() > IDEMPOTENCY_WINDOW_MS) {
      await this.deps.creditNoteRefs.retireKey(ref);
      return null;
    }
    if (
      ref.invoice_id !== req.invoice_id ||
      (req.request_fingerprint && ref.request_fingerprint !== req.request_fingerprint)
    )
      throw new AppError('unprocessable', 'This Idempotency-Key was already used with a different request body.');
    let invoice = await this.deps.invoices.get(req.workspace_id, ref.invoice_id);
    let note = creditNoteOf(invoice, ref._id);
    if (!note) {
      if (now.getTime() - new Date(ref.created_at).getTime() <= this.deps.generateTimeoutMs)
        throw new AppError('conflict', 'A credit note with this Idempotency-Key is being issued. Retry shortly.');
      const fate = await this.deps.invoices.voidCreditNoteUnlessStored(req.workspace_id, ref.invoice_id, ref._id);
      if (fate === 'void') {
        await this.deps.creditNoteRefs.retireKey(ref);
        return null;
      }
      invoice = await this.deps.invoices.get(req.workspace_id, ref.invoice_id);
      note = creditNoteOf(invoice, ref._id)!;
    }
    return { note, invoice, credits_remaining: note.issue_response.credits_remaining, replayed: true };
  }

  /** GetCreditNote: the note and its invoice; NOT_FOUND for another workspace's id. */
  async get(workspaceId: string, id: string): Promise<{ note: CreditNoteDoc; invoice: InvoiceDoc }> {
    const ref = await this.deps.creditNoteRefs.find(id);
    const invoice =
      ref?.workspace_id === workspaceId ? await this.deps.invoices.find(workspaceId, ref.invoice_id) : null;
    const note = invoice && creditNoteOf(invoice, id);
    if (!invoice || !note) throw new AppError('not_found', 'No such credit note in this workspace.');
    return { note, invoice };
  }

  /** GetPublicCreditNote: the unguessable id alone is the capability (as the public invoice page's). */
  async getPublic(id: string): Promise<{ note: CreditNoteDoc; invoice: InvoiceDoc }> {
    const ref = await this.deps.creditNoteRefs.find(id);
    const invoice = ref ? await this.deps.invoices.findPublic(ref.invoice_id) : null;
    const note = invoice && creditNoteOf(invoice, id);
    if (!invoice || !note) throw new AppError('not_found', 'No such credit note.');
    return { note, invoice };
  }

  /**
   * GetCreditNoteEInvoice: a credit note's e-invoice in its invoice's format (docs/e-invoicing.md
   * "Credit notes"); NOT_FOUND for another workspace's note, and when the invoice has no e-invoice.
   */
  async eInvoice(workspaceId: string, creditNoteId: string) {
    const { note, invoice } = await this.get(workspaceId, creditNoteId);
    const file = await this.deps.renderRequests.creditNoteEInvoice(
      invoice,
      note,
      await this.deps.workspaces.get(workspaceId),
    );
    if (!file)
      throw new AppError(
        'not_found',
        `This credit note has no e-invoice: its invoice ${invoice.invoice_number} was generated without e_invoice.`,
      );
    return file;
  }

  /** ListCreditNotes: the invoice's notes, oldest first; NOT_FOUND for another workspace's invoice. */
  async list(workspaceId: string, invoiceId: string): Promise<{ notes: CreditNoteDoc[]; invoice: InvoiceDoc }> {
    const invoice = await this.deps.invoices.get(workspaceId, invoiceId);
    return { notes: invoice.credit_notes ?? [], invoice };
  }
}
