// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface GetCreditNoteRequest {
  'workspace_id'?: (string);
  'credit_note_id'?: (string);
}

export interface GetCreditNoteRequest__Output {
  'workspace_id': (string);
  'credit_note_id': (string);
}
