// Original file: protos/invoiceplatform/recurring/v1/recurring.proto


export interface SkipOccurrenceRequest {
  'workspace_id'?: (string);
  'series_id'?: (string);
  'date'?: (string);
}

export interface SkipOccurrenceRequest__Output {
  'workspace_id': (string);
  'series_id': (string);
  'date': (string);
}
