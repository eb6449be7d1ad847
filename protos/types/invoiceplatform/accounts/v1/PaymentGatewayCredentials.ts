// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface PaymentGatewayCredentials {
  'provider'?: (string);
  'mode'?: (string);
  'credentials'?: ({[key: string]: string});
}

export interface PaymentGatewayCredentials__Output {
  'provider': (string);
  'mode': (string);
  'credentials': ({[key: string]: string});
}
