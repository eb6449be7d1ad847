// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface GetEInvoiceRequest {
  'workspace_id'?: (string);
  'invoice_id'?: (string);
}

export interface GetEInvoiceRequest__Output {
  'workspace_id': (string);
  'invoice_id': (string);
}
