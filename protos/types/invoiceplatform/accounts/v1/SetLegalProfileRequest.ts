// Original file: protos/invoiceplatform/accounts/v1/accounts.proto

import type { LegalProfile as _invoiceplatform_accounts_v1_LegalProfile, LegalProfile__Output as _invoiceplatform_accounts_v1_LegalProfile__Output } from '../../../invoiceplatform/accounts/v1/LegalProfile.ts';

export interface SetLegalProfileRequest {
  'workspace_id'?: (string);
  'profile'?: (_invoiceplatform_accounts_v1_LegalProfile | null);
  'clear'?: (boolean);
}

export interface SetLegalProfileRequest__Output {
  'workspace_id': (string);
  'profile': (_invoiceplatform_accounts_v1_LegalProfile__Output | null);
  'clear': (boolean);
}
