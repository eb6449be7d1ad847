import type { WorkspaceProfile as SharedProfile } from '@invoice-platform/common/contracts/workspace';
import { topics } from '@invoice-platform/common/kafka';
import { type OutboxMessage, outboxEvent } from '@invoice-platform/common/store/outbox';

/** The workspace as the `workspace.updated` event carries it: its profile and version. */
export interface WorkspaceProfile extends SharedProfile {
  version: number;
}

export interface WorkspaceUpdatedData {
  workspace: WorkspaceProfile;
  previous_plan?: string;
  previous_plan_state?: string;
  /**
   * Set when recurring invoices stop being available: series pause with it
   * (docs/architecture.md#recurring).
   */
  reason?: 'plan_ended' | 'plan_downgrade';
}

export type WorkspaceEventType = 'workspace.created' | 'workspace.updated' | 'api_key.created' | 'api_key.revoked';

/** A workspace.v1 event for the outbox, keyed by workspace so one workspace's events stay in order. */
export function workspaceEvent(
  type: WorkspaceEventType,
  workspaceId: string,
  sequence: number,
  data: unknown,
  now: Date,
): OutboxMessage {
  return outboxEvent({ topic: topics.workspace, key: workspaceId, type, workspaceId, sequence, data, now });
}
