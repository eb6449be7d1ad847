import { AppError } from '@invoice-platform/common/errors';
import { newId } from '@invoice-platform/common/ids';
import type { Logger } from '@invoice-platform/common/logger';
import { isDuplicateKey } from '@invoice-platform/common/store/unique';
import type { CrashHook } from '@invoice-platform/common/test-hooks';
import { numberPeriod } from '@invoice-platform/common/dates';
import type { GenerateRequest } from '@invoice-platform/common/contracts/generate';
import type { CreditReservation } from '../domain/credits.ts';
import {
  type GeneratePlan,
  idempotencyScope,
  legacyIdempotencyScope,
  newInvoice,
  refusesWorkspaceData,
  validateGenerate,
} from '../domain/generate-request.ts';
import type { GenerateResult, InvoiceDoc } from '../domain/invoice.ts';
import { pdfUrl } from '../domain/invoice-message.ts';
import { fileSweepAt } from '../domain/leftovers.ts';
import { lifecycleEvent } from '../domain/lifecycle-events.ts';
import { DEFAULT_CURRENCY } from '@invoice-platform/common/invoice-money';
import type { AllocatedNumber } from '../domain/numbering.ts';
import type { WorkspaceInfo } from '../domain/workspace.ts';
import type { CreditStore } from '../store/credits.ts';
import type { InvoiceStore } from '../store/invoices.ts';
import type { NumberStore } from '../store/numbers.ts';
import type { AsIssuedArchive } from './archive.ts';
import type { InvoiceChanges } from './changes.ts';
import { type PdfFiles, type Rendered, renderMayHaveStored } from './pdf-files.ts';
import type { AccountsClient, PdfClient, RecurringClient } from './peers.ts';
import type { RenderRequests } from './render-requests.ts';
import type { SeriesCreation } from './series-creation.ts';
import type { WorkspaceCache } from './workspaces.ts';

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Time kept back for storing the invoice: a generate with less left than this before its caller's deadline is abandoned. */
const commitMarginMs = 1000;

export interface GenerateInvoiceDeps {
  invoices: InvoiceStore;
  credits: CreditStore;
  numbers: NumberStore;
  pdfFiles: PdfFiles;
  renderRequests: RenderRequests;
  accounts: AccountsClient;
  pdf: PdfClient;
  /** Absent until the recurring service is deployed: recurring generates then answer 501. */
  recurring?: RecurringClient;
  workspaces: WorkspaceCache;
  changes: InvoiceChanges;
  series: SeriesCreation;
  /** Keeps the invoice's first PDF and e-invoice XML as issued (docs/money-trail.md). */
  archive: AsIssuedArchive;
  baseUrl: string;
  notifyOutbox: () => void;
  log: Logger;
  now: () => Date;
  /** The longest a generate runs, whatever its caller allows (config GENERATE_TIMEOUT_MS). */
  generateTimeoutMs: number;
  /** The age at which the maintenance pass decides holds (config holdAgeMs); also times file sweeps. */
  holdAgeMs: number;
  /** The crash tests' hook (common/test-hooks.ts); none in production. */
  crash?: CrashHook;
}

/** What a generate holds while it runs, and how its end is to treat it. */
interface Taken {
  id: string;
  workspaceId: string;
  reservation: CreditReservation;
  number?: AllocatedNumber;
  file?: Rendered;
  /** The as-issued e-invoice XML stored for the invoice (deleted with the file when the generate fails). */
  xmlFileId?: string;
  /** The pdf service may hold a file of this id the generate has no id of (a render answer lost). */
  strays: boolean;
  /** Another invoice holds the number: it stays used when the rest is given back. */
  numberInUse: boolean;
  /** The invoice is stored: nothing is given back any more. */
  stored: boolean;
  /** Whether the invoice was stored is unknown: the holds are left for the maintenance pass to decide. */
  undecided: boolean;
}

/** OpenAPI `generateInvoice`: one invoice from a request, or nothing and everything given back. */
export class GenerateInvoice {
  private readonly deps: GenerateInvoiceDeps;

  constructor(deps: GenerateInvoiceDeps) {
    this.deps = deps;
  }

