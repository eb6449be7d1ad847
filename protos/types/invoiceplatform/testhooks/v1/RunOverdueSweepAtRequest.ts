// Original file: protos/invoiceplatform/testhooks/v1/testhooks.proto


export interface RunOverdueSweepAtRequest {
  'now'?: (string);
  'workspace_id'?: (string);
  '_workspace_id'?: "workspace_id";
}

export interface RunOverdueSweepAtRequest__Output {
  'now': (string);
  'workspace_id'?: (string);
  '_workspace_id'?: "workspace_id";
}
