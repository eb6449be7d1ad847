// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface ArchiveFilesRequest {
  'workspace_id'?: (string);
  'invoice_id'?: (string);
  'file_ids'?: (string)[];
  'retain_until'?: (string);
}

export interface ArchiveFilesRequest__Output {
  'workspace_id': (string);
  'invoice_id': (string);
  'file_ids': (string)[];
  'retain_until': (string);
}
