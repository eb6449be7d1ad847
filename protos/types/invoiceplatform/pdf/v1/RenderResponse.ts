// Original file: protos/invoiceplatform/pdf/v1/pdf.proto

import type { FileInfo as _invoiceplatform_pdf_v1_FileInfo, FileInfo__Output as _invoiceplatform_pdf_v1_FileInfo__Output } from '../../../invoiceplatform/pdf/v1/FileInfo.ts';

export interface RenderResponse {
  'file'?: (_invoiceplatform_pdf_v1_FileInfo | null);
  'render_ms'?: (number);
}

export interface RenderResponse__Output {
  'file': (_invoiceplatform_pdf_v1_FileInfo__Output | null);
  'render_ms': (number);
}
