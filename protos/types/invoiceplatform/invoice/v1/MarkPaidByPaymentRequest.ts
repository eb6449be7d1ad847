// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface MarkPaidByPaymentRequest {
  'workspace_id'?: (string);
  'invoice_id'?: (string);
  'payment_gateway'?: (string);
  'provider_payment_id'?: (string);
  'amount'?: (string);
  'currency'?: (string);
  'paid_at'?: (string);
  'test_payment'?: (boolean);
  '_paid_at'?: "paid_at";
}

export interface MarkPaidByPaymentRequest__Output {
  'workspace_id': (string);
  'invoice_id': (string);
  'payment_gateway': (string);
  'provider_payment_id': (string);
  'amount': (string);
  'currency': (string);
  'paid_at'?: (string);
  'test_payment': (boolean);
  '_paid_at'?: "paid_at";
}
