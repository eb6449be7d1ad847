import { topics } from '@invoice-platform/common/kafka';
import { type OutboxMessage, outboxEvent } from '@invoice-platform/common/store/outbox';
import type { WorkspaceEvent } from '../domain/workspace-events.ts';

/**
 * A workspace.v1 event as the outbox of a workspace or API key document keeps it, written at `now`:
 * on topic workspace.v1, keyed by workspace, so one workspace's events stay in order.
 */
export function workspaceOutboxMessage(event: WorkspaceEvent, now: Date): OutboxMessage {
  return outboxEvent({
    topic: topics.workspace,
    key: event.workspaceId,
    type: event.type,
    workspaceId: event.workspaceId,
    sequence: event.sequence,
    data: event.data,
    now,
  });
}
