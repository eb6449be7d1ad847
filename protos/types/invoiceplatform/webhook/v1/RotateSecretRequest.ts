// Original file: protos/invoiceplatform/webhook/v1/webhook.proto


export interface RotateSecretRequest {
  'workspace_id'?: (string);
  'endpoint_id'?: (string);
}

export interface RotateSecretRequest__Output {
  'workspace_id': (string);
  'endpoint_id': (string);
}
