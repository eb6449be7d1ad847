// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface DocumentPayment {
  'paid_at'?: (string);
  'amount'?: (string);
  'method'?: (string);
  'reference'?: (string);
  '_reference'?: "reference";
}

export interface DocumentPayment__Output {
  'paid_at': (string);
  'amount': (string);
  'method': (string);
  'reference'?: (string);
  '_reference'?: "reference";
}
