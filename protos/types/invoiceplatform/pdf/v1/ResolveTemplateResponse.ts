// Original file: protos/invoiceplatform/pdf/v1/pdf.proto

import type { TemplateInfo as _invoiceplatform_invoice_v1_TemplateInfo, TemplateInfo__Output as _invoiceplatform_invoice_v1_TemplateInfo__Output } from '../../../invoiceplatform/invoice/v1/TemplateInfo.ts';

export interface ResolveTemplateResponse {
  'template'?: (_invoiceplatform_invoice_v1_TemplateInfo | null);
}

export interface ResolveTemplateResponse__Output {
  'template': (_invoiceplatform_invoice_v1_TemplateInfo__Output | null);
}
