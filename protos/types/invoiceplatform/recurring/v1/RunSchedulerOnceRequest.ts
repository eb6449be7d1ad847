// Original file: protos/invoiceplatform/recurring/v1/recurring.proto


export interface RunSchedulerOnceRequest {
  'now'?: (string);
  'workspace_id'?: (string);
  'series_id'?: (string);
  '_now'?: "now";
  '_workspace_id'?: "workspace_id";
  '_series_id'?: "series_id";
}

export interface RunSchedulerOnceRequest__Output {
  'now'?: (string);
  'workspace_id'?: (string);
  'series_id'?: (string);
  '_now'?: "now";
  '_workspace_id'?: "workspace_id";
  '_series_id'?: "series_id";
}
