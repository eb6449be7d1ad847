// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface DeleteInvoiceFilesResponse {
  'deleted'?: (number);
}

export interface DeleteInvoiceFilesResponse__Output {
  'deleted': (number);
}
