// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface TestPayment {
  'payment_gateway'?: (string);
  'provider_payment_id'?: (string);
  'amount'?: (string);
  'currency'?: (string);
  'paid_at'?: (string);
}

export interface TestPayment__Output {
  'payment_gateway': (string);
  'provider_payment_id': (string);
  'amount': (string);
  'currency': (string);
  'paid_at': (string);
}
