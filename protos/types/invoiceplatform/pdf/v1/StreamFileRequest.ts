// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface StreamFileRequest {
  'workspace_id'?: (string);
  'file_id'?: (string);
}

export interface StreamFileRequest__Output {
  'workspace_id': (string);
  'file_id': (string);
}
