// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface VerifyArchiveRequest {
  'workspace_id'?: (string);
  'page_token'?: (string);
  'page_size'?: (number);
  '_page_token'?: "page_token";
}

export interface VerifyArchiveRequest__Output {
  'workspace_id': (string);
  'page_token'?: (string);
  'page_size': (number);
  '_page_token'?: "page_token";
}
