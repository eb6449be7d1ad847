// Original file: protos/invoiceplatform/recurring/v1/recurring.proto


export interface DeleteSeriesRequest {
  'workspace_id'?: (string);
  'series_id'?: (string);
}

export interface DeleteSeriesRequest__Output {
  'workspace_id': (string);
  'series_id': (string);
}
