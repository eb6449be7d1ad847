// Original file: protos/invoiceplatform/webhook/v1/webhook.proto


export interface DeleteEndpointRequest {
  'workspace_id'?: (string);
  'endpoint_id'?: (string);
}

export interface DeleteEndpointRequest__Output {
  'workspace_id': (string);
  'endpoint_id': (string);
}
