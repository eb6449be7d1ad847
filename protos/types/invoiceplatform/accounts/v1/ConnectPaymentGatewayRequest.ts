// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface ConnectPaymentGatewayRequest {
  'workspace_id'?: (string);
  'provider'?: (string);
  'mode'?: (string);
  'credentials'?: ({[key: string]: string});
  '_mode'?: "mode";
}

export interface ConnectPaymentGatewayRequest__Output {
  'workspace_id': (string);
  'provider': (string);
  'mode'?: (string);
  'credentials': ({[key: string]: string});
  '_mode'?: "mode";
}
