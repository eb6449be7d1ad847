// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface GetCreditsRequest {
  'workspace_id'?: (string);
}

export interface GetCreditsRequest__Output {
  'workspace_id': (string);
}