  /**
   * `deadline` (epoch ms): when the caller has stopped waiting by the time everything but the
   * invoice itself is ready, nothing is stored and all is given back, so a caller that saw a
   * timeout never finds an invoice it was told nothing about (and a retry cannot make a twin).
   * The generate's own bound (generateTimeoutMs) cuts a later deadline, or none, so it never
   * outlives its holds (docs/architecture.md#numbering); one that does all the same finds its id
   * void and stores nothing.
   */
  async generate(req: GenerateRequest, deadline = Infinity): Promise<GenerateResult & { replayed: boolean }> {
    const until = Math.min(deadline, Date.now() + this.deps.generateTimeoutMs);
    const now = this.deps.now();
    const replay = await this.findReplay(req, now);
    if (replay) return replay;

    const { ws, plan, template } = await this.checked(req, now);
    // A test invoice (docs/payments.md "Test mode") only on a fresh read: the cache may still hold a
    // workspace the operator has just marked live, whose invoices sandbox payments must not pay.
    const testMode = ws.test_mode === true && (await this.deps.workspaces.fresh(ws.id)).test_mode === true;

    const id = newId('inv');
    const t: Taken = {
      id,
      workspaceId: ws.id,
      reservation: await this.deps.credits.reserve(ws.id, id, now),
      strays: false,
      numberInUse: false,
      stored: false,
      undecided: false,
    };
    try {
      const number = await this.deps.numbers.allocate(ws.id, numberPeriod(plan.issueDate, ws.time_zone), id, now);
      t.number = number;
      const doc = newInvoice(id, req, { ...ws, test_mode: testMode }, plan, number, template, now);
      if (req.is_recurring && !req.series_id) {
        // The series id is fixed before anything is stored, so retries create at most one series.
        doc.series_id = newId('rs');
        doc.series_pending = true;
      }
      let file: Rendered;
      try {
        file = await this.deps.pdfFiles.render(await this.deps.renderRequests.forInvoice(doc, ws));
      } catch (err) {
        t.strays = renderMayHaveStored(err);
        throw err;
      }
      t.file = file;
      t.strays = file.strays;
      doc.pdf_file_id = file.file_id;
      doc.pdf_status = 'ready';
      // A file an earlier attempt may have stored is swept once the invoice holds this one.
      if (file.strays) doc.pdf_sweep_at = fileSweepAt(now, this.deps.holdAgeMs);
      await this.recordAsIssued(doc, ws, t, now);
      const result: GenerateResult = {
        id,
        invoice_number: doc.invoice_number,
        pdf_url: pdfUrl(this.deps.baseUrl, id),
        credits_remaining: t.reservation.unlimited ? null : t.reservation.remaining,
        is_recurring: doc.is_recurring,
        template: template ?? null,
        test_mode: doc.test_mode === true,
      };
      doc.generate_response = result;
      if (Date.now() >= until - commitMarginMs) {
        throw new AppError('unavailable', 'The request took too long and was not completed; nothing was created.');
      }
      const twin = await this.commit(doc, req, t, now);
      if (twin) {
        await this.undo(t, now);
        return twin;
      }
      t.stored = true;
      this.deps.crash?.('invoice.after-insert', { invoice_id: id });
      this.deps.notifyOutbox();
      // Not awaited either: copies left unkept are kept by the maintenance pass (archive_due_at).
      void this.deps.archive.keepOrLeave(doc);
      // Not awaited: a credit or number left held under an existing invoice is settled by the
      // maintenance pass, so the answer need not wait for these writes.
      void Promise.all([this.deps.credits.settle(t.reservation), this.deps.numbers.settle(number)]).catch(
        (err: unknown) =>
          this.deps.log.warn(
            { err, invoice_id: id },
            'settling credit or number failed; the maintenance pass will finish it',
          ),
      );
      // From here the invoice exists: nothing below may give back its credit, number or file.
      if (doc.series_pending) await this.deps.series.createSeriesOrLeavePending(doc, req, result);
      return { ...result, replayed: false };
    } catch (err) {
      if (!t.stored) await this.undo(t, now);
      throw err;
    }
  }

  /**
   * Stores the invoice; null when stored, else a concurrent twin's answer, else it throws. A
   * duplicate key names no index on every server, so its cause is read: the id void (the
   * maintenance pass decided this generate's holds: it stops), the number held by another
   * invoice (a number in use is never an idempotent twin: it stays used, and the generate fails
   * for the client to retry with a new one), or a twin with the same Idempotency-Key or
   * occurrence. Any other failure may hide a stored invoice: voidUnlessStored decides which.
   */
  private async commit(
    doc: InvoiceDoc,
    req: GenerateRequest,
    t: Taken,
    now: Date,
  ): Promise<(GenerateResult & { replayed: true }) | null> {
    try {
      await this.deps.invoices.insert(doc, lifecycleEvent('invoice.created', doc, this.deps.baseUrl), now);
      return null;
    } catch (err) {
      if (!isDuplicateKey(err)) {
        const fate = await this.deps.invoices.voidUnlessStored(doc._id, doc.workspace_id, now).catch(() => undefined);
        if (fate === 'stored') return null;
        if (fate === undefined) t.undecided = true;
        throw err;
      }
      if (await this.deps.invoices.isVoid(doc._id)) {
        this.deps.log.warn({ invoice_id: doc._id }, 'generate outlived its holds; nothing stored');
        throw new AppError('unavailable', 'The request took too long and was not completed; nothing was created.');
      }
      if (await this.deps.invoices.numberTaken(doc.workspace_id, doc.invoice_number)) {
        t.numberInUse = true;
        this.deps.log.error(
          { invoice_id: doc._id, invoice_number: doc.invoice_number },
          'invoice number drawn is already in use; it stays used',
        );
      }
      const twin = await this.findReplay(req, now);
      if (twin) return twin;
      if (t.numberInUse)
        throw new AppError('unavailable', 'The invoice could not be numbered; nothing was created. Retry the request.');
      throw err;
    }
  }

