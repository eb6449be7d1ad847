// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface CreatePaymentAccountRequest {
  'workspace_id'?: (string);
  'label'?: (string);
  'bank_name'?: (string);
  'account_name'?: (string);
  'account_number'?: (string);
}

export interface CreatePaymentAccountRequest__Output {
  'workspace_id': (string);
  'label': (string);
  'bank_name': (string);
  'account_name': (string);
  'account_number': (string);
}
