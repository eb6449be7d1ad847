// Original file: protos/invoiceplatform/invoice/v1/invoice.proto

import type { CreditNote as _invoiceplatform_invoice_v1_CreditNote, CreditNote__Output as _invoiceplatform_invoice_v1_CreditNote__Output } from '../../../invoiceplatform/invoice/v1/CreditNote.ts';
import type { Invoice as _invoiceplatform_invoice_v1_Invoice, Invoice__Output as _invoiceplatform_invoice_v1_Invoice__Output } from '../../../invoiceplatform/invoice/v1/Invoice.ts';

export interface IssueCreditNoteResponse {
  'credit_note'?: (_invoiceplatform_invoice_v1_CreditNote | null);
  'credits_remaining'?: (number);
  'replayed'?: (boolean);
  'invoice'?: (_invoiceplatform_invoice_v1_Invoice | null);
  '_credits_remaining'?: "credits_remaining";
}

export interface IssueCreditNoteResponse__Output {
  'credit_note': (_invoiceplatform_invoice_v1_CreditNote__Output | null);
  'credits_remaining'?: (number);
  'replayed': (boolean);
  'invoice': (_invoiceplatform_invoice_v1_Invoice__Output | null);
  '_credits_remaining'?: "credits_remaining";
}
