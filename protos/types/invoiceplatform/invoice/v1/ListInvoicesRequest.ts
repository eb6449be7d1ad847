// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface ListInvoicesRequest {
  'workspace_id'?: (string);
  'status'?: (string);
  'page'?: (number);
  'page_size'?: (number);
  'archived'?: (boolean);
  '_status'?: "status";
  '_archived'?: "archived";
}

export interface ListInvoicesRequest__Output {
  'workspace_id': (string);
  'status'?: (string);
  'page': (number);
  'page_size': (number);
  'archived'?: (boolean);
  '_status'?: "status";
  '_archived'?: "archived";
}
