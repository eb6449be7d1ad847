// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface GetPaymentGatewayCredentialsRequest {
  'workspace_id'?: (string);
  'provider'?: (string);
}

export interface GetPaymentGatewayCredentialsRequest__Output {
  'workspace_id': (string);
  'provider': (string);
}
