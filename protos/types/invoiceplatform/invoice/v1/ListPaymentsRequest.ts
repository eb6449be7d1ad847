// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface ListPaymentsRequest {
  'workspace_id'?: (string);
  'invoice_id'?: (string);
}

export interface ListPaymentsRequest__Output {
  'workspace_id': (string);
  'invoice_id': (string);
}
