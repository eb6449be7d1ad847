// Original file: protos/invoiceplatform/recurring/v1/recurring.proto

import type { GeneratedInvoice as _invoiceplatform_recurring_v1_GeneratedInvoice, GeneratedInvoice__Output as _invoiceplatform_recurring_v1_GeneratedInvoice__Output } from '../../../invoiceplatform/recurring/v1/GeneratedInvoice.ts';

export interface DeleteSeriesResponse {
  'series_id'?: (string);
  'deleted_at'?: (string);
  'invoices'?: (_invoiceplatform_recurring_v1_GeneratedInvoice)[];
}

export interface DeleteSeriesResponse__Output {
  'series_id': (string);
  'deleted_at': (string);
  'invoices': (_invoiceplatform_recurring_v1_GeneratedInvoice__Output)[];
}
