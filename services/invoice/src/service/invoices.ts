import { AppError } from '@invoice-platform/common/errors';
import type { UnaryClient } from '@invoice-platform/common/grpc';
import { newId } from '@invoice-platform/common/ids';
import type { Logger } from '@invoice-platform/common/logger';
import { isDuplicateKey } from '@invoice-platform/common/store/unique';
import { addDays, isCalendarDate, localDate, numberPeriod, overdueAt } from '@invoice-platform/common/dates';
import { addAmounts, computeTotals, DEFAULT_CURRENCY, type ItemInput } from '../domain/money.ts';
import { formatInvoiceNumber } from '../domain/numbering.ts';
import { assertPaysInvoice, type PaymentInput, readPayment } from '../domain/payment.ts';
import {
  assertMove,
  type InvoiceStatus,
  isInvoiceStatus,
  paidAtAfter,
  paymentMovesToPaid,
  publicEventFor,
} from '../domain/status.ts';
import { pdfUrl } from '../domain/view.ts';
import { lifecycleEvent } from '../events/lifecycle.ts';
import type { CreditStore, Reservation } from '../store/credits.ts';
import type { InvoiceDecision, InvoiceStore } from '../store/invoices.ts';
import type { InvoiceDoc, PaymentRecord, TemplateRef } from '../store/models.ts';
import type { AllocatedNumber, NumberStore } from '../store/numbers.ts';
import type { FileInfo, Renderer, WorkspaceInfo } from './render.ts';
import { documentLanguages, isOneOf, recurringIntervals } from '@invoice-platform/common/contracts/values';

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Invoices the overdue sweep moves at a time. */
const sweepConcurrency = 4;
/** Time kept back for storing the invoice: a generate with less left than this before its caller's deadline is abandoned. */
const commitMarginMs = 1000;

export interface GenerateRequest {
  workspace_id: string;
  source: string;
  idempotency_key?: string;
  request_fingerprint?: string;
  customer_name: string;
  customer_email?: string;
  customer_tax_id?: string;
  items: ItemInput[];
  currency?: string;
  tax_rate?: string;
  discount_total?: string;
  due_date?: string;
  notes?: string;
  custom_payment_notes?: string;
  footer_text?: string;
  document_language?: string;
  template?: string;
  is_recurring: boolean;
  recurring_interval?: string;
  recurring_count?: number;
  recurring_end_date?: string;
  payment_gateway?: string;
  payment_account?: string;
  series_id?: string;
  occurrence_date?: string;
  issue_date?: string;
}

/**
 * The generate response object (OpenAPI `GenerateInvoiceResult`), stored on the invoice and
 * replayed as it was.
 */
export interface GenerateResult {
  id: string;
  invoice_number: string;
  pdf_url: string;
  credits_remaining: number | null;
  is_recurring: boolean;
  recurring?: Record<string, unknown>;
  template: TemplateRef | null;
}

export interface InvoiceServiceDeps {
  invoices: InvoiceStore;
  credits: CreditStore;
  numbers: NumberStore;
  renderer: Renderer;
  accounts: UnaryClient;
  pdf: UnaryClient;
  /** Absent until the recurring service is deployed: recurring generates then answer 501. */
  recurring?: UnaryClient;
  baseUrl: string;
  notifyOutbox: () => void;
  log: Logger;
  now: () => Date;
  /**
   * Test hooks: exit right after the invoice is stored, before anything is published. The invoice
   * and its invoice.created are one write, so "after the commit" and "after the insert" are the
   * same moment; both hooks stay for the crash tests that name them.
   */
  crashAfterCommit?: boolean;
  crashAfterInsert?: boolean;
}

export class InvoiceService {
  private readonly d: InvoiceServiceDeps;
  private readonly workspaces = new Map<string, { value: Promise<WorkspaceInfo>; expires: number }>();

  constructor(deps: InvoiceServiceDeps) {
    this.d = deps;
  }

