import type { AccountsClient } from './peers.ts';
import type { WorkspaceInfo } from './render.ts';

/**
 * The workspace profile, kept for a few seconds: a burst of generates needs it once, and a plan
 * change reaches generation within the same few seconds.
 */
export class WorkspaceCache {
  private readonly accounts: AccountsClient;
  private readonly workspaces = new Map<string, { value: Promise<WorkspaceInfo>; expires: number }>();

  constructor(accounts: AccountsClient) {
    this.accounts = accounts;
  }

  get(workspaceId: string): Promise<WorkspaceInfo> {
    const hit = this.workspaces.get(workspaceId);
    if (hit && hit.expires > Date.now()) return hit.value;
    if (this.workspaces.size > 10_000) this.workspaces.clear();
    const pending = this.accounts.call('GetWorkspace', { workspace_id: workspaceId });
    this.workspaces.set(workspaceId, { value: pending, expires: Date.now() + 5000 });
    pending.catch(() => this.workspaces.delete(workspaceId));
    return pending;
  }
}
