// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface StoreFileRequest {
  'workspace_id'?: (string);
  'invoice_id'?: (string);
  'content_type'?: (string);
  'download_name'?: (string);
  'content'?: (Buffer | Uint8Array | string);
}

export interface StoreFileRequest__Output {
  'workspace_id': (string);
  'invoice_id': (string);
  'content_type': (string);
  'download_name': (string);
  'content': (Buffer);
}
