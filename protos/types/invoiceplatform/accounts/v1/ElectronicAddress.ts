// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface ElectronicAddress {
  'scheme'?: (string);
  'id'?: (string);
}

export interface ElectronicAddress__Output {
  'scheme': (string);
  'id': (string);
}
