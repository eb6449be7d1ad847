import { iso, opt } from '@invoice-platform/common/contracts/wire';
import type { Invoice } from '@invoice-platform/protos/invoiceplatform/invoice/v1/Invoice';
import type { Payment } from '@invoice-platform/protos/invoiceplatform/invoice/v1/Payment';
import type { ArchivedCopy } from '@invoice-platform/protos/invoiceplatform/invoice/v1/ArchivedCopy';
import { createHash } from 'node:crypto';
import { base62 } from '@invoice-platform/common/ids';
import { formatMinor, minorUnits } from '@invoice-platform/common/invoice-money';
import type { ArchivedCopyDoc } from './archive.ts';
import { balanceOf, paymentApplied } from './balance.ts';
import type { InvoiceDoc, PaymentRecord } from './invoice.ts';
import type { CreditNoteDoc } from './credit-note.ts';
import type { CreditNote } from '@invoice-platform/protos/invoiceplatform/invoice/v1/CreditNote';

/** The public address of an invoice's PDF (OpenAPI `pdf_url`). */
export function pdfUrl(baseUrl: string, invoiceId: string): string {
  return `${baseUrl.replace(/\/$/, '')}/p/invoice/${invoiceId}/pdf`;
}

/**
 * The whole stored invoice as the proto's Invoice (decimal strings stay strings): what GetInvoice
 * and GetPublicInvoice answer, and what the events' invoice object is made from.
 */
export function encodeInvoice(doc: InvoiceDoc, baseUrl: string): Invoice {
  return {
    id: doc._id,
    invoice_number: doc.invoice_number,
    customer_name: doc.customer_name,
    customer_email: opt(doc.customer_email),
    currency: doc.currency,
    subtotal: doc.subtotal,
    discount_total: doc.discount_total,
    tax_rate: doc.tax_rate,
    tax_amount: doc.tax_amount,
    amount: doc.amount,
    invoice_status: doc.invoice_status,
    is_archived: doc.is_archived,
    is_recurring: doc.is_recurring,
    recurring_interval: doc.recurring_interval,
    issue_date: iso(doc.issue_date),
    due_date: doc.due_date,
    paid_at: iso(doc.paid_at),
    pdf_url: doc.pdf_file_id ? pdfUrl(baseUrl, doc._id) : undefined,
    pdf_status: doc.pdf_status,
    amount_paid: balanceOf(doc).amount_paid,
    amount_credited: balanceOf(doc).amount_credited,
    amount_due: balanceOf(doc).amount_due,
    credit_notes: (doc.credit_notes ?? []).map((note) => encodeCreditNote(note, doc, baseUrl)),
    amount_received: doc.amount_received,
    archived_at: iso(doc.archived_at),
    created_at: iso(doc.created_at),
    updated_at: iso(doc.updated_at),
    workspace_id: doc.workspace_id,
    customer_tax_id: opt(doc.customer_tax_id),
    items: doc.items,
    notes: opt(doc.notes),
    custom_payment_notes: opt(doc.custom_payment_notes),
    footer_text: opt(doc.footer_text),
    document_language: doc.document_language,
    template: doc.template ?? undefined,
    requested_template: opt(doc.requested_template),
    payment_gateway: opt(doc.payment_gateway),
    payment_account: opt(doc.payment_account),
    source: doc.source,
    series_id: opt(doc.series_id),
    occurrence_date: opt(doc.occurrence_date),
    pdf_file_id: opt(doc.pdf_file_id),
    sequence: doc.version,
    // Stored before the e-invoice fields existed: absent, as when not given.
    customer_address: doc.customer_address ?? null,
    customer_electronic_address: doc.customer_electronic_address ?? null,
    buyer_reference: opt(doc.buyer_reference ?? null),
    purchase_order_reference: opt(doc.purchase_order_reference ?? null),
    tax_category: opt(doc.tax_category ?? null),
    tax_exemption_reason: opt(doc.tax_exemption_reason ?? null),
    e_invoice: opt(doc.e_invoice ?? null),
    // Only on a test invoice: a live invoice's public objects are as they were before test mode.
    test_mode: doc.test_mode === true ? true : undefined,
    test_payments: (doc.test_payments ?? []).map((p) => ({
      payment_gateway: p.gateway,
      provider_payment_id: p.provider_payment_id,
      amount: p.amount,
      currency: p.currency,
      paid_at: iso(p.paid_at) ?? '',
    })),
    payments: (doc.payments ?? []).map((p) => encodePayment(p, doc)),
    // The as-issued archive (domain/archive.ts): absent on invoices issued before it.
    as_issued_pdf: encodeArchivedCopy(doc.as_issued_pdf),
    as_issued_e_invoice: encodeArchivedCopy(doc.as_issued_e_invoice),
    retain_until: iso(doc.retain_until ?? null),
  };
}

