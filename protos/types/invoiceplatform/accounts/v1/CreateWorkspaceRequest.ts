// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface CreateWorkspaceRequest {
  'name'?: (string);
  'plan'?: (string);
  'time_zone'?: (string);
  'owner_email'?: (string);
  'test_mode'?: (boolean);
}

export interface CreateWorkspaceRequest__Output {
  'name': (string);
  'plan': (string);
  'time_zone': (string);
  'owner_email': (string);
  'test_mode': (boolean);
}
