// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface InvoiceSummary {
  'id'?: (string);
  'invoice_number'?: (string);
  'customer_name'?: (string);
  'customer_email'?: (string);
  'currency'?: (string);
  'amount'?: (string);
  'invoice_status'?: (string);
  'is_recurring'?: (boolean);
  'due_date'?: (string);
  'paid_at'?: (string);
  'created_at'?: (string);
  'is_archived'?: (boolean);
  'series_id'?: (string);
  'source'?: (string);
  'test_mode'?: (boolean);
  '_customer_email'?: "customer_email";
  '_currency'?: "currency";
  '_amount'?: "amount";
  '_paid_at'?: "paid_at";
  '_series_id'?: "series_id";
  '_test_mode'?: "test_mode";
}

export interface InvoiceSummary__Output {
  'id': (string);
  'invoice_number': (string);
  'customer_name': (string);
  'customer_email'?: (string);
  'currency'?: (string);
  'amount'?: (string);
  'invoice_status': (string);
  'is_recurring': (boolean);
  'due_date': (string);
  'paid_at'?: (string);
  'created_at': (string);
  'is_archived': (boolean);
  'series_id'?: (string);
  'source': (string);
  'test_mode'?: (boolean);
  '_customer_email'?: "customer_email";
  '_currency'?: "currency";
  '_amount'?: "amount";
  '_paid_at'?: "paid_at";
  '_series_id'?: "series_id";
  '_test_mode'?: "test_mode";
}
