// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface RunOverdueSweepRequest {
  'now'?: (string);
  'workspace_id'?: (string);
  '_now'?: "now";
  '_workspace_id'?: "workspace_id";
}

export interface RunOverdueSweepRequest__Output {
  'now'?: (string);
  'workspace_id'?: (string);
  '_now'?: "now";
  '_workspace_id'?: "workspace_id";
}
