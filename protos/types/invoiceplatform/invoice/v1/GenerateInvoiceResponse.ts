// Original file: protos/invoiceplatform/invoice/v1/invoice.proto

import type { RecurringInfo as _invoiceplatform_invoice_v1_RecurringInfo, RecurringInfo__Output as _invoiceplatform_invoice_v1_RecurringInfo__Output } from '../../../invoiceplatform/invoice/v1/RecurringInfo.ts';
import type { TemplateInfo as _invoiceplatform_invoice_v1_TemplateInfo, TemplateInfo__Output as _invoiceplatform_invoice_v1_TemplateInfo__Output } from '../../../invoiceplatform/invoice/v1/TemplateInfo.ts';
import type { Invoice as _invoiceplatform_invoice_v1_Invoice, Invoice__Output as _invoiceplatform_invoice_v1_Invoice__Output } from '../../../invoiceplatform/invoice/v1/Invoice.ts';

export interface GenerateInvoiceResponse {
  'id'?: (string);
  'invoice_number'?: (string);
  'pdf_url'?: (string);
  'credits_remaining'?: (number);
  'is_recurring'?: (boolean);
  'recurring'?: (_invoiceplatform_invoice_v1_RecurringInfo | null);
  'template'?: (_invoiceplatform_invoice_v1_TemplateInfo | null);
  'invoice'?: (_invoiceplatform_invoice_v1_Invoice | null);
  'replayed'?: (boolean);
  'test_mode'?: (boolean);
  '_credits_remaining'?: "credits_remaining";
  '_test_mode'?: "test_mode";
}

export interface GenerateInvoiceResponse__Output {
  'id': (string);
  'invoice_number': (string);
  'pdf_url': (string);
  'credits_remaining'?: (number);
  'is_recurring': (boolean);
  'recurring': (_invoiceplatform_invoice_v1_RecurringInfo__Output | null);
  'template': (_invoiceplatform_invoice_v1_TemplateInfo__Output | null);
  'invoice': (_invoiceplatform_invoice_v1_Invoice__Output | null);
  'replayed': (boolean);
  'test_mode'?: (boolean);
  '_credits_remaining'?: "credits_remaining";
  '_test_mode'?: "test_mode";
}
