import type { GenerateInvoiceRequest } from '@invoice-platform/protos/invoiceplatform/invoice/v1/GenerateInvoiceRequest';
import type { Invoice__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/Invoice';
import { followUpDueDate } from './occurrences.ts';
import type { OccurrenceDoc, SeriesDoc } from './records.ts';
import { contentOfFirstInvoice } from './series-content.ts';

/**
 * The follow-up's GenerateInvoice for the occurrence's date, keeping the first invoice's
 * issue-to-due offset; idempotent by series occurrence in the invoice service. Its content is the
 * series' own once an operator edited it (domain/series-content.ts), else the first invoice's
 * (`source`); what cannot be edited (tax id, payment notes, footer, template, payment gateway and
 * account, the e-invoice format and the buyer's e-invoice data) always comes from the first invoice.
 */
export function followUpRequest(
  series: SeriesDoc,
  occ: OccurrenceDoc,
  source: Invoice__Output,
): GenerateInvoiceRequest {
  const content = series.content ?? contentOfFirstInvoice(series, source);
  return {
    workspace_id: series.workspace_id,
    source: 'recurring',
    series_id: series._id,
    occurrence_date: occ.local_date,
    issue_date: new Date(occ.date).toISOString(),
    customer_name: content.customer_name,
    customer_email: content.customer_email,
    customer_tax_id: source.customer_tax_id,
    items: content.items,
    currency: content.currency,
    tax_rate: content.tax_rate,
    discount_total: content.discount_total,
    due_date: followUpDueDate(series, occ.local_date),
    notes: content.notes ?? undefined,
    custom_payment_notes: source.custom_payment_notes,
    footer_text: source.footer_text,
    document_language: content.document_language,
    template: source.requested_template,
    is_recurring: true,
    recurring_interval: series.frequency,
    payment_gateway: source.payment_gateway,
    payment_account: source.payment_account,
    // The e-invoice of the series (docs/e-invoicing.md): its format and the buyer's data.
    customer_address: source.customer_address,
    customer_electronic_address: source.customer_electronic_address,
    buyer_reference: source.buyer_reference,
    purchase_order_reference: source.purchase_order_reference,
    tax_category: source.tax_category,
    tax_exemption_reason: source.tax_exemption_reason,
    e_invoice: source.e_invoice,
  };
}
