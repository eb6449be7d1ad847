// Original file: protos/invoiceplatform/invoice/v1/invoice.proto

import type { InvoiceSummary as _invoiceplatform_invoice_v1_InvoiceSummary, InvoiceSummary__Output as _invoiceplatform_invoice_v1_InvoiceSummary__Output } from '../../../invoiceplatform/invoice/v1/InvoiceSummary.ts';

export interface ListInvoicesResponse {
  'invoices'?: (_invoiceplatform_invoice_v1_InvoiceSummary)[];
  'total'?: (number);
}

export interface ListInvoicesResponse__Output {
  'invoices': (_invoiceplatform_invoice_v1_InvoiceSummary__Output)[];
  'total': (number);
}
