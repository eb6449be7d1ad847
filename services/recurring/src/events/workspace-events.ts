import type { EventEnvelope } from '@invoice-platform/common/kafka';
import type { Logger } from '@invoice-platform/common/logger';
import type { SeriesService } from '../service/series.ts';
import type { RecurringRepository } from '../store/repository.ts';

export type WorkspaceEvent = EventEnvelope<{ reason?: 'plan_ended' | 'plan_downgrade' }>;

/**
 * workspace.v1: a `workspace.updated` with a reason pauses the workspace's active series
 * (docs/architecture.md#recurring, docs/contracts.md §4.5), once per event id. A redelivered event
 * is skipped; one replayed or late after the plan was restored pauses nothing
 * (SeriesService.pauseForPlan reads the plan now).
 */
export function workspaceEvents(deps: { repo: RecurringRepository; series: SeriesService; log: Logger }) {
  return async (event: WorkspaceEvent): Promise<void> => {
    if (!event.id || event.type !== 'workspace.updated' || !event.data?.reason) return;
    if (await deps.repo.processed.has(event.id)) return;
    const paused = await deps.series.pauseForPlan(event.workspace_id, event.data.reason);
    // Recorded after the work: a crash in between applies the (idempotent) pause again.
    await deps.repo.processed.record(event.id, event.type);
    deps.log.info(
      { workspace_id: event.workspace_id, event_id: event.id, reason: event.data.reason, paused },
      'plan change applied to series',
    );
  };
}
