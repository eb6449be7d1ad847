// Original file: protos/invoiceplatform/accounts/v1/accounts.proto

import type { LegalProfile as _invoiceplatform_accounts_v1_LegalProfile, LegalProfile__Output as _invoiceplatform_accounts_v1_LegalProfile__Output } from '../../../invoiceplatform/accounts/v1/LegalProfile.ts';
import type { Long } from '@grpc/proto-loader';

export interface Workspace {
  'id'?: (string);
  'name'?: (string);
  'plan'?: (string);
  'plan_state'?: (string);
  'time_zone'?: (string);
  'features'?: (string)[];
  'active_api_key_limit'?: (number);
  'created_at'?: (string);
  'updated_at'?: (string);
  'version'?: (number | string | Long);
  'owner_email'?: (string);
  'legal_profile'?: (_invoiceplatform_accounts_v1_LegalProfile | null);
  'test_mode'?: (boolean);
  'retention_years'?: (number);
  '_retention_years'?: "retention_years";
}

export interface Workspace__Output {
  'id': (string);
  'name': (string);
  'plan': (string);
  'plan_state': (string);
  'time_zone': (string);
  'features': (string)[];
  'active_api_key_limit': (number);
  'created_at': (string);
  'updated_at': (string);
  'version': (string);
  'owner_email': (string);
  'legal_profile': (_invoiceplatform_accounts_v1_LegalProfile__Output | null);
  'test_mode': (boolean);
  'retention_years'?: (number);
  '_retention_years'?: "retention_years";
}
