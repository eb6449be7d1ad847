import type { Workspace__Output } from '@invoice-platform/protos/invoiceplatform/accounts/v1/Workspace';

/**
 * What the other services read of a workspace (accounts.v1 Workspace): the gateway's principal,
 * the invoice service's document facts and, with its version, the `workspace.updated` event's data.
 */
export type WorkspaceProfile = Pick<
  Workspace__Output,
  'id' | 'name' | 'plan' | 'plan_state' | 'time_zone' | 'features'
>;
