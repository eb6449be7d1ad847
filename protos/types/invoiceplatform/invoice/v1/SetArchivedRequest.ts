// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface SetArchivedRequest {
  'workspace_id'?: (string);
  'invoice_id'?: (string);
  'is_archived'?: (boolean);
}

export interface SetArchivedRequest__Output {
  'workspace_id': (string);
  'invoice_id': (string);
  'is_archived': (boolean);
}
