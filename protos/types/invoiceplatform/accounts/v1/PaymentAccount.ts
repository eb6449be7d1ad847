// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface PaymentAccount {
  'id'?: (string);
  'workspace_id'?: (string);
  'label'?: (string);
  'bank_name'?: (string);
  'account_name'?: (string);
  'account_number'?: (string);
  'created_at'?: (string);
}

export interface PaymentAccount__Output {
  'id': (string);
  'workspace_id': (string);
  'label': (string);
  'bank_name': (string);
  'account_name': (string);
  'account_number': (string);
  'created_at': (string);
}
