// Original file: protos/invoiceplatform/webhook/v1/webhook.proto


export interface ListEndpointsRequest {
  'workspace_id'?: (string);
}

export interface ListEndpointsRequest__Output {
  'workspace_id': (string);
}
