// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface RecordPaymentRequest {
  'workspace_id'?: (string);
  'invoice_id'?: (string);
  'source'?: (string);
  'idempotency_key'?: (string);
  'request_fingerprint'?: (string);
  'amount'?: (string);
  'method'?: (string);
  'reference'?: (string);
  'paid_at'?: (string);
  '_idempotency_key'?: "idempotency_key";
  '_request_fingerprint'?: "request_fingerprint";
  '_method'?: "method";
  '_reference'?: "reference";
  '_paid_at'?: "paid_at";
}

export interface RecordPaymentRequest__Output {
  'workspace_id': (string);
  'invoice_id': (string);
  'source': (string);
  'idempotency_key'?: (string);
  'request_fingerprint'?: (string);
  'amount': (string);
  'method'?: (string);
  'reference'?: (string);
  'paid_at'?: (string);
  '_idempotency_key'?: "idempotency_key";
  '_request_fingerprint'?: "request_fingerprint";
  '_method'?: "method";
  '_reference'?: "reference";
  '_paid_at'?: "paid_at";
}
