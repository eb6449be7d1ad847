// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface RecurringInfo {
  'schedule_id'?: (string);
  'interval'?: (string);
  'occurrences'?: (number);
  'next_issue_date'?: (string);
  'end_date'?: (string);
  '_next_issue_date'?: "next_issue_date";
  '_end_date'?: "end_date";
}

export interface RecurringInfo__Output {
  'schedule_id': (string);
  'interval': (string);
  'occurrences': (number);
  'next_issue_date'?: (string);
  'end_date'?: (string);
  '_next_issue_date'?: "next_issue_date";
  '_end_date'?: "end_date";
}
