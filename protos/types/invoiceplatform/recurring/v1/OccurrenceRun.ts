// Original file: protos/invoiceplatform/recurring/v1/recurring.proto


export interface OccurrenceRun {
  'workspace_id'?: (string);
  'series_id'?: (string);
  'local_date'?: (string);
  'status'?: (string);
  'invoice_id'?: (string);
  'error'?: (string);
  '_invoice_id'?: "invoice_id";
  '_error'?: "error";
}

export interface OccurrenceRun__Output {
  'workspace_id': (string);
  'series_id': (string);
  'local_date': (string);
  'status': (string);
  'invoice_id'?: (string);
  'error'?: (string);
  '_invoice_id'?: "invoice_id";
  '_error'?: "error";
}
