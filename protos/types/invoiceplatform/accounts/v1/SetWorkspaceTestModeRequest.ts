// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface SetWorkspaceTestModeRequest {
  'workspace_id'?: (string);
  'test_mode'?: (boolean);
}

export interface SetWorkspaceTestModeRequest__Output {
  'workspace_id': (string);
  'test_mode': (boolean);
}
