// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface GetFileRequest {
  'workspace_id'?: (string);
  'file_id'?: (string);
  'include_content'?: (boolean);
}

export interface GetFileRequest__Output {
  'workspace_id': (string);
  'file_id': (string);
  'include_content': (boolean);
}
