import { generateItem } from '@invoice-platform/common/contracts/items';
import type { GenerateInvoiceRequest } from '@invoice-platform/protos/invoiceplatform/invoice/v1/GenerateInvoiceRequest';
import type { Invoice__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/Invoice';
import { followUpDueDate } from './occurrences.ts';
import type { OccurrenceDoc, SeriesDoc } from './records.ts';

/**
 * The follow-up's GenerateInvoice: the first invoice's content (`source`) for the occurrence's
 * date, keeping its issue-to-due offset; idempotent by series occurrence in the invoice service.
 */
export function followUpRequest(
  series: SeriesDoc,
  occ: OccurrenceDoc,
  source: Invoice__Output,
): GenerateInvoiceRequest {
  const items = source.items.map(generateItem);
  return {
    workspace_id: series.workspace_id,
    source: 'recurring',
    series_id: series._id,
    occurrence_date: occ.local_date,
    issue_date: new Date(occ.date).toISOString(),
    customer_name: source.customer_name,
    customer_email: series.customer_email,
    customer_tax_id: source.customer_tax_id,
    items,
    currency: source.currency,
    tax_rate: source.tax_rate,
    discount_total: source.discount_total,
    due_date: followUpDueDate(series, occ.local_date),
    notes: source.notes,
    custom_payment_notes: source.custom_payment_notes,
    footer_text: source.footer_text,
    document_language: source.document_language,
    template: source.requested_template,
    is_recurring: true,
    recurring_interval: series.frequency,
    payment_gateway: source.payment_gateway,
    payment_account: source.payment_account,
  };
}
