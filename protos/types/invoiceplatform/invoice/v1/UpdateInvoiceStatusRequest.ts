// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface UpdateInvoiceStatusRequest {
  'workspace_id'?: (string);
  'invoice_id'?: (string);
  'status'?: (string);
}

export interface UpdateInvoiceStatusRequest__Output {
  'workspace_id': (string);
  'invoice_id': (string);
  'status': (string);
}