  /**
   * The workspace profile, kept for a few seconds: a burst of generates needs it once, and a plan
   * change reaches generation within the same few seconds.
   */
  async workspace(workspaceId: string): Promise<WorkspaceInfo> {
    const hit = this.workspaces.get(workspaceId);
    if (hit && hit.expires > Date.now()) return hit.value;
    if (this.workspaces.size > 10_000) this.workspaces.clear();
    const pending = this.d.accounts.call<WorkspaceInfo>('GetWorkspace', { workspace_id: workspaceId });
    this.workspaces.set(workspaceId, { value: pending, expires: Date.now() + 5000 });
    pending.catch(() => this.workspaces.delete(workspaceId));
    return pending;
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

    const ws = await this.workspace(req.workspace_id);
    const plan = this.validateGenerate(req, ws, now);
    const [, { template }] = await Promise.all([
      this.checkPaymentSetup(req),
      this.d.pdf.call<{ template: TemplateRef | null }>('ResolveTemplate', {
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
      const doc = this.newInvoice(id, req, ws, plan, number, template, now);
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
      doc.generate_response = result as unknown as Record<string, unknown>;
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
      if (this.d.crashAfterInsert || this.d.crashAfterCommit) process.kill(process.pid, 'SIGKILL');
      this.d.notifyOutbox();
      // Not awaited: a credit or number left held under an existing invoice is settled by the
      // maintenance pass, so the answer need not wait for these writes.
      void Promise.all([this.d.credits.settle(reservation), this.d.numbers.settle(number)]).catch((err: unknown) =>
        this.d.log.warn({ err, invoice_id: id }, 'settling credit or number failed; the reaper will finish it'),
      );
      // From here the invoice exists: nothing below may give back its credit, number or file.
      if (doc.series_pending) await this.createSeriesOrLeavePending(doc, req, result);
      return { ...result, replayed: false };
    } catch (err) {
      if (number) await this.undo(reservation, number, file, ws.id);
      else await this.d.credits.refund(reservation);
      throw err;
    }
  }

  /**
   * The series of a just-committed first invoice. When the recurring service cannot be reached the
   * generate still succeeds: failing it would invite a retry that (without an Idempotency-Key)
   * makes a second invoice. The answer then has no `recurring` block (OpenAPI
   * `GenerateInvoiceResult`: present only when a series was created); the maintenance job creates
   * the series under the id already fixed, and it appears in the recurring list with this invoice's
   * number.
   */
  private async createSeriesOrLeavePending(
    doc: InvoiceDoc,
    req: GenerateRequest,
    result: GenerateResult,
  ): Promise<void> {
    try {
      result.recurring = await this.createSeries(doc, req);
    } catch (err) {
      this.d.log.warn(
        { err, invoice_id: doc._id, series_id: doc.series_id },
        'series creation failed; the maintenance job will finish it',
      );
    }
  }

  /**
   * Creates the series of a first recurring invoice (idempotent by series id) and records the
   * OpenAPI `GenerateInvoiceResult` `recurring` block in the stored response. A failure leaves
   * series_pending set; the maintenance job finishes it.
   */
  async createSeries(
    doc: InvoiceDoc,
    req: Pick<GenerateRequest, 'recurring_count' | 'recurring_end_date'>,
  ): Promise<Record<string, unknown>> {
    const limit = req.recurring_end_date ? { end_date: req.recurring_end_date } : { count: req.recurring_count ?? 4 };
    const res = await this.d.recurring!.call<{
      series: { id: string; frequency: string; end_date?: string; occurrences: { date: string }[] };
    }>('CreateSeries', {
      workspace_id: doc.workspace_id,
      series_id: doc.series_id,
      source_invoice_id: doc._id,
      invoice_number: doc.invoice_number,
      frequency: doc.recurring_interval,
      ...limit,
      anchor_date: new Date(doc.issue_date).toISOString(),
      first_due_date: doc.due_date,
      customer_name: doc.customer_name,
      customer_email: doc.customer_email ?? '',
      currency: doc.currency,
      amount: doc.amount,
      document_language: doc.document_language,
      time_zone: doc.time_zone,
    });
    const series = res.series;
    const recurring = {
      schedule_id: series.id,
      interval: series.frequency,
      occurrences: series.occurrences.length,
      next_issue_date: series.occurrences[1]?.date ?? null,
      end_date: series.end_date ?? null,
    };
    await this.change(doc.workspace_id, doc._id, (current) =>
      current.series_pending
        ? {
            patch: { generate_response: { ...current.generate_response, recurring }, series_pending: false },
            events: () => [],
          }
        : null,
    );
    return recurring;
  }

  /** Finishes series creations that failed after their first invoice was committed. */
  async repairPendingSeries(before: Date): Promise<number> {
    if (!this.d.recurring) return 0;
    const pending = await this.d.invoices.seriesPending(before, 100);
    let finished = 0;
    for (const doc of pending) {
      try {
        await this.createSeries(doc, {
          recurring_end_date: doc.recurring_end_date ?? undefined,
          recurring_count: doc.recurring_count ?? undefined,
        });
        finished++;
      } catch (err) {
        // Left pending for the next pass; the rest of the maintenance pass still runs.
        this.d.log.warn({ err, invoice_id: doc._id, series_id: doc.series_id }, 'series creation still failing');
      }
    }
    return finished;
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
        await this.change(existing.workspace_id, retired, () => ({
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
    return { ...(existing.generate_response as unknown as GenerateResult), replayed: true };
  }

  private validateGenerate(req: GenerateRequest, ws: WorkspaceInfo, now: Date) {
    const errors: { path: string; message: string }[] = [];
    if (!req.customer_name?.trim()) errors.push({ path: 'body.customer_name', message: 'is required' });
    const language = req.document_language || 'en';
    if (!isOneOf(documentLanguages, language))
      errors.push({ path: 'body.document_language', message: `must be one of: ${documentLanguages.join(', ')}` });
    if (req.due_date !== undefined && !isCalendarDate(req.due_date))
      errors.push({ path: 'body.due_date', message: 'must be a date (YYYY-MM-DD)' });
    const issueDate = req.source === 'recurring' && req.issue_date ? new Date(req.issue_date) : now;
    const isNewSeries = req.is_recurring && !req.series_id;
    if (isNewSeries) {
      if (!req.recurring_interval || !isOneOf(recurringIntervals, req.recurring_interval))
        errors.push({
          path: 'body.recurring_interval',
          message: `is required when is_recurring is true, one of: ${recurringIntervals.join(', ')}`,
        });
      if (!req.customer_email)
        errors.push({ path: 'body.customer_email', message: 'is required when is_recurring is true' });
      if (req.recurring_count !== undefined && (req.recurring_count < 2 || req.recurring_count > 121))
        errors.push({ path: 'body.recurring_count', message: 'must be between 2 and 121' });
      if (req.recurring_end_date !== undefined) {
        if (req.recurring_count !== undefined)
          errors.push({ path: 'body.recurring_end_date', message: 'is not allowed together with recurring_count' });
        else if (!isCalendarDate(req.recurring_end_date) || req.recurring_end_date <= localDate(now, ws.time_zone))
          errors.push({ path: 'body.recurring_end_date', message: 'must be a date in the future' });
      }
    }
    if (errors.length > 0) throw AppError.validation(errors);
    // Money rules (items, currency, discounts) report their own errors.
    const totals = computeTotals({
      currency: req.currency || DEFAULT_CURRENCY,
      items: req.items,
      tax_rate: req.tax_rate,
      discount_total: req.discount_total,
    });
    if (isNewSeries && !ws.features.includes('recurring')) {
      throw new AppError('forbidden', 'The workspace plan does not include recurring invoices.');
    }
    if (isNewSeries && !this.d.recurring)
      throw new AppError('not_implemented', 'Recurring invoices are not available yet.');
    const dueDate = req.due_date ?? addDays(localDate(issueDate, ws.time_zone), 14);
    return { totals, language, issueDate, dueDate };
  }

  private async checkPaymentSetup(req: GenerateRequest): Promise<void> {
    if (req.payment_gateway === undefined && req.payment_account === undefined) return;
    const res = await this.d.accounts.call<{ gateway_errors: string[]; account_errors: string[] }>(
      'CheckPaymentSetup',
      {
        workspace_id: req.workspace_id,
        payment_gateway: req.payment_gateway,
        payment_account: req.payment_account,
        // The provider must be able to take the invoice's currency (e.g. Midtrans takes only IDR).
        currency: req.currency || DEFAULT_CURRENCY,
      },
    );
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

  private newInvoice(
    id: string,
    req: GenerateRequest,
    ws: WorkspaceInfo,
    plan: ReturnType<InvoiceService['validateGenerate']>,
    number: AllocatedNumber,
    template: TemplateRef | null,
    now: Date,
  ): InvoiceDoc {
    const { totals } = plan;
    return {
      _id: id,
      workspace_id: ws.id,
      invoice_number: formatInvoiceNumber(ws.id, number.period, number.seq),
      number_period: number.period,
      number_seq: number.seq,
      customer_name: req.customer_name.trim(),
      customer_email: req.customer_email ?? null,
      customer_tax_id: req.customer_tax_id ?? null,
      currency: totals.currency,
      items: totals.lines.map((l) => ({ ...l })),
      subtotal: totals.subtotal,
      discount_total: totals.discount_total,
      tax_rate: totals.tax_rate,
      tax_amount: totals.tax_amount,
      amount: totals.amount,
      invoice_status: 'unpaid',
      is_archived: false,
      archived_at: null,
      is_recurring: req.is_recurring,
      recurring_interval: req.is_recurring ? (req.recurring_interval ?? 'none') : 'none',
      issue_date: plan.issueDate,
      due_date: plan.dueDate,
      overdue_at: overdueAt(plan.dueDate, ws.time_zone),
      paid_at: null,
      notes: req.notes ?? null,
      custom_payment_notes: req.custom_payment_notes ?? null,
      footer_text: req.footer_text ?? null,
      document_language: plan.language,
      template,
      requested_template: req.template ?? null,
      payment_gateway: req.payment_gateway ?? null,
      payment_account: req.payment_account ?? null,
      source: req.source || 'api',
      series_id: req.series_id ?? null,
      occurrence_date: req.occurrence_date ?? null,
      occurrence_scope: req.series_id && req.occurrence_date ? `${req.series_id}:${req.occurrence_date}` : id,
      series_pending: false,
      recurring_count: req.recurring_count ?? null,
      recurring_end_date: req.recurring_end_date ?? null,
      idempotency_scope: req.idempotency_key ?? `none:${id}`,
      request_fingerprint: req.request_fingerprint ?? null,
      generate_response: {},
      pdf_status: 'processing',
      pdf_file_id: null,
      pdf_wanted_sequence: 1,
      amount_received: '0',
      payments: [],
      time_zone: ws.time_zone,
      version: 1,
      created_at: now,
      updated_at: now,
      outbox: [],
      outbox_at: null,
    };
  }

  list(workspaceId: string, status: string | undefined, page: number, pageSize: number) {
    return this.d.invoices.list(
      workspaceId,
      status,
      Math.max(1, page || 1),
      Math.min(100, Math.max(1, pageSize || 25)),
    );
  }

  get(workspaceId: string, id: string): Promise<InvoiceDoc> {
    return this.d.invoices.get(workspaceId, id);
  }

  findPublic(id: string): Promise<InvoiceDoc | null> {
    return this.d.invoices.findPublic(id);
  }

  /**
   * Applies a change decided on the invoice's current state (decided again when a concurrent
   * change won); `decide` returns null for "nothing to change".
   */
  private async change(
    workspaceId: string,
    id: string,
    decide: (doc: InvoiceDoc, now: Date) => InvoiceDecision | null,
    first?: InvoiceDoc,
  ): Promise<{ before: InvoiceDoc; after: InvoiceDoc | null }> {
    const result = await this.d.invoices.change(workspaceId, id, decide, this.d.now, first);
    if (result.after && result.after.outbox.length > 0) this.d.notifyOutbox();
    return result;
  }

  /**
   * OpenAPI `updateInvoiceStatus` with the move table of docs/architecture.md#status-moves;
   * `onlyFrom` limits the move (the overdue sweep moves only unpaid).
   */
  async updateStatus(workspaceId: string, id: string, to: string) {
    if (!isInvoiceStatus(to))
      throw AppError.validation([{ path: 'body.status', message: 'must be one of: unpaid, paid, overdue, cancelled' }]);
    const { before, after } = await this.change(workspaceId, id, this.statusMove(to));
    return { doc: after ?? before, changed: after !== null, previousStatus: before.invoice_status };
  }

  /**
   * The move to `to` on the invoice as it is; `onlyFrom` limits it (the overdue sweep moves only
   * unpaid); `paidAt` is the payment time when the provider reported one (default now).
   */
  private statusMove(to: InvoiceStatus, onlyFrom?: InvoiceStatus, paidAt?: Date) {
    return (doc: InvoiceDoc, now: Date): InvoiceDecision | null => {
      const from = doc.invoice_status as InvoiceStatus;
      if (from === to || (onlyFrom && from !== onlyFrom)) return null;
      assertMove(from, to);
      return {
        patch: {
          invoice_status: to,
          paid_at: paidAtAfter(to, doc.paid_at, paidAt ?? now),
          // The automatic move happens once: an invoice a user moved back from overdue stays put.
          ...(to === 'overdue' ? { overdue_at: null } : {}),
          pdf_status: 'processing',
          pdf_wanted_sequence: doc.version + 1,
        },
        events: (next: InvoiceDoc) => {
          const publicType = publicEventFor(to);
          const extra = { previous_status: from };
          return [
            ...(publicType ? [lifecycleEvent(publicType, next, this.d.baseUrl, now, extra)] : []),
            lifecycleEvent('invoice.status_changed', next, this.d.baseUrl, now, extra),
          ];
        },
      };
    };
  }

  /**
   * An online payment (docs/contracts.md §4.4), idempotent by (gateway, provider payment id): one
   * compare-and-set records the payment in the invoice's `payments` and `amount_received` and,
   * for an unpaid or overdue invoice, makes exactly the move a PUT status paid makes (paid_at,
   * invoice.paid with previous_status, invoice.status_changed for the PDF re-render), so a
   * repeated or concurrent notification finds its payment already there and changes nothing.
   * A paid or cancelled invoice only records the money. An amount or currency other than the
   * invoice's is refused and changes nothing.
   */
  async markPaidByPayment(req: PaymentInput) {
    const payment = readPayment(req);
    const move = this.statusMove('paid', undefined, payment.paidAt);
    const decide = (doc: InvoiceDoc, now: Date): InvoiceDecision | null => {
      const payments = doc.payments ?? [];
      const known = payments.some(
        (p) => p.gateway === payment.gateway && p.provider_payment_id === payment.providerPaymentId,
      );
      if (known) return null;
      assertPaysInvoice(doc, payment);
      const entry: PaymentRecord = {
        gateway: payment.gateway,
        provider_payment_id: payment.providerPaymentId,
        amount: addAmounts(doc.currency, '0', payment.amount),
        currency: doc.currency,
        paid_at: payment.paidAt ?? now,
        recorded_at: now,
        invoice_status: doc.invoice_status,
      };
      const recorded: Partial<InvoiceDoc> = {
        payments: [...payments, entry],
        amount_received: addAmounts(doc.currency, doc.amount_received ?? '0', payment.amount),
      };
      if (!paymentMovesToPaid(doc.invoice_status)) return { patch: recorded, events: () => [] };
      const paid = move(doc, now)!;
      return { patch: { ...paid.patch, ...recorded }, events: paid.events };
    };
    const fields = {
      invoice_id: req.invoice_id,
      workspace_id: req.workspace_id,
      payment_gateway: payment.gateway,
      provider_payment_id: payment.providerPaymentId,
    };
    let changed: { before: InvoiceDoc; after: InvoiceDoc | null };
    try {
      changed = await this.change(req.workspace_id, req.invoice_id, decide);
    } catch (err) {
      if (AppError.isKind(err, 'application'))
        this.d.log.warn({ ...fields, amount: payment.amount, currency: payment.currency }, 'online payment refused');
      throw err;
    }
    const { before, after } = changed;
    const doc = after ?? before;
    const statusChanged = doc.invoice_status !== before.invoice_status;
    const outcome = { ...fields, invoice_status: doc.invoice_status, status_changed: statusChanged };
    if (!after) this.d.log.info(outcome, 'online payment already recorded');
    else if (doc.invoice_status === 'cancelled')
      this.d.log.warn(outcome, 'online payment recorded for a cancelled invoice; it stays cancelled');
    else this.d.log.info(outcome, 'online payment recorded');
    return { doc, paymentRecorded: after !== null, statusChanged, previousStatus: before.invoice_status };
  }

  /** OpenAPI `archiveInvoice`: no public event; the internal invoice.archived when the value changes. */
  async setArchived(workspaceId: string, id: string, archived: boolean) {
    const { before, after } = await this.change(workspaceId, id, (doc, now) => {
      if (doc.is_archived === archived) return null;
      return {
        patch: { is_archived: archived, archived_at: archived ? now : null },
        events: (next: InvoiceDoc) => [lifecycleEvent('invoice.archived', next, this.d.baseUrl, now)],
      };
    });
    return { doc: after ?? before, changed: after !== null };
  }

  /**
   * OpenAPI `getInvoicePdf`: renders now when forced, when no file exists or when the last render
   * failed, with pdf_status processing → ready | failed (docs/architecture.md#pdf). A status change
   * that commits while the file prints would leave it showing the old status, so the render is
   * repeated on the new one.
   */
  async pdf(workspaceId: string, id: string, force: boolean) {
    let doc = await this.d.invoices.get(workspaceId, id);
    if (!force && doc.pdf_file_id && doc.pdf_status !== 'failed') {
      return {
        url: pdfUrl(this.d.baseUrl, id),
        generated: false,
        pdf_status: doc.pdf_status,
        file_id: doc.pdf_file_id,
      };
    }
    const ws = await this.workspace(workspaceId);
    doc = await this.setPdfStatus(workspaceId, id, 'processing');
    for (let attempt = 0; attempt < 3; attempt++) {
      let file: FileInfo;
      try {
        file = await this.d.renderer.render(doc, ws);
      } catch (err) {
        await this.setPdfStatus(workspaceId, id, 'failed').catch((e: unknown) =>
          this.d.log.warn({ err: e, invoice_id: id }, 'recording the failed render failed'),
        );
        if (AppError.isKind(err, 'application'))
          throw new AppError('application', 'The PDF could not be generated; retry shortly.');
        throw err;
      }
      const printed = doc.invoice_status;
      const { before, after } = await this.change(workspaceId, id, (current, now) => {
        if (current.invoice_status !== printed) return null;
        return {
          patch: { pdf_file_id: file.file_id, pdf_status: 'ready', pdf_wanted_sequence: current.version + 1 },
          events: (next: InvoiceDoc) => [lifecycleEvent('invoice.pdf_updated', next, this.d.baseUrl, now)],
        };
      });
      if (!after) {
        this.d.renderer.deleteFile(workspaceId, file.file_id).catch(() => undefined);
        doc = before;
        continue;
      }
      if (before.pdf_file_id && before.pdf_file_id !== file.file_id) {
        this.d.renderer.deleteFile(workspaceId, before.pdf_file_id).catch(() => undefined);
      }
      return { url: pdfUrl(this.d.baseUrl, id), generated: true, pdf_status: after.pdf_status, file_id: file.file_id };
    }
    throw new AppError('conflict', 'The invoice is being changed concurrently. Retry shortly.');
  }

  /**
   * Records a synchronous render starting (processing) or failing (failed); a failure is not
   * recorded over a file stored meanwhile by a newer render. Returns the invoice as it now is.
   */
  private async setPdfStatus(workspaceId: string, id: string, to: 'processing' | 'failed'): Promise<InvoiceDoc> {
    const { before, after } = await this.change(workspaceId, id, (current, now) => {
      if (current.pdf_status === to || (to === 'failed' && current.pdf_status !== 'processing')) return null;
      return {
        patch: { pdf_status: to },
        events: (next: InvoiceDoc) =>
          to === 'failed' ? [lifecycleEvent('invoice.pdf_updated', next, this.d.baseUrl, now)] : [],
      };
    });
    return after ?? before;
  }

  /** The pdf service reports an asynchronous re-render; results older than the wanted state are ignored. */
  async recordPdfResult(workspaceId: string, id: string, sequence: number, file: FileInfo | undefined) {
    const { before, after } = await this.change(workspaceId, id, (doc, now) => {
      if (sequence < doc.pdf_wanted_sequence) return null;
      return {
        patch: file ? { pdf_file_id: file.file_id, pdf_status: 'ready' } : { pdf_status: 'failed' },
        events: (next: InvoiceDoc) => [lifecycleEvent('invoice.pdf_updated', next, this.d.baseUrl, now)],
      };
    });
    if (!after) return { applied: false, pdf_status: before.pdf_status };
    if (file && before.pdf_file_id && before.pdf_file_id !== file.file_id) {
      this.d.renderer.deleteFile(workspaceId, before.pdf_file_id).catch(() => undefined);
    }
    return { applied: true, pdf_status: after.pdf_status };
  }

  async renderInput(workspaceId: string, id: string) {
    const doc = await this.d.invoices.get(workspaceId, id);
    return this.d.renderer.renderRequest(doc, await this.workspace(workspaceId));
  }

  /**
   * The automatic overdue move (docs/architecture.md#status-moves): unpaid invoices whose due date
   * has passed in the workspace time zone.
   */
  async overdueSweep(now: Date, workspaceId?: string): Promise<string[]> {
    const moved: string[] = [];
    const move = this.statusMove('overdue', 'unpaid');
    // Bounded passes: each pass moves what it found; anything left waits for the next sweep.
    for (let pass = 0; pass < 50; pass++) {
      const due = await this.d.invoices.dueForOverdue(now, workspaceId, 200);
      // A few at a time, each from the copy just read: the writes queue at the database anyway,
      // and the rest of each move (its events, the round trips) overlaps. The relay is woken once
      // per batch, so it does not contend with every single move.
      let next = 0;
      await Promise.all(
        Array.from({ length: sweepConcurrency }, async () => {
          while (next < due.length) {
            const doc = due[next++]!;
            const { after } = await this.d.invoices.change(doc.workspace_id, doc._id, move, this.d.now, doc);
            if (after) moved.push(doc._id);
          }
        }),
      );
      if (due.length > 0) this.d.notifyOutbox();
      if (due.length < 200) break;
    }
    return moved;
  }
}
