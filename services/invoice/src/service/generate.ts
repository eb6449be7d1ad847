import { AppError } from '@invoice-platform/common/errors';
import { newId } from '@invoice-platform/common/ids';
import type { Logger } from '@invoice-platform/common/logger';
import { isDuplicateKey } from '@invoice-platform/common/store/unique';
import { crashPoint } from '@invoice-platform/common/test-hooks';
import { numberPeriod } from '@invoice-platform/common/dates';
import { type GenerateRequest, type GenerateResult, newInvoice, validateGenerate } from '../domain/generate-request.ts';
import { DEFAULT_CURRENCY } from '../domain/money.ts';
import { pdfUrl } from '../domain/view.ts';
import { lifecycleEvent } from '../events/lifecycle.ts';
import type { CreditStore, Reservation } from '../store/credits.ts';
import type { InvoiceStore } from '../store/invoices.ts';
import type { InvoiceDoc } from '../store/models.ts';
import type { AllocatedNumber, NumberStore } from '../store/numbers.ts';
import type { InvoiceChanges } from './changes.ts';
import type { AccountsClient, PdfClient, RecurringClient } from './peers.ts';
import type { FileInfo, Renderer } from './render.ts';
import type { SeriesStart } from './series.ts';
import type { WorkspaceCache } from './workspaces.ts';

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Time kept back for storing the invoice: a generate with less left than this before its caller's deadline is abandoned. */
const commitMarginMs = 1000;

export interface GeneratorDeps {
  invoices: InvoiceStore;
  credits: CreditStore;
  numbers: NumberStore;
  renderer: Renderer;
  accounts: AccountsClient;
  pdf: PdfClient;
  /** Absent until the recurring service is deployed: recurring generates then answer 501. */
  recurring?: RecurringClient;
  workspaces: WorkspaceCache;
  changes: InvoiceChanges;
  series: SeriesStart;
  baseUrl: string;
  notifyOutbox: () => void;
  log: Logger;
  now: () => Date;
}

/** OpenAPI `generateInvoice`: one invoice from a request, or nothing and everything given back. */
export class Generator {
  private readonly d: GeneratorDeps;

  constructor(deps: GeneratorDeps) {
    this.d = deps;
  }

  /**
   * `deadline` (epoch ms): when the caller has stopped waiting by the time everything but the
   * invoice itself is ready, nothing is stored and all is given back, so a caller that saw a
   * timeout never finds an invoice it was told nothing about (and a retry cannot make a twin).
   */
  async generate(req: GenerateRequest, deadline = Infinity): Promise<GenerateResult & { replayed: boolean }> {
    const now = this.d.now();
    const replay = await this.findReplay(req, now);
    if (replay) return replay;

    const ws = await this.d.workspaces.get(req.workspace_id);
    const plan = validateGenerate(req, ws, now, this.d.recurring !== undefined);
    const [, { template }] = await Promise.all([
      this.checkPaymentSetup(req),
      this.d.pdf.call('ResolveTemplate', {
        workspace_id: ws.id,
        plan: ws.plan,
        requested_template_id: req.template,
      }),
    ]);

    const id = newId('inv');
    const reservation = await this.d.credits.reserve(ws.id, id, now);
    let number: AllocatedNumber | undefined;
    let file: FileInfo | undefined;
    try {
      number = await this.d.numbers.allocate(ws.id, numberPeriod(plan.issueDate, ws.time_zone), id, now);
      const doc = newInvoice(id, req, ws, plan, number, template, now);
      if (req.is_recurring && !req.series_id) {
        // The series id is fixed before anything is stored, so retries create at most one series.
        doc.series_id = newId('rs');
        doc.series_pending = true;
      }
      file = await this.d.renderer.render(doc, ws);
      doc.pdf_file_id = file.file_id;
      doc.pdf_status = 'ready';
      const result: GenerateResult = {
        id,
        invoice_number: doc.invoice_number,
        pdf_url: pdfUrl(this.d.baseUrl, id),
        credits_remaining: reservation.unlimited ? null : reservation.remaining,
        is_recurring: doc.is_recurring,
        template: template ?? null,
      };
      doc.generate_response = result;
      if (Date.now() >= deadline - commitMarginMs) {
        throw new AppError('unavailable', 'The request took too long and was not completed; nothing was created.');
      }
      try {
        await this.d.invoices.insert(doc, lifecycleEvent('invoice.created', doc, this.d.baseUrl, now), now);
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // A concurrent request with the same key or occurrence won: give back ours, answer with theirs.
        await this.undo(reservation, number, file, ws.id);
        const twin = await this.findReplay(req, now);
        if (twin) return twin;
        throw err;
      }
      crashPoint('invoice.after-insert', { invoice_id: id });
      this.d.notifyOutbox();
      // Not awaited: a credit or number left held under an existing invoice is settled by the
      // maintenance pass, so the answer need not wait for these writes.
      void Promise.all([this.d.credits.settle(reservation), this.d.numbers.settle(number)]).catch((err: unknown) =>
        this.d.log.warn({ err, invoice_id: id }, 'settling credit or number failed; the reaper will finish it'),
      );
      // From here the invoice exists: nothing below may give back its credit, number or file.
      if (doc.series_pending) await this.d.series.createSeriesOrLeavePending(doc, req, result);
      return { ...result, replayed: false };
    } catch (err) {
      if (number) await this.undo(reservation, number, file, ws.id);
      else await this.d.credits.refund(reservation);
      throw err;
    }
  }

  /** Gives back what a failed generate took: its credit, its number, its file. */
  private async undo(
    reservation: Reservation,
    number: AllocatedNumber,
    file: FileInfo | undefined,
    workspaceId: string,
  ): Promise<void> {
    const results = await Promise.allSettled([
      this.d.credits.refund(reservation),
      this.d.numbers.release(number),
      file ? this.d.renderer.deleteFile(workspaceId, file.file_id) : Promise.resolve(),
    ]);
    for (const r of results)
      if (r.status === 'rejected') this.d.log.error({ err: r.reason }, 'undo of a failed generate incomplete');
  }

  /** An earlier success for the same Idempotency-Key (24 h) or the same series occurrence. */
  private async findReplay(req: GenerateRequest, now: Date): Promise<(GenerateResult & { replayed: true }) | null> {
    let existing: InvoiceDoc | null = null;
    if (req.idempotency_key) {
      existing = await this.d.invoices.findByIdempotencyKey(req.workspace_id, req.idempotency_key);
      if (existing && now.getTime() - new Date(existing.created_at).getTime() > IDEMPOTENCY_WINDOW_MS) {
        // Frees the key for a new request (keys are kept 24 hours,
        // docs/architecture.md#idempotency); a change like any other, so it cannot overwrite a
        // concurrent one.
        const retired = existing._id;
        await this.d.changes.change(existing.workspace_id, retired, () => ({
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
      existing = await this.d.invoices.findByOccurrence(req.workspace_id, `${req.series_id}:${req.occurrence_date}`);
    }
    if (!existing) return null;
    // Stored whole before the insert (generate above), so a stored invoice's response is complete.
    return { ...(existing.generate_response as GenerateResult), replayed: true };
  }

  private async checkPaymentSetup(req: GenerateRequest): Promise<void> {
    if (req.payment_gateway === undefined && req.payment_account === undefined) return;
    const res = await this.d.accounts.call('CheckPaymentSetup', {
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
