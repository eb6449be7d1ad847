// Original file: protos/invoiceplatform/recurring/v1/recurring.proto

import type { LegalProfile as _invoiceplatform_accounts_v1_LegalProfile, LegalProfile__Output as _invoiceplatform_accounts_v1_LegalProfile__Output } from '../../../invoiceplatform/accounts/v1/LegalProfile.ts';

export interface CheckLegalProfileChangeRequest {
  'workspace_id'?: (string);
  'legal_profile'?: (_invoiceplatform_accounts_v1_LegalProfile | null);
}

export interface CheckLegalProfileChangeRequest__Output {
  'workspace_id': (string);
  'legal_profile': (_invoiceplatform_accounts_v1_LegalProfile__Output | null);
}
