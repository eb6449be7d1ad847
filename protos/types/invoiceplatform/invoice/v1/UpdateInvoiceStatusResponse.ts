// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface UpdateInvoiceStatusResponse {
  'id'?: (string);
  'invoice_number'?: (string);
  'invoice_status'?: (string);
  'paid_at'?: (string);
  'changed'?: (boolean);
  'previous_status'?: (string);
  '_paid_at'?: "paid_at";
}

export interface UpdateInvoiceStatusResponse__Output {
  'id': (string);
  'invoice_number': (string);
  'invoice_status': (string);
  'paid_at'?: (string);
  'changed': (boolean);
  'previous_status': (string);
  '_paid_at'?: "paid_at";
}
