// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface AddCreditsRequest {
  'workspace_id'?: (string);
  'amount'?: (number);
  'operation_id'?: (string);
  '_operation_id'?: "operation_id";
}

export interface AddCreditsRequest__Output {
  'workspace_id': (string);
  'amount': (number);
  'operation_id'?: (string);
  '_operation_id'?: "operation_id";
}