  /**
   * Gives back what a failed generate took: its file, its credit, its number (kept when another
   * invoice holds it). A file it cannot account for (a render answer lost, a delete that failed)
   * is left to the maintenance pass by voiding the id, which sweeps the id's files; when even that
   * fails, or the insert's outcome is unknown, the holds stay too, for the maintenance pass to
   * decide after the hold age.
   */
  private async undo(t: Taken, now: Date): Promise<void> {
    if (t.undecided) return;
    let unaccounted = t.strays;
    if (t.xmlFileId) {
      try {
        await this.deps.pdfFiles.deleteFile(t.workspaceId, t.xmlFileId);
      } catch (err) {
        unaccounted = true;
        this.deps.log.warn(
          { err, invoice_id: t.id },
          'deleting the e-invoice of a failed generate failed; it will be swept',
        );
      }
    }
    if (t.file) {
      try {
        await this.deps.pdfFiles.deleteFile(t.workspaceId, t.file.file_id);
      } catch (err) {
        unaccounted = true;
        this.deps.log.warn(
          { err, invoice_id: t.id },
          'deleting the file of a failed generate failed; it will be swept',
        );
      }
    }
    if (unaccounted) {
      try {
        // Nothing of this id was stored, so this voids it (a stored one would keep its holds).
        if ((await this.deps.invoices.voidUnlessStored(t.id, t.workspaceId, now)) === 'stored') return;
      } catch (err) {
        this.deps.log.error(
          { err, invoice_id: t.id },
          'voiding a failed generate failed; its holds are left to the maintenance pass',
        );
        return;
      }
    }
    const results = await Promise.allSettled([
      this.deps.credits.refund(t.reservation),
      t.number && (t.numberInUse ? this.deps.numbers.settle(t.number) : this.deps.numbers.release(t.number)),
    ]);
    for (const r of results)
      if (r.status === 'rejected') this.deps.log.error({ err: r.reason }, 'undo of a failed generate incomplete');
  }

  /**
   * Records the invoice's as-issued copies on it before it is stored (docs/money-trail.md): the PDF
   * just rendered and, with e_invoice, its XML, stored now in the pdf service as a file of the
   * invoice id (so a generate that then fails deletes it, or the void id's sweep does), and until
   * when they are kept. The pdf service is asked to keep them once the invoice is stored.
   */
  private async recordAsIssued(doc: InvoiceDoc, ws: WorkspaceInfo, t: Taken, now: Date): Promise<void> {
    doc.as_issued_pdf = this.deps.archive.pdfCopy(t.file!);
    doc.retain_until = this.deps.archive.retainUntil(ws, now);
    doc.archive_due_at = this.deps.archive.dueAt(now);
    const xml = await this.deps.renderRequests.eInvoice(doc, ws);
    if (!xml) return;
    try {
      doc.as_issued_e_invoice = await this.deps.archive.storeEInvoice(ws.id, doc._id, xml.xml, xml.filename);
    } catch (err) {
      // The answer may be lost with the file stored: the void id's sweep finds it.
      t.strays = true;
      this.deps.log.warn({ err, invoice_id: doc._id }, 'storing the as-issued e-invoice failed');
      throw new AppError('unavailable', 'The e-invoice could not be stored; nothing was created. Retry the request.');
    }
    t.xmlFileId = doc.as_issued_e_invoice.file_id;
  }

