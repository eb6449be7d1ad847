// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface SetWorkspaceFeaturesRequest {
  'workspace_id'?: (string);
  'features'?: (string)[];
}

export interface SetWorkspaceFeaturesRequest__Output {
  'workspace_id': (string);
  'features': (string)[];
}
