// Original file: protos/invoiceplatform/pdf/v1/pdf.proto

import type { FileInfo as _invoiceplatform_pdf_v1_FileInfo, FileInfo__Output as _invoiceplatform_pdf_v1_FileInfo__Output } from '../../../invoiceplatform/pdf/v1/FileInfo.ts';

export interface StoreFileResponse {
  'file'?: (_invoiceplatform_pdf_v1_FileInfo | null);
}

export interface StoreFileResponse__Output {
  'file': (_invoiceplatform_pdf_v1_FileInfo__Output | null);
}
