import { requireStatusMove } from '../domain/series-input.ts';
import { statusMove } from '../domain/series-status.ts';
import type { PlanPolicy } from './plan-policy.ts';
import type { SeriesChanges } from './series-changes.ts';
import type { SeriesQueries } from './series-queries.ts';

export interface PauseAndResumeDeps {
  changes: SeriesChanges;
  plan: PlanPolicy;
  queries: SeriesQueries;
}

/** OpenAPI `updateRecurringStatus`: a client pauses or resumes a series. */
export class PauseAndResume {
  private readonly deps: PauseAndResumeDeps;

  constructor(deps: PauseAndResumeDeps) {
    this.deps = deps;
  }

  /** Pause from active, resume from paused (needs the plan's recurring invoices). */
  async setStatus(workspaceId: string, id: string, status: string) {
    const to = requireStatusMove(status);
    if (to === 'active') await this.deps.plan.requireRecurring(workspaceId);
    await this.deps.changes.change(workspaceId, id, (series) => statusMove(series, to));
    return this.deps.queries.get(workspaceId, id);
  }
}
