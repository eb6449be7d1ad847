// Original file: protos/invoiceplatform/pdf/v1/pdf.proto

import type { FileInfo as _invoiceplatform_pdf_v1_FileInfo, FileInfo__Output as _invoiceplatform_pdf_v1_FileInfo__Output } from '../../../invoiceplatform/pdf/v1/FileInfo.ts';

export interface GetFileResponse {
  'info'?: (_invoiceplatform_pdf_v1_FileInfo | null);
  'content'?: (Buffer | Uint8Array | string);
}

export interface GetFileResponse__Output {
  'info': (_invoiceplatform_pdf_v1_FileInfo__Output | null);
  'content': (Buffer);
}
