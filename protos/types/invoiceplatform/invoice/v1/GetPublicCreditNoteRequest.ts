// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface GetPublicCreditNoteRequest {
  'credit_note_id'?: (string);
}

export interface GetPublicCreditNoteRequest__Output {
  'credit_note_id': (string);
}
