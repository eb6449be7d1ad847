import type { EventEnvelope } from '@invoice-platform/common/kafka';
import type { AutomaticPauses } from '../service/automatic-pauses.ts';

export type WorkspaceEvent = EventEnvelope<{ reason?: 'plan_ended' | 'plan_downgrade' }>;

/**
 * workspace.v1: a `workspace.updated` with a reason pauses the workspace's active series
 * (docs/architecture.md#recurring, docs/contracts.md §4.5), once per event id
 * (AutomaticPauses.applyPlanChange, which reads the plan now: one replayed or late after the plan
 * was restored pauses nothing).
 */
export function workspaceEvents(deps: { pauses: AutomaticPauses }) {
  return async (event: WorkspaceEvent): Promise<void> => {
    if (!event.id || event.type !== 'workspace.updated' || !event.data?.reason) return;
    await deps.pauses.applyPlanChange({
      id: event.id,
      type: event.type,
      workspaceId: event.workspace_id,
      reason: event.data.reason,
    });
  };
}
