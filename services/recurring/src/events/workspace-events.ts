import { startConsumer, topics } from '@invoice-platform/common/kafka';
import type { Logger } from '@invoice-platform/common/logger';
import type { Consumer, Kafka } from 'kafkajs';
import type { SeriesService } from '../service/series.ts';
import type { RecurringRepository } from '../store/repository.ts';

/** Pauses a workspace's active series when its plan ends or is downgraded (spec §3.4), once per event. */
export function startWorkspaceConsumer(
  kafka: Kafka,
  groupId: string,
  repo: RecurringRepository,
  series: SeriesService,
  log: Logger,
): Promise<Consumer> {
  return startConsumer<{ reason?: 'plan_ended' | 'plan_downgrade' }>({
    kafka,
    groupId,
    topic: topics.workspace,
    fromBeginning: true,
    log,
    handle: async (event) => {
      if (event.type !== 'workspace.updated' || !event.data.reason) return;
      const paused = await series.pauseForPlan(event.workspace_id, event.data.reason);
      // Recorded after the work: a crash in between applies the (idempotent) pause again.
      await repo.markProcessed(event.id, new Date());
      if (paused > 0)
        log.info(
          { workspace_id: event.workspace_id, reason: event.data.reason, paused },
          'series paused by plan change',
        );
    },
  });
}
