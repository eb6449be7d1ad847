import type { InvoiceDoc } from '../store/models.ts';

/** Decimal text → JSON number at the edge; the stored figure stays exact text. */
function num(value: string | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function iso(d: Date | null | undefined): string | null {
  return d ? new Date(d).toISOString() : null;
}

export function pdfUrl(baseUrl: string, invoiceId: string): string {
  return `${baseUrl.replace(/\/$/, '')}/p/invoice/${invoiceId}/pdf`;
}

/** OpenAPI `Invoice`, as get-invoice returns it and as data.object of webhook events. */
export function publicInvoice(doc: InvoiceDoc, baseUrl: string) {
  return {
    id: doc._id,
    invoice_number: doc.invoice_number,
    customer_name: doc.customer_name,
    customer_email: doc.customer_email,
    currency: doc.currency,
    subtotal: num(doc.subtotal),
    discount_total: num(doc.discount_total),
    tax_rate: num(doc.tax_rate),
    tax_amount: num(doc.tax_amount),
    amount: num(doc.amount),
    invoice_status: doc.invoice_status,
    is_archived: doc.is_archived,
    is_recurring: doc.is_recurring,
    recurring_interval: doc.recurring_interval,
    issue_date: iso(doc.issue_date)!,
    due_date: doc.due_date,
    paid_at: iso(doc.paid_at),
    pdf_url: doc.pdf_file_id ? pdfUrl(baseUrl, doc._id) : null,
    pdf_status: doc.pdf_status,
  };
}

/** The event object: the invoice plus the three figures only events carry (OpenAPI `Invoice`). */
export function eventInvoice(doc: InvoiceDoc, baseUrl: string) {
  return {
    ...publicInvoice(doc, baseUrl),
    amount_paid: doc.invoice_status === 'paid' ? Number(doc.amount) : 0,
    amount_credited: 0,
    amount_received: Number(doc.amount_received ?? '0'),
  };
}
