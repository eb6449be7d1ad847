// Original file: protos/invoiceplatform/recurring/v1/recurring.proto


export interface GetSeriesRequest {
  'workspace_id'?: (string);
  'series_id'?: (string);
}

export interface GetSeriesRequest__Output {
  'workspace_id': (string);
  'series_id': (string);
}
