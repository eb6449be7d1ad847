// Original file: protos/invoiceplatform/recurring/v1/recurring.proto


export interface SetSeriesStatusRequest {
  'workspace_id'?: (string);
  'series_id'?: (string);
  'status'?: (string);
}

export interface SetSeriesStatusRequest__Output {
  'workspace_id': (string);
  'series_id': (string);
  'status': (string);
}
