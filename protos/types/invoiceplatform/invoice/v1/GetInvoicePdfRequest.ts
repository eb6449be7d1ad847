// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface GetInvoicePdfRequest {
  'workspace_id'?: (string);
  'invoice_id'?: (string);
  'force'?: (boolean);
}

export interface GetInvoicePdfRequest__Output {
  'workspace_id': (string);
  'invoice_id': (string);
  'force': (boolean);
}
