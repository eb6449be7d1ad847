// Original file: protos/invoiceplatform/pdf/v1/pdf.proto

import type { Template as _invoiceplatform_pdf_v1_Template, Template__Output as _invoiceplatform_pdf_v1_Template__Output } from '../../../invoiceplatform/pdf/v1/Template.ts';

export interface ListTemplatesResponse {
  'templates'?: (_invoiceplatform_pdf_v1_Template)[];
}

export interface ListTemplatesResponse__Output {
  'templates': (_invoiceplatform_pdf_v1_Template__Output)[];
}
