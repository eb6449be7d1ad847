// Original file: protos/invoiceplatform/testhooks/v1/testhooks.proto


export interface RunSchedulerAtRequest {
  'now'?: (string);
  'workspace_id'?: (string);
  'series_id'?: (string);
  '_workspace_id'?: "workspace_id";
  '_series_id'?: "series_id";
}

export interface RunSchedulerAtRequest__Output {
  'now': (string);
  'workspace_id'?: (string);
  'series_id'?: (string);
  '_workspace_id'?: "workspace_id";
  '_series_id'?: "series_id";
}