/** The public address of a credit note's PDF (the note's id is the capability, as an invoice's). */
export function creditNotePdfUrl(baseUrl: string, creditNoteId: string): string {
  return `${baseUrl.replace(/\/$/, '')}/p/credit-note/${creditNoteId}/pdf`;
}

/**
 * A credit note as the proto's CreditNote (GetCreditNote, ListCreditNotes, the invoice's
 * `credit_notes`, data.object of credit_note.created): fields 1–10 are the public API's.
 */
export function encodeCreditNote(note: CreditNoteDoc, invoice: InvoiceDoc, baseUrl: string): CreditNote {
  return {
    id: note.id,
    credit_note_number: note.credit_note_number,
    invoice_id: invoice._id,
    invoice_number: invoice.invoice_number,
    amount: note.amount,
    currency: note.currency,
    reason: note.reason,
    items: note.items,
    pdf_url: note.pdf_file_id ? creditNotePdfUrl(baseUrl, note.id) : undefined,
    created_at: iso(note.created_at) ?? '',
    workspace_id: invoice.workspace_id,
    subtotal: note.subtotal,
    tax_amount: note.tax_amount,
    invoice_issue_date: iso(invoice.issue_date) ?? '',
    pdf_file_id: opt(note.pdf_file_id),
    e_invoice: opt(invoice.e_invoice ?? null),
    document_language: invoice.document_language,
    as_issued_pdf: encodeArchivedCopy(note.as_issued_pdf),
    as_issued_e_invoice: encodeArchivedCopy(note.as_issued_e_invoice),
    retain_until: iso(note.retain_until ?? null),
    test_mode: invoice.test_mode === true ? true : undefined,
  };
}

/** A copy kept as issued as the proto's ArchivedCopy (the invoice's and a credit note's fields, GetAsIssued). */
export function encodeArchivedCopy(copy: ArchivedCopyDoc | null | undefined): ArchivedCopy | undefined {
  if (!copy) return undefined;
  return {
    file_id: copy.file_id,
    sha256: copy.sha256,
    size_bytes: String(copy.size_bytes),
    content_type: copy.content_type,
    stored_at: iso(copy.stored_at) ?? '',
  };
}

/**
 * A payment as the proto's Payment (ListPayments, the invoice's `payments`, the event's
 * data.payment). amount_applied: what of it counts in amount_paid (balance.ts paymentApplied).
 */
export function encodePayment(p: PaymentRecord, invoice: Pick<InvoiceDoc, '_id' | 'currency'>): Payment {
  return {
    id: p.id ?? legacyPaymentId(invoice._id, p),
    invoice_id: invoice._id,
    amount: p.amount,
    currency: p.currency,
    method: p.method ?? 'online',
    reference: opt(p.reference ?? null),
    paid_at: iso(p.paid_at) ?? '',
    payment_gateway: opt(p.gateway ?? null),
    provider_payment_id: opt(p.provider_payment_id ?? null),
    recorded_at: iso(p.recorded_at) ?? '',
    amount_applied: formatMinor(paymentApplied(p, invoice.currency), minorUnits(invoice.currency)),
  };
}

/**
 * The id of an online payment recorded before payments had ids: derived from what identifies it
 * (its invoice, provider and provider payment id), so it reads the same every time.
 */
export function legacyPaymentId(invoiceId: string, p: Pick<PaymentRecord, 'gateway' | 'provider_payment_id'>): string {
  const digest = createHash('sha256').update(`${invoiceId}:${p.gateway ?? ''}:${p.provider_payment_id ?? ''}`);
  return `pay_${base62(digest.digest().subarray(0, 16))}`;
}
