// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface SetWorkspaceRetentionRequest {
  'workspace_id'?: (string);
  'retention_years'?: (number);
  '_retention_years'?: "retention_years";
}

export interface SetWorkspaceRetentionRequest__Output {
  'workspace_id': (string);
  'retention_years'?: (number);
  '_retention_years'?: "retention_years";
}
