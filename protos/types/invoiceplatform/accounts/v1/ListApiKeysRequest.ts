// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface ListApiKeysRequest {
  'workspace_id'?: (string);
  'include_revoked'?: (boolean);
}

export interface ListApiKeysRequest__Output {
  'workspace_id': (string);
  'include_revoked': (boolean);
}
