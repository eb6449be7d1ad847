// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface GetInvoicePdfResponse {
  'url'?: (string);
  'generated'?: (boolean);
  'pdf_status'?: (string);
  'file_id'?: (string);
  '_file_id'?: "file_id";
}

export interface GetInvoicePdfResponse__Output {
  'url': (string);
  'generated': (boolean);
  'pdf_status': (string);
  'file_id'?: (string);
  '_file_id'?: "file_id";
}
