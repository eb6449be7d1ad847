import { iso, opt } from '@invoice-platform/common/contracts/wire';
import type { Invoice } from '@invoice-platform/protos/invoiceplatform/invoice/v1/Invoice';
import type { InvoiceDoc } from './invoice.ts';

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
    amount_paid: doc.invoice_status === 'paid' ? doc.amount : '0',
    amount_credited: '0',
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
  };
}
