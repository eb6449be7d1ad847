// Original file: protos/invoiceplatform/recurring/v1/recurring.proto


export interface GeneratedInvoice {
  'invoice_id'?: (string);
  'invoice_number'?: (string);
  'local_date'?: (string);
}

export interface GeneratedInvoice__Output {
  'invoice_id': (string);
  'invoice_number': (string);
  'local_date': (string);
}
