// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface GetAsIssuedRequest {
  'workspace_id'?: (string);
  'document_id'?: (string);
  'kind'?: (string);
}

export interface GetAsIssuedRequest__Output {
  'workspace_id': (string);
  'document_id': (string);
  'kind': (string);
}
