// Original file: protos/invoiceplatform/invoice/v1/types.proto


export interface ElectronicAddress {
  'scheme'?: (string);
  'id'?: (string);
}

export interface ElectronicAddress__Output {
  'scheme': (string);
  'id': (string);
}
