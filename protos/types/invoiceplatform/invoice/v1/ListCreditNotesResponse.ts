// Original file: protos/invoiceplatform/invoice/v1/invoice.proto

import type { CreditNote as _invoiceplatform_invoice_v1_CreditNote, CreditNote__Output as _invoiceplatform_invoice_v1_CreditNote__Output } from '../../../invoiceplatform/invoice/v1/CreditNote.ts';

export interface ListCreditNotesResponse {
  'credit_notes'?: (_invoiceplatform_invoice_v1_CreditNote)[];
}

export interface ListCreditNotesResponse__Output {
  'credit_notes': (_invoiceplatform_invoice_v1_CreditNote__Output)[];
}
