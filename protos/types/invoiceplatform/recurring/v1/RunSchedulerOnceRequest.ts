// Original file: protos/invoiceplatform/recurring/v1/recurring.proto


export interface RunSchedulerOnceRequest {
  'workspace_id'?: (string);
  'series_id'?: (string);
  '_workspace_id'?: "workspace_id";
  '_series_id'?: "series_id";
}

export interface RunSchedulerOnceRequest__Output {
  'workspace_id'?: (string);
  'series_id'?: (string);
  '_workspace_id'?: "workspace_id";
  '_series_id'?: "series_id";
}
