import type { WorkspaceProfile } from '@invoice-platform/common/contracts/workspace';
import type { Workspace__Output } from '@invoice-platform/protos/invoiceplatform/accounts/v1/Workspace';

/**
 * What the invoice service reads of an accounts.v1 Workspace: its profile, its legal profile (the
 * seller of its e-invoices) and whether it is a test workspace (its invoices are test invoices).
 */
export type WorkspaceInfo = WorkspaceProfile &
  Partial<Pick<Workspace__Output, 'legal_profile' | 'test_mode' | 'retention_years'>>;
