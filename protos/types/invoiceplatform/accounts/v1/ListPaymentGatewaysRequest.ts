// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface ListPaymentGatewaysRequest {
  'workspace_id'?: (string);
}

export interface ListPaymentGatewaysRequest__Output {
  'workspace_id': (string);
}
