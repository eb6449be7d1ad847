// Original file: protos/invoiceplatform/accounts/v1/accounts.proto

import type { ApiKey as _invoiceplatform_accounts_v1_ApiKey, ApiKey__Output as _invoiceplatform_accounts_v1_ApiKey__Output } from '../../../invoiceplatform/accounts/v1/ApiKey.ts';

export interface ListApiKeysResponse {
  'api_keys'?: (_invoiceplatform_accounts_v1_ApiKey)[];
}

export interface ListApiKeysResponse__Output {
  'api_keys': (_invoiceplatform_accounts_v1_ApiKey__Output)[];
}
