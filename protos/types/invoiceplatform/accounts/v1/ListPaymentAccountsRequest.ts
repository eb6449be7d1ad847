// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface ListPaymentAccountsRequest {
  'workspace_id'?: (string);
}

export interface ListPaymentAccountsRequest__Output {
  'workspace_id': (string);
}
