// Original file: protos/invoiceplatform/recurring/v1/recurring.proto


export interface CreateSeriesRequest {
  'workspace_id'?: (string);
  'series_id'?: (string);
  'source_invoice_id'?: (string);
  'invoice_number'?: (string);
  'frequency'?: (string);
  'count'?: (number);
  'end_date'?: (string);
  'anchor_date'?: (string);
  'first_due_date'?: (string);
  'customer_name'?: (string);
  'customer_email'?: (string);
  'currency'?: (string);
  'amount'?: (string);
  'document_language'?: (string);
  'time_zone'?: (string);
  'limit'?: "count"|"end_date";
}

export interface CreateSeriesRequest__Output {
  'workspace_id': (string);
  'series_id': (string);
  'source_invoice_id': (string);
  'invoice_number': (string);
  'frequency': (string);
  'count'?: (number);
  'end_date'?: (string);
  'anchor_date': (string);
  'first_due_date': (string);
  'customer_name': (string);
  'customer_email': (string);
  'currency': (string);
  'amount': (string);
  'document_language': (string);
  'time_zone': (string);
  'limit'?: "count"|"end_date";
}
