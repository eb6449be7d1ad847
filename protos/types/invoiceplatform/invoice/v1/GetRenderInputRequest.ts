// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface GetRenderInputRequest {
  'workspace_id'?: (string);
  'invoice_id'?: (string);
}

export interface GetRenderInputRequest__Output {
  'workspace_id': (string);
  'invoice_id': (string);
}
