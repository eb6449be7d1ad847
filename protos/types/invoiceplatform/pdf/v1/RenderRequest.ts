// Original file: protos/invoiceplatform/pdf/v1/pdf.proto

import type { InvoiceDocument as _invoiceplatform_pdf_v1_InvoiceDocument, InvoiceDocument__Output as _invoiceplatform_pdf_v1_InvoiceDocument__Output } from '../../../invoiceplatform/pdf/v1/InvoiceDocument.ts';
import type { CreditNoteInfo as _invoiceplatform_pdf_v1_CreditNoteInfo, CreditNoteInfo__Output as _invoiceplatform_pdf_v1_CreditNoteInfo__Output } from '../../../invoiceplatform/pdf/v1/CreditNoteInfo.ts';

export interface RenderRequest {
  'workspace_id'?: (string);
  'invoice_id'?: (string);
  'document'?: (_invoiceplatform_pdf_v1_InvoiceDocument | null);
  'template_id'?: (string);
  'document_language'?: (string);
  'status_marking'?: (string);
  'invoice_sequence'?: (number);
  'factur_x_xml'?: (string);
  'credit_note'?: (_invoiceplatform_pdf_v1_CreditNoteInfo | null);
  '_template_id'?: "template_id";
  '_factur_x_xml'?: "factur_x_xml";
  '_credit_note'?: "credit_note";
}

export interface RenderRequest__Output {
  'workspace_id': (string);
  'invoice_id': (string);
  'document': (_invoiceplatform_pdf_v1_InvoiceDocument__Output | null);
  'template_id'?: (string);
  'document_language': (string);
  'status_marking': (string);
  'invoice_sequence': (number);
  'factur_x_xml'?: (string);
  'credit_note'?: (_invoiceplatform_pdf_v1_CreditNoteInfo__Output | null);
  '_template_id'?: "template_id";
  '_factur_x_xml'?: "factur_x_xml";
  '_credit_note'?: "credit_note";
}
