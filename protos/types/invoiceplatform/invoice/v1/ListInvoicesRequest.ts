// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface ListInvoicesRequest {
  'workspace_id'?: (string);
  'status'?: (string);
  'page'?: (number);
  'page_size'?: (number);
  'series_id'?: (string);
  '_status'?: "status";
  '_series_id'?: "series_id";
}

export interface ListInvoicesRequest__Output {
  'workspace_id': (string);
  'status'?: (string);
  'page': (number);
  'page_size': (number);
  'series_id'?: (string);
  '_status'?: "status";
  '_series_id'?: "series_id";
}
