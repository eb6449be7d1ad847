// Original file: protos/invoiceplatform/pdf/v1/pdf.proto

import type { FileInfo as _invoiceplatform_pdf_v1_FileInfo, FileInfo__Output as _invoiceplatform_pdf_v1_FileInfo__Output } from '../../../invoiceplatform/pdf/v1/FileInfo.ts';

export interface StreamFileResponse {
  'info'?: (_invoiceplatform_pdf_v1_FileInfo | null);
  'chunk'?: (Buffer | Uint8Array | string);
  'part'?: "info"|"chunk";
}

export interface StreamFileResponse__Output {
  'info'?: (_invoiceplatform_pdf_v1_FileInfo__Output | null);
  'chunk'?: (Buffer);
  'part'?: "info"|"chunk";
}
