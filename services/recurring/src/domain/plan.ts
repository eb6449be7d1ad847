/**
 * Whether the workspace's plan lets it run recurring invoices (docs/architecture.md#recurring):
 * every move that makes a series active needs it, and a plan that lapsed pauses the workspace's
 * series with the reason it lapsed.
 */

/** Why a workspace may not run recurring invoices now: the paused_reason its series get. */
export type PlanLapse = 'plan_ended' | 'plan_downgrade';

/** The parts of a workspace (accounts' Workspace) the plan rules read. */
export interface WorkspacePlan {
  features: string[];
  plan_state: string;
}

/** Whether the workspace's plan, as it is now, includes recurring invoices. */
export function planIncludesRecurring(ws: WorkspacePlan): boolean {
  return ws.features.includes('recurring') && ws.plan_state === 'active';
}

/**
 * Why the workspace may not run recurring invoices now, or null when it may: plan_ended when the
 * plan is not in force (or the workspace is gone: null), plan_downgrade when it is but lacks
 * recurring invoices.
 */
export function planLapse(ws: WorkspacePlan | null): PlanLapse | null {
  if (!ws) return 'plan_ended';
  if (planIncludesRecurring(ws)) return null;
  return ws.plan_state === 'active' ? 'plan_downgrade' : 'plan_ended';
}
