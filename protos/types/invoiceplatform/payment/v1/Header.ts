// Original file: protos/invoiceplatform/payment/v1/payment.proto


export interface Header {
  'name'?: (string);
  'value'?: (string);
}

export interface Header__Output {
  'name': (string);
  'value': (string);
}
