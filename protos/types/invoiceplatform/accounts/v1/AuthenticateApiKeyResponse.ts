// Original file: protos/invoiceplatform/accounts/v1/accounts.proto

import type { Workspace as _invoiceplatform_accounts_v1_Workspace, Workspace__Output as _invoiceplatform_accounts_v1_Workspace__Output } from '../../../invoiceplatform/accounts/v1/Workspace.ts';

export interface AuthenticateApiKeyResponse {
  'workspace'?: (_invoiceplatform_accounts_v1_Workspace | null);
  'key_id'?: (string);
}

export interface AuthenticateApiKeyResponse__Output {
  'workspace': (_invoiceplatform_accounts_v1_Workspace__Output | null);
  'key_id': (string);
}
