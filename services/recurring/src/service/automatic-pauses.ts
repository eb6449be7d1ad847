import type { ServiceClock } from '@invoice-platform/common/clock';
import { AppError } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import type { ProcessedEvents } from '@invoice-platform/common/store/processed-events';
import type { PlanLapse } from '../domain/plan.ts';
import { planPause } from '../domain/series-status.ts';
import type { SeriesStore } from '../store/series.ts';
import type { PlanPolicy } from './plan-policy.ts';

export interface AutomaticPausesDeps {
  series: SeriesStore;
  plan: PlanPolicy;
  /** workspace.v1 events applied already. */
  processed: ProcessedEvents;
  clock: ServiceClock;
  log: Logger;
}

/** A plan change as workspace.v1 announces it: a `workspace.updated` with a reason. */
export interface PlanChangeEvent {
  id: string;
  type: string;
  workspaceId: string;
  reason: PlanLapse;
}

/**
 * The automatic pause (docs/architecture.md#recurring) when the plan ends or is downgraded: on its
 * workspace.v1 event, and from the scheduler when the plan lapsed without the event having arrived
 * yet. Decided on the plan as it is now, not as the event says: a replayed or late event whose plan
 * change has been undone since must not pause series created or resumed under the restored plan.
 */
export class AutomaticPauses {
  private readonly deps: AutomaticPausesDeps;

  constructor(deps: AutomaticPausesDeps) {
    this.deps = deps;
  }

  /** Applies a workspace.v1 plan change once per event id (docs/contracts.md §4.5): a redelivered event is skipped. */
  async applyPlanChange(event: PlanChangeEvent): Promise<void> {
    if (await this.deps.processed.has(event.id)) return;
    const paused = await this.pauseForPlan(event.workspaceId, event.reason);
    // Recorded after the work: a crash in between applies the (idempotent) pause again.
    await this.deps.processed.record(event.id, event.type);
    this.deps.log.info(
      { workspace_id: event.workspaceId, event_id: event.id, reason: event.reason, paused },
      'plan change applied to series',
    );
  }

  /** Pauses the workspace's active series with `reason`, unless its plan includes recurring invoices now. How many. */
  async pauseForPlan(workspaceId: string, reason: PlanLapse): Promise<number> {
    if (await this.deps.plan.includesRecurring(workspaceId)) return 0;
    let paused = 0;
    for (const series of await this.deps.series.activeOf(workspaceId)) {
      try {
        const { after } = await this.deps.series.change(
          workspaceId,
          series._id,
          noContext,
          (current) => planPause(current, reason),
          this.deps.clock.now(),
        );
        if (after) paused++;
      } catch (err) {
        if (!AppError.isKind(err, 'not_found')) throw err;
      }
    }
    return paused;
  }
}

const noContext = async () => undefined;
