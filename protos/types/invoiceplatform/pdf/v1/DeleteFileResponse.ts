// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface DeleteFileResponse {
  'deleted'?: (boolean);
}

export interface DeleteFileResponse__Output {
  'deleted': (boolean);
}
