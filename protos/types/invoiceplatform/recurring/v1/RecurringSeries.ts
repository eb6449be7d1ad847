// Original file: protos/invoiceplatform/recurring/v1/recurring.proto

import type { RecurringOccurrence as _invoiceplatform_recurring_v1_RecurringOccurrence, RecurringOccurrence__Output as _invoiceplatform_recurring_v1_RecurringOccurrence__Output } from '../../../invoiceplatform/recurring/v1/RecurringOccurrence.ts';

export interface RecurringSeries {
  'id'?: (string);
  'status'?: (string);
  'paused_reason'?: (string);
  'frequency'?: (string);
  'start_date'?: (string);
  'end_date'?: (string);
  'next_run_date'?: (string);
  'last_run_date'?: (string);
  'invoice_number'?: (string);
  'customer_name'?: (string);
  'customer_email'?: (string);
  'currency'?: (string);
  'amount'?: (string);
  'generated_count'?: (number);
  'remaining_count'?: (number);
  'occurrences'?: (_invoiceplatform_recurring_v1_RecurringOccurrence)[];
  'workspace_id'?: (string);
  'source_invoice_id'?: (string);
  'document_language'?: (string);
  'time_zone'?: (string);
  'due_offset_days'?: (number);
  'anchor_date'?: (string);
  'created_at'?: (string);
  'updated_at'?: (string);
  'paused_message'?: (string);
  '_paused_reason'?: "paused_reason";
  '_start_date'?: "start_date";
  '_end_date'?: "end_date";
  '_next_run_date'?: "next_run_date";
  '_last_run_date'?: "last_run_date";
  '_invoice_number'?: "invoice_number";
  '_customer_name'?: "customer_name";
  '_customer_email'?: "customer_email";
  '_currency'?: "currency";
  '_amount'?: "amount";
  '_paused_message'?: "paused_message";
}

export interface RecurringSeries__Output {
  'id': (string);
  'status': (string);
  'paused_reason'?: (string);
  'frequency': (string);
  'start_date'?: (string);
  'end_date'?: (string);
  'next_run_date'?: (string);
  'last_run_date'?: (string);
  'invoice_number'?: (string);
  'customer_name'?: (string);
  'customer_email'?: (string);
  'currency'?: (string);
  'amount'?: (string);
  'generated_count': (number);
  'remaining_count': (number);
  'occurrences': (_invoiceplatform_recurring_v1_RecurringOccurrence__Output)[];
  'workspace_id': (string);
  'source_invoice_id': (string);
  'document_language': (string);
  'time_zone': (string);
  'due_offset_days': (number);
  'anchor_date': (string);
  'created_at': (string);
  'updated_at': (string);
  'paused_message'?: (string);
  '_paused_reason'?: "paused_reason";
  '_start_date'?: "start_date";
  '_end_date'?: "end_date";
  '_next_run_date'?: "next_run_date";
  '_last_run_date'?: "last_run_date";
  '_invoice_number'?: "invoice_number";
  '_customer_name'?: "customer_name";
  '_customer_email'?: "customer_email";
  '_currency'?: "currency";
  '_amount'?: "amount";
  '_paused_message'?: "paused_message";
}
