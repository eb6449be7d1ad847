// Original file: protos/invoiceplatform/recurring/v1/recurring.proto


export interface RecurringOccurrence {
  'date'?: (string);
  'due_date'?: (string);
  'status'?: (string);
  'sent_at'?: (string);
  'invoice_id'?: (string);
  'index'?: (number);
  'local_date'?: (string);
  'attempts'?: (number);
  'next_attempt_at'?: (string);
  'last_error'?: (string);
  'invoice_number'?: (string);
  '_due_date'?: "due_date";
  '_sent_at'?: "sent_at";
  '_invoice_id'?: "invoice_id";
  '_next_attempt_at'?: "next_attempt_at";
  '_last_error'?: "last_error";
  '_invoice_number'?: "invoice_number";
}

export interface RecurringOccurrence__Output {
  'date': (string);
  'due_date'?: (string);
  'status': (string);
  'sent_at'?: (string);
  'invoice_id'?: (string);
  'index': (number);
  'local_date': (string);
  'attempts': (number);
  'next_attempt_at'?: (string);
  'last_error'?: (string);
  'invoice_number'?: (string);
  '_due_date'?: "due_date";
  '_sent_at'?: "sent_at";
  '_invoice_id'?: "invoice_id";
  '_next_attempt_at'?: "next_attempt_at";
  '_last_error'?: "last_error";
  '_invoice_number'?: "invoice_number";
}
