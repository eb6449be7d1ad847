// Original file: protos/invoiceplatform/accounts/v1/accounts.proto

import type { Workspace as _invoiceplatform_accounts_v1_Workspace, Workspace__Output as _invoiceplatform_accounts_v1_Workspace__Output } from '../../../invoiceplatform/accounts/v1/Workspace.ts';

export interface ListWorkspacesResponse {
  'workspaces'?: (_invoiceplatform_accounts_v1_Workspace)[];
  'total'?: (number);
}

export interface ListWorkspacesResponse__Output {
  'workspaces': (_invoiceplatform_accounts_v1_Workspace__Output)[];
  'total': (number);
}
