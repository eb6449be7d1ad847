// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface RunOverdueSweepResponse {
  'marked_overdue'?: (number);
  'invoice_ids'?: (string)[];
}

export interface RunOverdueSweepResponse__Output {
  'marked_overdue': (number);
  'invoice_ids': (string)[];
}
