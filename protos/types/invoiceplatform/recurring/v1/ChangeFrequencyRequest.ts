// Original file: protos/invoiceplatform/recurring/v1/recurring.proto


export interface ChangeFrequencyRequest {
  'workspace_id'?: (string);
  'series_id'?: (string);
  'frequency'?: (string);
  'start_date'?: (string);
  'count'?: (number);
  'end_date'?: (string);
  'limit'?: "count"|"end_date";
}

export interface ChangeFrequencyRequest__Output {
  'workspace_id': (string);
  'series_id': (string);
  'frequency': (string);
  'start_date': (string);
  'count'?: (number);
  'end_date'?: (string);
  'limit'?: "count"|"end_date";
}
