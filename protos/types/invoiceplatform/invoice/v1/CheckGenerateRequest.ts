// Original file: protos/invoiceplatform/invoice/v1/invoice.proto

import type { GenerateInvoiceRequest as _invoiceplatform_invoice_v1_GenerateInvoiceRequest, GenerateInvoiceRequest__Output as _invoiceplatform_invoice_v1_GenerateInvoiceRequest__Output } from '../../../invoiceplatform/invoice/v1/GenerateInvoiceRequest.ts';
import type { LegalProfile as _invoiceplatform_accounts_v1_LegalProfile, LegalProfile__Output as _invoiceplatform_accounts_v1_LegalProfile__Output } from '../../../invoiceplatform/accounts/v1/LegalProfile.ts';

export interface CheckGenerateRequest {
  'request'?: (_invoiceplatform_invoice_v1_GenerateInvoiceRequest | null);
  'replace_legal_profile'?: (boolean);
  'legal_profile'?: (_invoiceplatform_accounts_v1_LegalProfile | null);
}

export interface CheckGenerateRequest__Output {
  'request': (_invoiceplatform_invoice_v1_GenerateInvoiceRequest__Output | null);
  'replace_legal_profile': (boolean);
  'legal_profile': (_invoiceplatform_accounts_v1_LegalProfile__Output | null);
}
