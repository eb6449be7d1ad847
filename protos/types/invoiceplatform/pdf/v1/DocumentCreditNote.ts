// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface DocumentCreditNote {
  'credit_note_number'?: (string);
  'created_at'?: (string);
  'amount'?: (string);
  'reason'?: (string);
}

export interface DocumentCreditNote__Output {
  'credit_note_number': (string);
  'created_at': (string);
  'amount': (string);
  'reason': (string);
}
