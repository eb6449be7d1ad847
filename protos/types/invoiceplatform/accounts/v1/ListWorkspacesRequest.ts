// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface ListWorkspacesRequest {
  'page'?: (number);
  'page_size'?: (number);
}

export interface ListWorkspacesRequest__Output {
  'page': (number);
  'page_size': (number);
}
