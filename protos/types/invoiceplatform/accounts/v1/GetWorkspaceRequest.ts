// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface GetWorkspaceRequest {
  'workspace_id'?: (string);
}

export interface GetWorkspaceRequest__Output {
  'workspace_id': (string);
}
