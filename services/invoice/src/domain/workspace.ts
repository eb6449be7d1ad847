import type { WorkspaceProfile } from '@invoice-platform/common/contracts/workspace';

/** What the invoice service reads of an accounts.v1 Workspace. */
export type WorkspaceInfo = WorkspaceProfile;
