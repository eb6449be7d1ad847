// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface CheckPaymentSetupRequest {
  'workspace_id'?: (string);
  'payment_gateway'?: (string);
  'payment_account'?: (string);
  'currency'?: (string);
  '_payment_gateway'?: "payment_gateway";
  '_payment_account'?: "payment_account";
  '_currency'?: "currency";
}

export interface CheckPaymentSetupRequest__Output {
  'workspace_id': (string);
  'payment_gateway'?: (string);
  'payment_account'?: (string);
  'currency'?: (string);
  '_payment_gateway'?: "payment_gateway";
  '_payment_account'?: "payment_account";
  '_currency'?: "currency";
}
