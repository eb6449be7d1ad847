// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface ListCreditNotesRequest {
  'workspace_id'?: (string);
  'invoice_id'?: (string);
}

export interface ListCreditNotesRequest__Output {
  'workspace_id': (string);
  'invoice_id': (string);
}
