import { AppError } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import { belowPdfFloor, fileSweepAt } from '../domain/leftovers.ts';
import { addAmounts } from '@invoice-platform/common/invoice-money';
import { assertPaysInvoice, type PaymentInput, readPayment } from '../domain/payment.ts';
import { assertMove, type InvoiceStatus, isInvoiceStatus, paidAtAfter, publicEventFor } from '../domain/status.ts';
import { type InvoiceDoc, maxTestPayments, type PaymentRecord, type TestPaymentRecord } from '../domain/invoice.ts';
import { keptFileIds } from '../domain/archive.ts';
import { encodePayment, pdfUrl } from '../domain/invoice-message.ts';
import { lifecycleEvent, paymentRecordedEvent } from '../domain/lifecycle-events.ts';
import { newId } from '@invoice-platform/common/ids';
import type { InvoiceDecision, InvoiceStore } from '../store/invoices.ts';
import type { FileInfo, PdfFiles } from './pdf-files.ts';
import type { RenderRequests } from './render-requests.ts';
import type { WorkspaceCache } from './workspaces.ts';

export interface InvoiceChangesDeps {
  invoices: InvoiceStore;
  pdfFiles: PdfFiles;
  renderRequests: RenderRequests;
  workspaces: WorkspaceCache;
  baseUrl: string;
  notifyOutbox: () => void;
  log: Logger;
  now: () => Date;
  /** The maintenance pass's hold age (config holdAgeMs), which times the sweep of an invoice's files. */
  holdAgeMs: number;
}

/** Every change to a stored invoice: status, payments, archive, PDF, through one change loop. */
export class InvoiceChanges {
  private readonly deps: InvoiceChangesDeps;

  constructor(deps: InvoiceChangesDeps) {
    this.deps = deps;
  }

  /**
   * Applies a change decided on the invoice's current state (decided again when a concurrent
   * change won), and wakes the outbox relay when events wait; `decide` returns null for "nothing
   * to change".
   */
  async applyChange(
    workspaceId: string,
    id: string,
    decide: (doc: InvoiceDoc, now: Date) => InvoiceDecision | null,
  ): Promise<{ before: InvoiceDoc; after: InvoiceDoc | null }> {
    const result = await this.deps.invoices.change(workspaceId, id, decide, this.deps.now);
    if (result.after && result.after.outbox.length > 0) this.deps.notifyOutbox();
    return result;
  }

  /** OpenAPI `updateInvoiceStatus` with the move table of docs/architecture.md#status-moves. */
  async updateStatus(workspaceId: string, id: string, to: string) {
    if (!isInvoiceStatus(to))
      throw AppError.validation([{ path: 'body.status', message: 'must be one of: unpaid, paid, overdue, cancelled' }]);
    const { before, after } = await this.applyChange(workspaceId, id, this.statusMove(to));
    return { doc: after ?? before, changed: after !== null, previousStatus: before.invoice_status };
  }

  /**
   * What a change that alters what the invoice's PDF prints (its status, its credit notes, its
   * payments: docs/money-trail.md "Documents") adds to its patch: the PDF is processing until the
   * pdf service's asynchronous re-render of this version lands (it re-renders on
   * invoice.status_changed, credit_note.created and invoice.payment_recorded), a re-render of an
   * older version is ignored when it lands later, and the file a re-render may leave behind is
   * swept (docs/architecture.md#pdf).
   */
  pdfRerenderPatch(doc: InvoiceDoc, now: Date): Partial<InvoiceDoc> {
    return {
      pdf_status: 'processing',
      pdf_wanted_sequence: doc.version + 1,
      pdf_sweep_at: fileSweepAt(now, this.deps.holdAgeMs),
    };
  }

