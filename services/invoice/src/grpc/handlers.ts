import { AppError } from '@invoice-platform/common/errors';
import { readGenerateRequest } from '@invoice-platform/common/contracts/generate';
import { generateItem } from '@invoice-platform/common/contracts/items';
import { iso, opt } from '@invoice-platform/common/contracts/wire';
import type { TypedHandlers } from '@invoice-platform/common/grpc/server';
import type { InvoiceServiceDefinition } from '@invoice-platform/protos/invoiceplatform/invoice/v1/InvoiceService';
import type { RecurringInfo } from '@invoice-platform/protos/invoiceplatform/invoice/v1/RecurringInfo';
import type { CreditBalance } from '../domain/credits.ts';
import type { InvoiceDoc, RecurringBlock } from '../domain/invoice.ts';
import { encodeArchivedCopy, encodeCreditNote, encodeInvoice, encodePayment } from '../domain/invoice-message.ts';
import type { AsIssuedArchive } from '../service/archive.ts';
import type { InvoiceChanges } from '../service/changes.ts';
import type { CreditNotes } from '../service/credit-notes.ts';
import type { Credits } from '../service/credits.ts';
import type { GenerateInvoice } from '../service/generate.ts';
import type { OverdueSweep } from '../service/overdue.ts';
import type { Payments } from '../service/payments.ts';
import type { InvoiceReads } from '../service/reads.ts';

/** The use cases the RPCs call, by name (app.ts builds them). */
export interface HandlerDeps {
  generate: GenerateInvoice;
  reads: InvoiceReads;
  changes: InvoiceChanges;
  payments: Payments;
  creditNotes: CreditNotes;
  credits: Credits;
  archive: AsIssuedArchive;
  overdue: OverdueSweep;
  baseUrl: string;
  now: () => Date;
}

function encodeSummary(doc: InvoiceDoc) {
  return {
    id: doc._id,
    invoice_number: doc.invoice_number,
    customer_name: doc.customer_name,
    customer_email: opt(doc.customer_email),
    currency: doc.currency,
    amount: doc.amount,
    invoice_status: doc.invoice_status,
    is_recurring: doc.is_recurring,
    due_date: doc.due_date,
    paid_at: iso(doc.paid_at),
    created_at: iso(doc.created_at),
    is_archived: doc.is_archived,
    series_id: opt(doc.series_id),
    source: doc.source,
    test_mode: doc.test_mode === true ? true : undefined,
  };
}

function encodeBalance(workspaceId: string, b: CreditBalance) {
  return {
    workspace_id: workspaceId,
    unlimited: b.unlimited,
    credits_remaining: b.remaining ?? undefined,
    credits_used: b.used,
    updated_at: iso(b.updatedAt) ?? '',
  };
}

/** The stored block keeps the public JSON's nulls; the message leaves those fields unset, as the encoder did with null. */
function recurringInfo(r: RecurringBlock): RecurringInfo {
  return { ...r, next_issue_date: opt(r.next_issue_date), end_date: opt(r.end_date) };
}

