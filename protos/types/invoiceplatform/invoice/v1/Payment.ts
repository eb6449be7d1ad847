// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface Payment {
  'id'?: (string);
  'invoice_id'?: (string);
  'amount'?: (string);
  'currency'?: (string);
  'method'?: (string);
  'reference'?: (string);
  'paid_at'?: (string);
  'payment_gateway'?: (string);
  'provider_payment_id'?: (string);
  'recorded_at'?: (string);
  'amount_applied'?: (string);
  '_reference'?: "reference";
  '_payment_gateway'?: "payment_gateway";
  '_provider_payment_id'?: "provider_payment_id";
}

export interface Payment__Output {
  'id': (string);
  'invoice_id': (string);
  'amount': (string);
  'currency': (string);
  'method': (string);
  'reference'?: (string);
  'paid_at': (string);
  'payment_gateway'?: (string);
  'provider_payment_id'?: (string);
  'recorded_at': (string);
  'amount_applied': (string);
  '_reference'?: "reference";
  '_payment_gateway'?: "payment_gateway";
  '_provider_payment_id'?: "provider_payment_id";
}
