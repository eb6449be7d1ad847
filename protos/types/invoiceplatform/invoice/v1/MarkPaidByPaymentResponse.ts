// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface MarkPaidByPaymentResponse {
  'id'?: (string);
  'invoice_number'?: (string);
  'invoice_status'?: (string);
  'paid_at'?: (string);
  'payment_recorded'?: (boolean);
  'status_changed'?: (boolean);
  'previous_status'?: (string);
  'test_payment_only'?: (boolean);
  '_paid_at'?: "paid_at";
}

export interface MarkPaidByPaymentResponse__Output {
  'id': (string);
  'invoice_number': (string);
  'invoice_status': (string);
  'paid_at'?: (string);
  'payment_recorded': (boolean);
  'status_changed': (boolean);
  'previous_status': (string);
  'test_payment_only': (boolean);
  '_paid_at'?: "paid_at";
}
