// Original file: protos/invoiceplatform/webhook/v1/webhook.proto


export interface RegisterEndpointRequest {
  'workspace_id'?: (string);
  'url'?: (string);
  'event_types'?: (string)[];
  'description'?: (string);
  '_description'?: "description";
}

export interface RegisterEndpointRequest__Output {
  'workspace_id': (string);
  'url': (string);
  'event_types': (string)[];
  'description'?: (string);
  '_description'?: "description";
}
