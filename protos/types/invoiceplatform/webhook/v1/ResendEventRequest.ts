// Original file: protos/invoiceplatform/webhook/v1/webhook.proto


export interface ResendEventRequest {
  'workspace_id'?: (string);
  'event_id'?: (string);
  'endpoint_id'?: (string);
  '_endpoint_id'?: "endpoint_id";
}

export interface ResendEventRequest__Output {
  'workspace_id': (string);
  'event_id': (string);
  'endpoint_id'?: (string);
  '_endpoint_id'?: "endpoint_id";
}
