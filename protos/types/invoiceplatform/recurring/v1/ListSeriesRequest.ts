// Original file: protos/invoiceplatform/recurring/v1/recurring.proto


export interface ListSeriesRequest {
  'workspace_id'?: (string);
  'status'?: (string);
  'page'?: (number);
  'page_size'?: (number);
  '_status'?: "status";
}

export interface ListSeriesRequest__Output {
  'workspace_id': (string);
  'status'?: (string);
  'page': (number);
  'page_size': (number);
  '_status'?: "status";
}
