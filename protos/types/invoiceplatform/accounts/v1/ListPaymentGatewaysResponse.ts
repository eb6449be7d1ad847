// Original file: protos/invoiceplatform/accounts/v1/accounts.proto

import type { PaymentGateway as _invoiceplatform_accounts_v1_PaymentGateway, PaymentGateway__Output as _invoiceplatform_accounts_v1_PaymentGateway__Output } from '../../../invoiceplatform/accounts/v1/PaymentGateway.ts';

export interface ListPaymentGatewaysResponse {
  'gateways'?: (_invoiceplatform_accounts_v1_PaymentGateway)[];
}

export interface ListPaymentGatewaysResponse__Output {
  'gateways': (_invoiceplatform_accounts_v1_PaymentGateway__Output)[];
}
