// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface RecordPdfResultResponse {
  'applied'?: (boolean);
  'pdf_status'?: (string);
}

export interface RecordPdfResultResponse__Output {
  'applied': (boolean);
  'pdf_status': (string);
}
