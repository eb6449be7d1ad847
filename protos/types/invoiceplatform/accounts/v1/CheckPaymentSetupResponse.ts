// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface CheckPaymentSetupResponse {
  'gateway_errors'?: (string)[];
  'account_errors'?: (string)[];
}

export interface CheckPaymentSetupResponse__Output {
  'gateway_errors': (string)[];
  'account_errors': (string)[];
}
