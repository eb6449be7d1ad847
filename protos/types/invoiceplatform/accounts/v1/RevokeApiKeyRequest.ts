// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface RevokeApiKeyRequest {
  'workspace_id'?: (string);
  'key_id'?: (string);
}

export interface RevokeApiKeyRequest__Output {
  'workspace_id': (string);
  'key_id': (string);
}
