// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface ApiKey {
  'id'?: (string);
  'workspace_id'?: (string);
  'name'?: (string);
  'prefix'?: (string);
  'created_at'?: (string);
  'revoked_at'?: (string);
  'last_used_at'?: (string);
  '_revoked_at'?: "revoked_at";
  '_last_used_at'?: "last_used_at";
}

export interface ApiKey__Output {
  'id': (string);
  'workspace_id': (string);
  'name': (string);
  'prefix': (string);
  'created_at': (string);
  'revoked_at'?: (string);
  'last_used_at'?: (string);
  '_revoked_at'?: "revoked_at";
  '_last_used_at'?: "last_used_at";
}
