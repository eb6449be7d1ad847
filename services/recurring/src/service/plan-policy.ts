import { AppError } from '@invoice-platform/common/errors';
import type { Workspace__Output } from '@invoice-platform/protos/invoiceplatform/accounts/v1/Workspace';
import { type PlanLapse, planLapse } from '../domain/plan.ts';
import type { AccountsClient } from './peers.ts';

export interface PlanPolicyDeps {
  accounts: AccountsClient;
}

/**
 * The workspace's plan as it is now (accounts' GetWorkspace), read for every move that makes a
 * series active and before each new follow-up (docs/architecture.md#recurring).
 */
export class PlanPolicy {
  private readonly deps: PlanPolicyDeps;

  constructor(deps: PlanPolicyDeps) {
    this.deps = deps;
  }

  /** Why the workspace may not run recurring invoices now (domain/plan.ts), or null when it may. */
  async lapse(workspaceId: string): Promise<PlanLapse | null> {
    let ws: Workspace__Output;
    try {
      ws = await this.deps.accounts.call('GetWorkspace', { workspace_id: workspaceId });
    } catch (err) {
      if (AppError.isKind(err, 'not_found')) return planLapse(null);
      throw err;
    }
    return planLapse(ws);
  }

  /** The workspace's plan now includes recurring invoices; a workspace that no longer exists has none. */
  async includesRecurring(workspaceId: string): Promise<boolean> {
    return (await this.lapse(workspaceId)) === null;
  }

  /** Every move that makes a series active needs the plan's recurring invoices, as resuming does (403). */
  async requireRecurring(workspaceId: string): Promise<void> {
    if (!(await this.includesRecurring(workspaceId)))
      throw new AppError('forbidden', 'The workspace plan does not include recurring invoices.');
  }
}
