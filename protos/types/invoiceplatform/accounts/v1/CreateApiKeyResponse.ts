// Original file: protos/invoiceplatform/accounts/v1/accounts.proto

import type { ApiKey as _invoiceplatform_accounts_v1_ApiKey, ApiKey__Output as _invoiceplatform_accounts_v1_ApiKey__Output } from '../../../invoiceplatform/accounts/v1/ApiKey.ts';

export interface CreateApiKeyResponse {
  'api_key'?: (_invoiceplatform_accounts_v1_ApiKey | null);
  'raw_key'?: (string);
}

export interface CreateApiKeyResponse__Output {
  'api_key': (_invoiceplatform_accounts_v1_ApiKey__Output | null);
  'raw_key': (string);
}
