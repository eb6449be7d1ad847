// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface CreateApiKeyRequest {
  'workspace_id'?: (string);
  'name'?: (string);
}

export interface CreateApiKeyRequest__Output {
  'workspace_id': (string);
  'name': (string);
}
