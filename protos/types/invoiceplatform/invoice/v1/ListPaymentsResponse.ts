// Original file: protos/invoiceplatform/invoice/v1/invoice.proto

import type { Payment as _invoiceplatform_invoice_v1_Payment, Payment__Output as _invoiceplatform_invoice_v1_Payment__Output } from '../../../invoiceplatform/invoice/v1/Payment.ts';

export interface ListPaymentsResponse {
  'payments'?: (_invoiceplatform_invoice_v1_Payment)[];
}

export interface ListPaymentsResponse__Output {
  'payments': (_invoiceplatform_invoice_v1_Payment__Output)[];
}