  /** An earlier success for the same Idempotency-Key (24 h) or the same series occurrence. */
  private async findReplay(req: GenerateRequest, now: Date): Promise<(GenerateResult & { replayed: true }) | null> {
    let existing: InvoiceDoc | null = null;
    if (req.idempotency_key) {
      const legacy = legacyIdempotencyScope(req.source, req.idempotency_key);
      existing =
        (await this.deps.invoices.findByIdempotencyKey(
          req.workspace_id,
          idempotencyScope(req.source, req.idempotency_key),
        )) ?? (legacy ? await this.deps.invoices.findByIdempotencyKey(req.workspace_id, legacy) : null);
      if (existing && now.getTime() - new Date(existing.created_at).getTime() > IDEMPOTENCY_WINDOW_MS) {
        // Frees the key for a new request (keys are kept 24 hours,
        // docs/architecture.md#idempotency); a change like any other, so it cannot overwrite a
        // concurrent one.
        const retired = existing._id;
        await this.deps.changes.applyChange(existing.workspace_id, retired, () => ({
          patch: { idempotency_scope: `expired:${retired}` },
          events: () => [],
        }));
        existing = null;
      }
      if (existing && req.request_fingerprint && existing.request_fingerprint !== req.request_fingerprint) {
        throw new AppError('unprocessable', 'This Idempotency-Key was already used with a different request body.');
      }
    }
    if (!existing && req.series_id && req.occurrence_date) {
      existing = await this.deps.invoices.findByOccurrence(req.workspace_id, `${req.series_id}:${req.occurrence_date}`);
    }
    if (!existing) return null;
    // Stored whole before the insert (generate above), so a stored invoice's response is complete.
    return { ...(existing.generate_response as GenerateResult), replayed: true };
  }

  /**
   * CheckGenerate: the checks of a generate before anything is reserved, writing nothing; a refusal
   * is the generate's own. `legalProfile`, when given, stands for the workspace's (null: none), so a
   * profile change can be checked before it is made.
   */
  async check(req: GenerateRequest, legalProfile?: WorkspaceInfo['legal_profile']): Promise<void> {
    const now = this.deps.now();
    if (legalProfile === undefined) {
      await this.checked(req, now);
      return;
    }
    const ws = { ...(await this.deps.workspaces.fresh(req.workspace_id)), legal_profile: legalProfile };
    validateGenerate(req, ws, now, this.deps.recurring !== undefined);
    await Promise.all([this.checkPaymentSetup(req), this.resolveTemplate(req, ws)]);
  }

  /** Every check a generate makes before anything is reserved, and what they settle. */
  private async checked(req: GenerateRequest, now: Date) {
    const { ws, plan } = await this.checkedAgainstWorkspace(req, now);
    const [, { template }] = await Promise.all([this.checkPaymentSetup(req), this.resolveTemplate(req, ws)]);
    return { ws, plan, template };
  }

  private resolveTemplate(req: GenerateRequest, ws: WorkspaceInfo) {
    return this.deps.pdf.call('ResolveTemplate', {
      workspace_id: ws.id,
      plan: ws.plan,
      requested_template_id: req.template,
    });
  }

  /**
   * The request checked against its workspace. The cached workspace may be a few seconds old, so a
   * refusal over the workspace's own data (a legal profile missing) is decided again on a fresh
   * read: a profile set just now reaches the very next generate.
   */
  private async checkedAgainstWorkspace(
    req: GenerateRequest,
    now: Date,
  ): Promise<{ ws: WorkspaceInfo; plan: GeneratePlan }> {
    const recurringAvailable = this.deps.recurring !== undefined;
    const cached = await this.deps.workspaces.get(req.workspace_id);
    try {
      return { ws: cached, plan: validateGenerate(req, cached, now, recurringAvailable) };
    } catch (err) {
      if (!refusesWorkspaceData(err)) throw err;
    }
    const ws = await this.deps.workspaces.fresh(req.workspace_id);
    return { ws, plan: validateGenerate(req, ws, now, recurringAvailable) };
  }

  private async checkPaymentSetup(req: GenerateRequest): Promise<void> {
    if (req.payment_gateway === undefined && req.payment_account === undefined) return;
    const res = await this.deps.accounts.call('CheckPaymentSetup', {
      workspace_id: req.workspace_id,
      payment_gateway: req.payment_gateway,
      payment_account: req.payment_account,
      // The provider must be able to take the invoice's currency (e.g. Midtrans takes only IDR).
      currency: req.currency || DEFAULT_CURRENCY,
    });
    const errors = [
      ...res.gateway_errors.map((message) => ({ path: 'body.payment_gateway', message })),
      ...res.account_errors.map((message) => ({ path: 'body.payment_account', message })),
    ];
    if (errors.length > 0)
      throw AppError.validation(
        errors,
        `The payment settings cannot be used: ${errors.map((e) => e.message).join('; ')}.`,
      );
  }
}
