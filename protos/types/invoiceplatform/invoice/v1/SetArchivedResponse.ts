// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface SetArchivedResponse {
  'id'?: (string);
  'invoice_number'?: (string);
  'is_archived'?: (boolean);
  'archived_at'?: (string);
  'changed'?: (boolean);
  '_archived_at'?: "archived_at";
}

export interface SetArchivedResponse__Output {
  'id': (string);
  'invoice_number': (string);
  'is_archived': (boolean);
  'archived_at'?: (string);
  'changed': (boolean);
  '_archived_at'?: "archived_at";
}
