import type { WorkspaceInfo } from '../domain/workspace.ts';
import type { AccountsClient } from './peers.ts';

export interface WorkspaceCacheDeps {
  accounts: AccountsClient;
}

/**
 * The workspace profile, kept for a few seconds: a burst of generates needs it once, and a plan
 * change reaches generation within the same few seconds. `fresh` reads it again now, for a refusal
 * that a profile changed within those seconds may have lifted.
 */
export class WorkspaceCache {
  private readonly deps: WorkspaceCacheDeps;
  private readonly workspaces = new Map<string, { value: Promise<WorkspaceInfo>; expires: number }>();

  constructor(deps: WorkspaceCacheDeps) {
    this.deps = deps;
  }

  get(workspaceId: string): Promise<WorkspaceInfo> {
    const hit = this.workspaces.get(workspaceId);
    if (hit && hit.expires > Date.now()) return hit.value;
    return this.fresh(workspaceId);
  }

  fresh(workspaceId: string): Promise<WorkspaceInfo> {
    if (this.workspaces.size > 10_000) this.workspaces.clear();
    const pending = this.deps.accounts.call('GetWorkspace', { workspace_id: workspaceId });
    this.workspaces.set(workspaceId, { value: pending, expires: Date.now() + 5000 });
    pending.catch(() => {
      if (this.workspaces.get(workspaceId)?.value === pending) this.workspaces.delete(workspaceId);
    });
    return pending;
  }
}
