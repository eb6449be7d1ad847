import type { WorkspaceProfile as SharedProfile } from '@invoice-platform/common/contracts/workspace';
import type { Workspace } from './workspaces.ts';

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

/**
 * A workspace.v1 event (docs/architecture.md#events), keyed by workspace so one workspace's events
 * stay in order. The store writes it into the outbox of the document it changes, in the envelope
 * every consumer reads.
 */
export interface WorkspaceEvent {
  type: WorkspaceEventType;
  workspaceId: string;
  sequence: number;
  data: unknown;
}

export function workspaceEvent(
  type: WorkspaceEventType,
  workspaceId: string,
  sequence: number,
  data: unknown,
): WorkspaceEvent {
  return { type, workspaceId, sequence, data };
}

export function workspaceProfile(ws: Workspace): WorkspaceProfile {
  return {
    id: ws.id,
    name: ws.name,
    plan: ws.plan,
    plan_state: ws.plan_state,
    time_zone: ws.time_zone,
    features: ws.features,
    version: ws.version,
  };
}
