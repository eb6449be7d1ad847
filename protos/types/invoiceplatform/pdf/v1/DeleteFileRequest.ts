// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface DeleteFileRequest {
  'workspace_id'?: (string);
  'file_id'?: (string);
}

export interface DeleteFileRequest__Output {
  'workspace_id': (string);
  'file_id': (string);
}