  /**
   * The move to `to` on the invoice as it is; `onlyFrom` limits it (the overdue sweep moves only
   * unpaid); `paidAt` is the payment time when the provider reported one (default now).
   */
  statusMove(to: InvoiceStatus, onlyFrom?: InvoiceStatus, paidAt?: Date) {
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
          ...this.pdfRerenderPatch(doc, now),
        },
        events: (next: InvoiceDoc) => {
          const publicType = publicEventFor(to);
          const extra = { previous_status: from };
          return [
            ...(publicType ? [lifecycleEvent(publicType, next, this.deps.baseUrl, extra)] : []),
            lifecycleEvent('invoice.status_changed', next, this.deps.baseUrl, extra),
          ];
        },
      };
    };
  }

  /**
   * An online payment (docs/contracts.md §4.4), idempotent by (gateway, provider payment id): one
   * compare-and-set records the payment in the invoice's `payments` and `amount_received` and,
   * for an unpaid or overdue invoice, applies it to amount_due (docs/money-trail.md "Partial
   * payments", with invoice.payment_recorded): when it covers the due, it makes exactly the move
   * a PUT status paid makes (paid_at, invoice.paid with previous_status, invoice.status_changed
   * for the PDF re-render), the excess received but not applied; less is a partial payment with
   * no move. A repeated or concurrent notification finds its payment already there and changes
   * nothing. A paid or cancelled invoice only records the money. Another currency, or an amount
   * finer than its minor unit, is refused and changes nothing. A test payment on a live invoice (docs/payments.md
   * "Test mode") is only listed in its `test_payments`, at most maxTestPayments of them: it moves
   * nothing, counts in no amount and writes no event, so a free sandbox payment never makes a live
   * invoice paid. On a test invoice a test payment is a payment like any other.
   */
  async markPaidByPayment(req: PaymentInput) {
    const payment = readPayment(req);
    const move = this.statusMove('paid', undefined, payment.paidAt);
    let testPaymentOnly = false;
    const decide = (doc: InvoiceDoc, now: Date): InvoiceDecision | null => {
      const payments = doc.payments ?? [];
      const testPayments = doc.test_payments ?? [];
      const same = (p: { gateway?: string; provider_payment_id?: string }) =>
        p.gateway === payment.gateway && p.provider_payment_id === payment.providerPaymentId;
      testPaymentOnly = payment.test && doc.test_mode !== true;
      if (payments.some(same) || testPayments.some(same)) return null;
      const application = assertPaysInvoice(doc, payment);
      if (testPaymentOnly) {
        if (testPayments.length >= maxTestPayments) return null;
        const listed: TestPaymentRecord = {
          gateway: payment.gateway,
          provider_payment_id: payment.providerPaymentId,
          amount: addAmounts(doc.currency, '0', payment.amount),
          currency: doc.currency,
          paid_at: payment.paidAt ?? now,
          recorded_at: now,
        };
        return { patch: { test_payments: [...testPayments, listed] }, events: () => [] };
      }
      const entry: PaymentRecord = {
        id: newId('pay'),
        method: 'online',
        gateway: payment.gateway,
        provider_payment_id: payment.providerPaymentId,
        amount: addAmounts(doc.currency, '0', payment.amount),
        currency: doc.currency,
        paid_at: payment.paidAt ?? now,
        recorded_at: now,
        invoice_status: doc.invoice_status,
        applies: application.applies,
        ...(application.amountApplied !== undefined ? { amount_applied: application.amountApplied } : {}),
        source: 'online',
      };
      const recorded: Partial<InvoiceDoc> = {
        payments: [...payments, entry],
        amount_received: addAmounts(doc.currency, doc.amount_received ?? '0', payment.amount),
      };
      // Money that counts is a payment recorded on the invoice (docs/money-trail.md "Events");
      // money received on a paid or cancelled one only shows in amount_received, as before.
      const paymentEvents = (next: InvoiceDoc) =>
        application.applies ? [paymentRecordedEvent(next, encodePayment(entry, next), this.deps.baseUrl)] : [];
      if (!application.closes) {
        // A partial payment changes what the PDF lists (docs/money-trail.md "Documents").
        const rerender = application.applies ? this.pdfRerenderPatch(doc, now) : {};
        return { patch: { ...rerender, ...recorded }, events: paymentEvents };
      }
      const paid = move(doc, now)!;
      return {
        patch: { ...paid.patch, ...recorded },
        events: (next: InvoiceDoc) => [...paymentEvents(next), ...paid.events(next)],
      };
    };
    const fields = {
      invoice_id: req.invoice_id,
      workspace_id: req.workspace_id,
      payment_gateway: payment.gateway,
      provider_payment_id: payment.providerPaymentId,
    };
    let changed: { before: InvoiceDoc; after: InvoiceDoc | null };
    try {
      changed = await this.applyChange(req.workspace_id, req.invoice_id, decide);
    } catch (err) {
      if (AppError.isKind(err, 'application'))
        this.deps.log.warn({ ...fields, amount: payment.amount, currency: payment.currency }, 'online payment refused');
      throw err;
    }
    const { before, after } = changed;
    const doc = after ?? before;
    const statusChanged = doc.invoice_status !== before.invoice_status;
    const outcome = { ...fields, invoice_status: doc.invoice_status, status_changed: statusChanged };
    if (testPaymentOnly) {
      this.deps.log.warn(
        { ...fields, listed: after !== null },
        'test payment on a live invoice; the invoice is unchanged',
      );
      return {
        doc,
        paymentRecorded: after !== null,
        statusChanged: false,
        previousStatus: before.invoice_status,
        testPaymentOnly,
      };
    }
    if (!after) this.deps.log.info(outcome, 'online payment already recorded');
    else if (doc.invoice_status === 'cancelled')
      this.deps.log.warn(outcome, 'online payment recorded for a cancelled invoice; it stays cancelled');
    else this.deps.log.info(outcome, 'online payment recorded');
    return {
      doc,
      paymentRecorded: after !== null,
      statusChanged,
      previousStatus: before.invoice_status,
      testPaymentOnly: false,
    };
  }

  /** OpenAPI `archiveInvoice`: no public event; the internal invoice.archived when the value changes. */
  async setArchived(workspaceId: string, id: string, archived: boolean) {
    const { before, after } = await this.applyChange(workspaceId, id, (doc, now) => {
      if (doc.is_archived === archived) return null;
      return {
        patch: { is_archived: archived, archived_at: archived ? now : null },
        events: (next: InvoiceDoc) => [lifecycleEvent('invoice.archived', next, this.deps.baseUrl)],
      };
    });
    return { doc: after ?? before, changed: after !== null };
  }

  /**
   * OpenAPI `getInvoicePdf`: renders now when forced, when no file exists or when the last render
   * failed, with pdf_status processing → ready | failed (docs/architecture.md#pdf). A status change
   * that commits while the file prints would leave it showing the old status, so the render is
   * repeated on the new one; so is a render stored before the invoice's floor (a sweep may have
   * deleted it).
   */
  async ensurePdf(workspaceId: string, id: string, force: boolean) {
    let doc: InvoiceDoc = await this.deps.invoices.get(workspaceId, id);
    if (!force && doc.pdf_file_id && doc.pdf_status !== 'failed') {
      return {
        url: pdfUrl(this.deps.baseUrl, id),
        generated: false,
        pdf_status: doc.pdf_status,
        file_id: doc.pdf_file_id,
      };
    }
    const ws = await this.deps.workspaces.get(workspaceId);
    doc = await this.setPdfStatus(workspaceId, id, 'processing');
    for (let attempt = 0; attempt < 3; attempt++) {
      let file: FileInfo;
      try {
        file = await this.deps.pdfFiles.render(await this.deps.renderRequests.forInvoice(doc, ws));
      } catch (err) {
        await this.setPdfStatus(workspaceId, id, 'failed').catch((e: unknown) =>
          this.deps.log.warn({ err: e, invoice_id: id }, 'recording the failed render failed'),
        );
        if (AppError.isKind(err, 'application')) {
          const named = /^The PDF could not be generated: /.test(err.message) ? err.message : '';
          throw new AppError('application', named || 'The PDF could not be generated; retry shortly.');
        }
        throw err;
      }
      const printed = doc.invoice_status;
      const { before, after } = await this.applyChange(workspaceId, id, (current) => {
        if (current.invoice_status !== printed || belowPdfFloor(file.created_at, current.pdf_floor)) return null;
        return {
          patch: { pdf_file_id: file.file_id, pdf_status: 'ready', pdf_wanted_sequence: current.version + 1 },
          events: (next: InvoiceDoc) => [lifecycleEvent('invoice.pdf_updated', next, this.deps.baseUrl)],
        };
      });
      if (!after) {
        this.deps.pdfFiles.deleteFile(workspaceId, file.file_id).catch(() => undefined);
        doc = before;
        continue;
      }
      if (supersededFile(before, file.file_id)) {
        this.deps.pdfFiles.deleteFile(workspaceId, before.pdf_file_id!).catch(() => undefined);
      }
      return {
        url: pdfUrl(this.deps.baseUrl, id),
        generated: true,
        pdf_status: after.pdf_status,
        file_id: file.file_id,
      };
    }
    throw new AppError('conflict', 'The invoice is being changed concurrently. Retry shortly.');
  }

  /**
   * Records a synchronous render starting (processing) or failing (failed); a failure is not
   * recorded over a file stored meanwhile by a newer render. Returns the invoice as it now is.
   */
  private async setPdfStatus(workspaceId: string, id: string, to: 'processing' | 'failed'): Promise<InvoiceDoc> {
    const { before, after } = await this.applyChange(workspaceId, id, (current, now) => {
      if (to === 'processing') {
        // The render starting may leave a file behind (docs/architecture.md#pdf): its sweep is set
        // past it, on an invoice already processing too.
        return { patch: { pdf_status: to, pdf_sweep_at: fileSweepAt(now, this.deps.holdAgeMs) }, events: () => [] };
      }
      if (current.pdf_status !== 'processing') return null;
      return {
        patch: { pdf_status: to },
        events: (next: InvoiceDoc) =>
          to === 'failed' ? [lifecycleEvent('invoice.pdf_updated', next, this.deps.baseUrl)] : [],
      };
    });
    return after ?? before;
  }

  /**
   * The pdf service reports an asynchronous re-render; results older than the wanted state, and
   * files stored before the invoice's floor (a sweep may have deleted them), are ignored.
   */
  async recordPdfResult(workspaceId: string, id: string, sequence: number, file: FileInfo | undefined) {
    const { before, after } = await this.applyChange(workspaceId, id, (doc) => {
      if (sequence < doc.pdf_wanted_sequence || (file && belowPdfFloor(file.created_at, doc.pdf_floor))) return null;
      return {
        patch: file ? { pdf_file_id: file.file_id, pdf_status: 'ready' } : { pdf_status: 'failed' },
        events: (next: InvoiceDoc) => [lifecycleEvent('invoice.pdf_updated', next, this.deps.baseUrl)],
      };
    });
    if (!after) return { applied: false, pdf_status: before.pdf_status };
    if (file && supersededFile(before, file.file_id)) {
      this.deps.pdfFiles.deleteFile(workspaceId, before.pdf_file_id!).catch(() => undefined);
    }
    return { applied: true, pdf_status: after.pdf_status };
  }
}

/**
 * Whether the file `before` pointed to may be deleted now that `newFileId` replaced it: not when it
 * is a copy kept as issued (docs/money-trail.md), which the pdf service would refuse anyway once
 * it is marked kept, and which is not marked yet just after its issue.
 */
function supersededFile(before: InvoiceDoc, newFileId: string): boolean {
  return (
    Boolean(before.pdf_file_id) && before.pdf_file_id !== newFileId && !keptFileIds(before).has(before.pdf_file_id!)
  );
}
