// Original file: protos/invoiceplatform/recurring/v1/recurring.proto


export interface ExtendSeriesRequest {
  'workspace_id'?: (string);
  'series_id'?: (string);
  'count'?: (number);
  'end_date'?: (string);
  'extension'?: "count"|"end_date";
}

export interface ExtendSeriesRequest__Output {
  'workspace_id': (string);
  'series_id': (string);
  'count'?: (number);
  'end_date'?: (string);
  'extension'?: "count"|"end_date";
}
