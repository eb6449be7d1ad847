// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface DisconnectPaymentGatewayRequest {
  'workspace_id'?: (string);
  'provider'?: (string);
}

export interface DisconnectPaymentGatewayRequest__Output {
  'workspace_id': (string);
  'provider': (string);
}
