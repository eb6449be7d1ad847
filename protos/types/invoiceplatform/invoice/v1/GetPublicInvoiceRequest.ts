// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface GetPublicInvoiceRequest {
  'invoice_id'?: (string);
}

export interface GetPublicInvoiceRequest__Output {
  'invoice_id': (string);
}
