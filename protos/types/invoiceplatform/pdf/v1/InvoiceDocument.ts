// Original file: protos/invoiceplatform/pdf/v1/pdf.proto

import type { DocumentParty as _invoiceplatform_pdf_v1_DocumentParty, DocumentParty__Output as _invoiceplatform_pdf_v1_DocumentParty__Output } from '../../../invoiceplatform/pdf/v1/DocumentParty.ts';
import type { InvoiceLine as _invoiceplatform_invoice_v1_InvoiceLine, InvoiceLine__Output as _invoiceplatform_invoice_v1_InvoiceLine__Output } from '../../../invoiceplatform/invoice/v1/InvoiceLine.ts';
import type { DocumentPaymentAccount as _invoiceplatform_pdf_v1_DocumentPaymentAccount, DocumentPaymentAccount__Output as _invoiceplatform_pdf_v1_DocumentPaymentAccount__Output } from '../../../invoiceplatform/pdf/v1/DocumentPaymentAccount.ts';
import type { DocumentCreditNote as _invoiceplatform_pdf_v1_DocumentCreditNote, DocumentCreditNote__Output as _invoiceplatform_pdf_v1_DocumentCreditNote__Output } from '../../../invoiceplatform/pdf/v1/DocumentCreditNote.ts';
import type { DocumentPayment as _invoiceplatform_pdf_v1_DocumentPayment, DocumentPayment__Output as _invoiceplatform_pdf_v1_DocumentPayment__Output } from '../../../invoiceplatform/pdf/v1/DocumentPayment.ts';

export interface InvoiceDocument {
  'invoice_id'?: (string);
  'invoice_number'?: (string);
  'issue_date'?: (string);
  'due_date'?: (string);
  'paid_at'?: (string);
  'invoice_status'?: (string);
  'currency'?: (string);
  'seller'?: (_invoiceplatform_pdf_v1_DocumentParty | null);
  'customer'?: (_invoiceplatform_pdf_v1_DocumentParty | null);
  'items'?: (_invoiceplatform_invoice_v1_InvoiceLine)[];
  'subtotal'?: (string);
  'discount_total'?: (string);
  'tax_rate'?: (string);
  'tax_amount'?: (string);
  'amount'?: (string);
  'notes'?: (string);
  'custom_payment_notes'?: (string);
  'footer_text'?: (string);
  'payment_account'?: (_invoiceplatform_pdf_v1_DocumentPaymentAccount | null);
  'payment_gateway'?: (string);
  'payment_url'?: (string);
  'time_zone'?: (string);
  'is_recurring'?: (boolean);
  'recurring_interval'?: (string);
  'credit_notes'?: (_invoiceplatform_pdf_v1_DocumentCreditNote)[];
  'payments'?: (_invoiceplatform_pdf_v1_DocumentPayment)[];
  'amount_credited'?: (string);
  'amount_paid'?: (string);
  'amount_due'?: (string);
  '_paid_at'?: "paid_at";
  '_notes'?: "notes";
  '_custom_payment_notes'?: "custom_payment_notes";
  '_footer_text'?: "footer_text";
  '_payment_account'?: "payment_account";
  '_payment_gateway'?: "payment_gateway";
  '_payment_url'?: "payment_url";
}

export interface InvoiceDocument__Output {
  'invoice_id': (string);
  'invoice_number': (string);
  'issue_date': (string);
  'due_date': (string);
  'paid_at'?: (string);
  'invoice_status': (string);
  'currency': (string);
  'seller': (_invoiceplatform_pdf_v1_DocumentParty__Output | null);
  'customer': (_invoiceplatform_pdf_v1_DocumentParty__Output | null);
  'items': (_invoiceplatform_invoice_v1_InvoiceLine__Output)[];
  'subtotal': (string);
  'discount_total': (string);
  'tax_rate': (string);
  'tax_amount': (string);
  'amount': (string);
  'notes'?: (string);
  'custom_payment_notes'?: (string);
  'footer_text'?: (string);
  'payment_account'?: (_invoiceplatform_pdf_v1_DocumentPaymentAccount__Output | null);
  'payment_gateway'?: (string);
  'payment_url'?: (string);
  'time_zone': (string);
  'is_recurring': (boolean);
  'recurring_interval': (string);
  'credit_notes': (_invoiceplatform_pdf_v1_DocumentCreditNote__Output)[];
  'payments': (_invoiceplatform_pdf_v1_DocumentPayment__Output)[];
  'amount_credited': (string);
  'amount_paid': (string);
  'amount_due': (string);
  '_paid_at'?: "paid_at";
  '_notes'?: "notes";
  '_custom_payment_notes'?: "custom_payment_notes";
  '_footer_text'?: "footer_text";
  '_payment_account'?: "payment_account";
  '_payment_gateway'?: "payment_gateway";
  '_payment_url'?: "payment_url";
}
