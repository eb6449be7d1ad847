// Original file: protos/invoiceplatform/invoice/v1/invoice.proto

import type { Payment as _invoiceplatform_invoice_v1_Payment, Payment__Output as _invoiceplatform_invoice_v1_Payment__Output } from '../../../invoiceplatform/invoice/v1/Payment.ts';
import type { Invoice as _invoiceplatform_invoice_v1_Invoice, Invoice__Output as _invoiceplatform_invoice_v1_Invoice__Output } from '../../../invoiceplatform/invoice/v1/Invoice.ts';

export interface RecordPaymentResponse {
  'payment'?: (_invoiceplatform_invoice_v1_Payment | null);
  'replayed'?: (boolean);
  'invoice'?: (_invoiceplatform_invoice_v1_Invoice | null);
  'status_changed'?: (boolean);
}

export interface RecordPaymentResponse__Output {
  'payment': (_invoiceplatform_invoice_v1_Payment__Output | null);
  'replayed': (boolean);
  'invoice': (_invoiceplatform_invoice_v1_Invoice__Output | null);
  'status_changed': (boolean);
}
