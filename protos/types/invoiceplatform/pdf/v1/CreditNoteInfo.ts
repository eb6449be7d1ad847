// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface CreditNoteInfo {
  'credit_note_id'?: (string);
  'credit_note_number'?: (string);
  'invoice_id'?: (string);
  'invoice_number'?: (string);
  'invoice_issue_date'?: (string);
  'reason'?: (string);
}

export interface CreditNoteInfo__Output {
  'credit_note_id': (string);
  'credit_note_number': (string);
  'invoice_id': (string);
  'invoice_number': (string);
  'invoice_issue_date': (string);
  'reason': (string);
}