export function invoiceHandlers(deps: HandlerDeps): TypedHandlers<InvoiceServiceDefinition> {
  const { generate, reads, changes, payments, creditNotes, credits, archive, overdue, baseUrl } = deps;
  return {
    async GenerateInvoice(req, call) {
      const result = await generate.generate(readGenerateRequest(req), call.deadline);
      return {
        id: result.id,
        invoice_number: result.invoice_number,
        pdf_url: result.pdf_url,
        credits_remaining: result.credits_remaining ?? undefined,
        is_recurring: result.is_recurring,
        recurring: result.recurring ? recurringInfo(result.recurring) : null,
        template: result.template ?? null,
        replayed: result.replayed,
        test_mode: result.test_mode === true ? true : undefined,
      };
    },

    async CheckGenerate(req) {
      // Set by the platform's own callers (the recurring service): an absent request is a caller's bug.
      if (!req.request) throw new AppError('internal', 'CheckGenerate needs the generate request to check.');
      await generate.check(
        readGenerateRequest(req.request),
        req.replace_legal_profile ? (req.legal_profile ?? null) : undefined,
      );
      return {};
    },

    async ListInvoices(req) {
      const { items, total } = await reads.list(req.workspace_id, {
        status: req.status,
        archived: req.archived,
        page: req.page,
        pageSize: req.page_size,
      });
      return { invoices: items.map(encodeSummary), total };
    },

    async GetInvoice(req) {
      return encodeInvoice(await reads.get(req.workspace_id, req.invoice_id), baseUrl);
    },

    async GetEInvoice(req) {
      return reads.eInvoice(req.workspace_id, req.invoice_id);
    },

    async GetPublicEInvoice(req) {
      return reads.publicEInvoice(req.invoice_id);
    },

    async IssueCreditNote(req, call) {
      const issued = await creditNotes.issue(
        {
          workspace_id: req.workspace_id,
          invoice_id: req.invoice_id,
          source: req.source || 'api',
          idempotency_key: req.idempotency_key || undefined,
          request_fingerprint: req.request_fingerprint || undefined,
          reason: req.reason,
          items: req.items.map(generateItem),
        },
        call.deadline,
      );
      return {
        credit_note: encodeCreditNote(issued.note, issued.invoice, baseUrl),
        credits_remaining: issued.credits_remaining ?? undefined,
        replayed: issued.replayed,
        invoice: encodeInvoice(issued.invoice, baseUrl),
      };
    },

    async GetCreditNote(req) {
      const { note, invoice } = await creditNotes.get(req.workspace_id, req.credit_note_id);
      return encodeCreditNote(note, invoice, baseUrl);
    },

    async GetPublicCreditNote(req) {
      const { note, invoice } = await creditNotes.getPublic(req.credit_note_id);
      return encodeCreditNote(note, invoice, baseUrl);
    },

    async ListCreditNotes(req) {
      const { notes, invoice } = await creditNotes.list(req.workspace_id, req.invoice_id);
      return { credit_notes: notes.map((note) => encodeCreditNote(note, invoice, baseUrl)) };
    },

    async GetCreditNoteEInvoice(req) {
      return creditNotes.eInvoice(req.workspace_id, req.credit_note_id);
    },

    async GetPublicInvoice(req) {
      return encodeInvoice(await reads.getPublic(req.invoice_id), baseUrl);
    },

    async UpdateInvoiceStatus(req) {
      const { doc, changed, previousStatus } = await changes.updateStatus(req.workspace_id, req.invoice_id, req.status);
      return {
        id: doc._id,
        invoice_number: doc.invoice_number,
        invoice_status: doc.invoice_status,
        paid_at: iso(doc.paid_at),
        changed,
        previous_status: previousStatus,
      };
    },

    async MarkPaidByPayment(req) {
      const { doc, paymentRecorded, statusChanged, previousStatus, testPaymentOnly } = await changes.markPaidByPayment({
        workspace_id: req.workspace_id,
        invoice_id: req.invoice_id,
        payment_gateway: req.payment_gateway,
        provider_payment_id: req.provider_payment_id,
        amount: req.amount,
        currency: req.currency,
        paid_at: req.paid_at || undefined,
        test_payment: req.test_payment,
      });
      return {
        id: doc._id,
        invoice_number: doc.invoice_number,
        invoice_status: doc.invoice_status,
        paid_at: iso(doc.paid_at),
        payment_recorded: paymentRecorded,
        status_changed: statusChanged,
        previous_status: previousStatus,
        test_payment_only: testPaymentOnly,
      };
    },

    async RecordPayment(req) {
      const { payment, doc, replayed, statusChanged } = await payments.record({
        workspace_id: req.workspace_id,
        invoice_id: req.invoice_id,
        source: req.source,
        idempotency_key: req.idempotency_key || undefined,
        request_fingerprint: req.request_fingerprint || undefined,
        amount: req.amount,
        method: req.method || undefined,
        reference: req.reference || undefined,
        paid_at: req.paid_at || undefined,
      });
      return {
        payment: encodePayment(payment, doc),
        replayed,
        invoice: encodeInvoice(doc, baseUrl),
        status_changed: statusChanged,
      };
    },

    async ListPayments(req) {
      const listed = await payments.list(req.workspace_id, req.invoice_id);
      return { payments: listed.payments.map((p) => encodePayment(p, listed.doc)) };
    },

    async SetArchived(req) {
      const { doc, changed } = await changes.setArchived(req.workspace_id, req.invoice_id, req.is_archived);
      return {
        id: doc._id,
        invoice_number: doc.invoice_number,
        is_archived: doc.is_archived,
        archived_at: iso(doc.archived_at),
        changed,
      };
    },

    async GetInvoicePdf(req) {
      return changes.ensurePdf(req.workspace_id, req.invoice_id, req.force);
    },

    async GetRenderInput(req) {
      return reads.renderInput(req.workspace_id, req.invoice_id);
    },

    async RecordPdfResult(req) {
      return changes.recordPdfResult(req.workspace_id, req.invoice_id, req.invoice_sequence, req.file ?? undefined);
    },

    async SetCredits(req) {
      if (!req.unlimited && (req.credits === undefined || req.credits < 0)) {
        throw AppError.validation([{ path: 'credits', message: 'is required (>= 0) unless unlimited is true' }]);
      }
      return encodeBalance(req.workspace_id, await credits.set(req.workspace_id, req.unlimited ? null : req.credits!));
    },

    async AddCredits(req) {
      if (!Number.isInteger(req.amount) || req.amount === 0)
        throw AppError.validation([{ path: 'amount', message: 'must be a non-zero integer' }]);
      return encodeBalance(req.workspace_id, await credits.add(req.workspace_id, req.amount, req.operation_id));
    },

    async GetCredits(req) {
      return encodeBalance(req.workspace_id, await credits.balance(req.workspace_id));
    },

    async RunOverdueSweep(req) {
      const ids = await overdue.run(deps.now(), req.workspace_id);
      return { marked_overdue: ids.length, invoice_ids: ids };
    },

    async GetAsIssued(req) {
      const ref = await archive.get(req.workspace_id, req.document_id, req.kind);
      return encodeArchivedCopy(ref.copy)!;
    },

    async VerifyArchive(req) {
      return archive.verify(req.workspace_id, req.page_token, req.page_size);
    },
  };
}
