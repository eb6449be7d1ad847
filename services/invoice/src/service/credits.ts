import type { CreditBalance } from '../domain/credits.ts';
import type { CreditStore } from '../store/credits.ts';
import type { WorkspaceCache } from './workspaces.ts';

export interface CreditsDeps {
  credits: CreditStore;
  workspaces: WorkspaceCache;
  now: () => Date;
}

/**
 * A workspace's credit pool as the admin API reads and changes it (docs/architecture.md#credits);
 * a change needs the workspace to exist in accounts.
 */
export class Credits {
  private readonly deps: CreditsDeps;

  constructor(deps: CreditsDeps) {
    this.deps = deps;
  }

  balance(workspaceId: string): Promise<CreditBalance> {
    return this.deps.credits.balance(workspaceId);
  }

  /** Sets the balance to `balance`, or makes the pool unlimited (null). */
  async set(workspaceId: string, balance: number | null): Promise<CreditBalance> {
    await this.deps.workspaces.get(workspaceId);
    return this.deps.credits.set(workspaceId, balance, this.deps.now());
  }

  /** Adds (or takes, when negative) credits; `operationId` makes a retried call count once. */
  async add(workspaceId: string, amount: number, operationId: string | undefined): Promise<CreditBalance> {
    await this.deps.workspaces.get(workspaceId);
    return this.deps.credits.add(workspaceId, amount, operationId, this.deps.now());
  }
}
