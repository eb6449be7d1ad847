// Original file: protos/invoiceplatform/webhook/v1/webhook.proto


export interface RunDueDeliveriesRequest {
  'workspace_id'?: (string);
  '_workspace_id'?: "workspace_id";
}

export interface RunDueDeliveriesRequest__Output {
  'workspace_id'?: (string);
  '_workspace_id'?: "workspace_id";
}
