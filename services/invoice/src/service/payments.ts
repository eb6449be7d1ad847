import { AppError } from '@invoice-platform/common/errors';
import { newId } from '@invoice-platform/common/ids';
import type { Logger } from '@invoice-platform/common/logger';
import { idempotencyScope } from '../domain/generate-request.ts';
import type { InvoiceDoc, PaymentRecord } from '../domain/invoice.ts';
import { encodePayment } from '../domain/invoice-message.ts';
import { paymentRecordedEvent } from '../domain/lifecycle-events.ts';
import { assertRecordable, readRecordedPayment, type RecordPaymentInput } from '../domain/payment.ts';
import type { InvoiceDecision, InvoiceStore } from '../store/invoices.ts';
import type { InvoiceChanges } from './changes.ts';

export interface PaymentsDeps {
  invoices: InvoiceStore;
  changes: InvoiceChanges;
  baseUrl: string;
  log: Logger;
}

/** RecordPaymentRequest as the handler passes it. */
export interface RecordPaymentRequest extends RecordPaymentInput {
  workspace_id: string;
  invoice_id: string;
  source?: string;
  idempotency_key?: string;
  request_fingerprint?: string;
}

export interface RecordedPaymentResult {
  payment: PaymentRecord;
  /** The invoice after the payment (now, on a replay). */
  doc: InvoiceDoc;
  replayed: boolean;
  statusChanged: boolean;
}

/** A key is replayed this long after its payment was recorded (docs/architecture.md#idempotency). */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

const sources = new Set(['api', 'dashboard']);

/**
 * Payments received outside the platform (docs/money-trail.md "Partial payments"): RecordPayment
 * appends one to the invoice's `payments` through the invoice's change loop, in one
 * compare-and-set with the move to paid when it brings amount_due to 0 and with its events, so
 * concurrent payments never pass the amount and a closing payment moves the invoice once.
 */
export class Payments {
  private readonly deps: PaymentsDeps;

  constructor(deps: PaymentsDeps) {
    this.deps = deps;
  }

  async record(req: RecordPaymentRequest): Promise<RecordedPaymentResult> {
    const source = req.source || 'api';
    if (!sources.has(source))
      throw AppError.validation([{ path: 'source', message: 'must be one of: api, dashboard' }]);
    // Keys are the invoice's: the same key on another invoice is another request (the gateway's
    // replay store keys by path as well).
    const scope = req.idempotency_key ? idempotencyScope(source, req.idempotency_key) : null;
    const fingerprint = req.request_fingerprint || null;
    let replay: PaymentRecord | null = null;
    let entry: PaymentRecord | null = null;
    const decide = (doc: InvoiceDoc, now: Date): InvoiceDecision | null => {
      replay = null;
      entry = null;
      const earlier = scope
        ? (doc.payments ?? []).findLast(
            (p) =>
              p.idempotency_scope === scope &&
              now.getTime() - new Date(p.recorded_at).getTime() <= IDEMPOTENCY_WINDOW_MS,
          )
        : undefined;
      if (earlier) {
        if (fingerprint && earlier.request_fingerprint && earlier.request_fingerprint !== fingerprint)
          throw new AppError('unprocessable', 'This Idempotency-Key was already used with a different request body.');
        replay = earlier;
        return null;
      }
      const payment = readRecordedPayment(req, doc.currency, now);
      const { closes } = assertRecordable(doc, payment);
      const paidAt = payment.paidAt ?? now;
      const made: PaymentRecord = {
        id: newId('pay'),
        method: payment.method,
        amount: payment.amount,
        currency: doc.currency,
        paid_at: paidAt,
        recorded_at: now,
        invoice_status: doc.invoice_status,
        applies: true,
        reference: payment.reference,
        source,
        idempotency_scope: scope,
        request_fingerprint: scope ? fingerprint : null,
      };
      entry = made;
      const recorded = (next: InvoiceDoc) => [paymentRecordedEvent(next, encodePayment(made, next), this.deps.baseUrl)];
      const patch: Partial<InvoiceDoc> = { payments: [...(doc.payments ?? []), made] };
      // A partial payment changes what the PDF lists (docs/money-trail.md "Documents"): re-rendered.
      if (!closes) return { patch: { ...this.deps.changes.pdfRerenderPatch(doc, now), ...patch }, events: recorded };
      // The closing payment makes exactly the move a PUT status paid makes, at the payment's time.
      const paid = this.deps.changes.statusMove('paid', undefined, paidAt)(doc, now)!;
      return {
        patch: { ...paid.patch, ...patch },
        events: (next) => [...recorded(next), ...paid.events(next)],
      };
    };
    const fields = { invoice_id: req.invoice_id, workspace_id: req.workspace_id };
    const { before, after } = await this.deps.changes.applyChange(req.workspace_id, req.invoice_id, decide);
    const doc = after ?? before;
    const recorded = (replay ?? entry) as PaymentRecord | null;
    if (!recorded) throw new AppError('internal', 'The payment was neither recorded nor replayed.');
    const statusChanged = after !== null && doc.invoice_status !== before.invoice_status;
    this.deps.log.info(
      { ...fields, payment_id: recorded.id, replayed: after === null, status_changed: statusChanged },
      after ? 'payment recorded' : 'payment replayed',
    );
    return { payment: recorded, doc, replayed: after === null, statusChanged };
  }

  /** ListPayments: every payment of the invoice, recorded and online, in the order they were recorded. */
  async list(workspaceId: string, invoiceId: string): Promise<{ doc: InvoiceDoc; payments: PaymentRecord[] }> {
    const doc = await this.deps.invoices.get(workspaceId, invoiceId);
    return { doc, payments: doc.payments ?? [] };
  }
}
