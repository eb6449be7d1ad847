// Original file: protos/invoiceplatform/webhook/v1/webhook.proto


export interface SetEndpointEnabledRequest {
  'workspace_id'?: (string);
  'endpoint_id'?: (string);
  'enabled'?: (boolean);
}

export interface SetEndpointEnabledRequest__Output {
  'workspace_id': (string);
  'endpoint_id': (string);
  'enabled': (boolean);
}
