// Original file: protos/invoiceplatform/accounts/v1/accounts.proto

import type { PaymentAccount as _invoiceplatform_accounts_v1_PaymentAccount, PaymentAccount__Output as _invoiceplatform_accounts_v1_PaymentAccount__Output } from '../../../invoiceplatform/accounts/v1/PaymentAccount.ts';

export interface ListPaymentAccountsResponse {
  'accounts'?: (_invoiceplatform_accounts_v1_PaymentAccount)[];
}

export interface ListPaymentAccountsResponse__Output {
  'accounts': (_invoiceplatform_accounts_v1_PaymentAccount__Output)[];
}
