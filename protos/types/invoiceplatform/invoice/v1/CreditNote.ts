// Original file: protos/invoiceplatform/invoice/v1/invoice.proto

import type { InvoiceLine as _invoiceplatform_invoice_v1_InvoiceLine, InvoiceLine__Output as _invoiceplatform_invoice_v1_InvoiceLine__Output } from '../../../invoiceplatform/invoice/v1/InvoiceLine.ts';
import type { ArchivedCopy as _invoiceplatform_invoice_v1_ArchivedCopy, ArchivedCopy__Output as _invoiceplatform_invoice_v1_ArchivedCopy__Output } from '../../../invoiceplatform/invoice/v1/ArchivedCopy.ts';

export interface CreditNote {
  'id'?: (string);
  'credit_note_number'?: (string);
  'invoice_id'?: (string);
  'invoice_number'?: (string);
  'amount'?: (string);
  'currency'?: (string);
  'reason'?: (string);
  'items'?: (_invoiceplatform_invoice_v1_InvoiceLine)[];
  'pdf_url'?: (string);
  'created_at'?: (string);
  'workspace_id'?: (string);
  'subtotal'?: (string);
  'tax_amount'?: (string);
  'invoice_issue_date'?: (string);
  'pdf_file_id'?: (string);
  'e_invoice'?: (string);
  'document_language'?: (string);
  'as_issued_pdf'?: (_invoiceplatform_invoice_v1_ArchivedCopy | null);
  'as_issued_e_invoice'?: (_invoiceplatform_invoice_v1_ArchivedCopy | null);
  'retain_until'?: (string);
  'test_mode'?: (boolean);
  '_pdf_url'?: "pdf_url";
  '_pdf_file_id'?: "pdf_file_id";
  '_e_invoice'?: "e_invoice";
  '_as_issued_pdf'?: "as_issued_pdf";
  '_as_issued_e_invoice'?: "as_issued_e_invoice";
  '_retain_until'?: "retain_until";
  '_test_mode'?: "test_mode";
}

export interface CreditNote__Output {
  'id': (string);
  'credit_note_number': (string);
  'invoice_id': (string);
  'invoice_number': (string);
  'amount': (string);
  'currency': (string);
  'reason': (string);
  'items': (_invoiceplatform_invoice_v1_InvoiceLine__Output)[];
  'pdf_url'?: (string);
  'created_at': (string);
  'workspace_id': (string);
  'subtotal': (string);
  'tax_amount': (string);
  'invoice_issue_date': (string);
  'pdf_file_id'?: (string);
  'e_invoice'?: (string);
  'document_language': (string);
  'as_issued_pdf'?: (_invoiceplatform_invoice_v1_ArchivedCopy__Output | null);
  'as_issued_e_invoice'?: (_invoiceplatform_invoice_v1_ArchivedCopy__Output | null);
  'retain_until'?: (string);
  'test_mode'?: (boolean);
  '_pdf_url'?: "pdf_url";
  '_pdf_file_id'?: "pdf_file_id";
  '_e_invoice'?: "e_invoice";
  '_as_issued_pdf'?: "as_issued_pdf";
  '_as_issued_e_invoice'?: "as_issued_e_invoice";
  '_retain_until'?: "retain_until";
  '_test_mode'?: "test_mode";
}
