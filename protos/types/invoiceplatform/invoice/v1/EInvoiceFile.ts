// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface EInvoiceFile {
  'format'?: (string);
  'xml'?: (string);
  'filename'?: (string);
}

export interface EInvoiceFile__Output {
  'format': (string);
  'xml': (string);
  'filename': (string);
}
