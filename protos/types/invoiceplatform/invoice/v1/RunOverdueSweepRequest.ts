// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface RunOverdueSweepRequest {
  'workspace_id'?: (string);
  '_workspace_id'?: "workspace_id";
}

export interface RunOverdueSweepRequest__Output {
  'workspace_id'?: (string);
  '_workspace_id'?: "workspace_id";
}
