// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface GetInvoiceRequest {
  'workspace_id'?: (string);
  'invoice_id'?: (string);
}

export interface GetInvoiceRequest__Output {
  'workspace_id': (string);
  'invoice_id': (string);
}
