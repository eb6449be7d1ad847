// Original file: protos/invoiceplatform/invoice/v1/invoice.proto

import type { FileInfo as _invoiceplatform_pdf_v1_FileInfo, FileInfo__Output as _invoiceplatform_pdf_v1_FileInfo__Output } from '../../../invoiceplatform/pdf/v1/FileInfo.ts';

export interface RecordPdfResultRequest {
  'workspace_id'?: (string);
  'invoice_id'?: (string);
  'invoice_sequence'?: (number);
  'file'?: (_invoiceplatform_pdf_v1_FileInfo | null);
  'error'?: (string);
  'result'?: "file"|"error";
}

export interface RecordPdfResultRequest__Output {
  'workspace_id': (string);
  'invoice_id': (string);
  'invoice_sequence': (number);
  'file'?: (_invoiceplatform_pdf_v1_FileInfo__Output | null);
  'error'?: (string);
  'result'?: "file"|"error";
}
