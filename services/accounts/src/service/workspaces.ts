import { AppError } from '@invoice-platform/common/errors';
import {
  features as knownFeatures,
  isPlan,
  isPlanState,
  type Plan,
  type PlanState,
  planFeatures,
  recurringLossReason,
  validateTimeZone,
} from '../domain/plans.ts';
import { clampPage, type PageOf } from '@invoice-platform/common/paging';
import { type LegalProfile, legalProfileErrors } from '../domain/legal-profile.ts';
import { workspaceEvent, workspaceProfile, type WorkspaceUpdatedData } from '../domain/workspace-events.ts';
import {
  maxNameLength,
  maxRetentionYears,
  minRetentionYears,
  type Workspace,
  type WorkspaceChanges,
} from '../domain/workspaces.ts';
import type { WorkspaceStore } from '../store/workspaces.ts';

export interface WorkspaceServiceDeps {
  workspaces: WorkspaceStore;
  /** Wakes the outbox relays after a write that queued events. */
  notifyOutbox: () => void;
  now?: () => Date;
}

/** Workspaces and their plans; every change queues its workspace.* event with it. */
export class WorkspaceService {
  private readonly deps: WorkspaceServiceDeps;

  constructor(deps: WorkspaceServiceDeps) {
    this.deps = deps;
  }

  private now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  get(id: string): Promise<Workspace> {
    return this.deps.workspaces.get(id);
  }

  async create(req: {
    name?: string;
    plan?: string;
    time_zone?: string;
    owner_email?: string;
    test_mode?: boolean;
  }): Promise<Workspace> {
    const errors = [];
    const name = (req.name ?? '').trim();
    if (!name || name.length > maxNameLength)
      errors.push({ path: 'name', message: `is required, at most ${maxNameLength} characters` });
    const plan = req.plan || 'professional';
    if (!isPlan(plan))
      errors.push({ path: 'plan', message: 'must be one of: free, professional, specialist, business, enterprise' });
    let timeZone = 'UTC';
    try {
      timeZone = validateTimeZone(req.time_zone || 'UTC');
    } catch (err) {
      if (err instanceof AppError)
        errors.push({ path: 'time_zone', message: 'must be an IANA time zone such as Asia/Jakarta' });
    }
    if (errors.length > 0 || !isPlan(plan)) throw AppError.validation(errors);
    const at = this.now();
    const fields = {
      name,
      plan,
      plan_state: 'active',
      time_zone: timeZone,
      features: planFeatures(plan),
      owner_email: req.owner_email ?? '',
      legal_profile: null,
      test_mode: req.test_mode === true,
      retention_years: null,
      created_at: at,
      updated_at: at,
    };
    const ws = await this.deps.workspaces.create(fields, (id) =>
      workspaceEvent('workspace.created', id, 1, { workspace: workspaceProfile({ id, ...fields, version: 1 }) }),
    );
    this.deps.notifyOutbox();
    return ws;
  }

  /** One page of workspaces, newest first (0 or absent: the first page, 25 a page; at most 100). */
  list(page: number, pageSize: number): Promise<PageOf<Workspace>> {
    return this.deps.workspaces.list(clampPage(page, pageSize));
  }

  updatePlan(req: { workspace_id: string; plan?: string; plan_state?: string }): Promise<Workspace> {
    const errors = [];
    if (req.plan !== undefined && !isPlan(req.plan))
      errors.push({ path: 'plan', message: 'must be one of: free, professional, specialist, business, enterprise' });
    if (req.plan_state !== undefined && !isPlanState(req.plan_state))
      errors.push({ path: 'plan_state', message: 'must be one of: active, suspended, expired' });
    if (req.plan === undefined && req.plan_state === undefined)
      errors.push({ path: 'plan', message: 'plan or plan_state is required' });
    if (errors.length > 0) throw AppError.validation(errors);
    return this.change(req.workspace_id, (ws) => {
      const changes: WorkspaceChanges = {};
      if (req.plan !== undefined && req.plan !== ws.plan) {
        changes.plan = req.plan;
        changes.features = planFeatures(req.plan as Plan);
      }
      if (req.plan_state !== undefined) changes.plan_state = req.plan_state;
      return changes;
    });
  }

  setFeatures(workspaceId: string, features: string[] | undefined): Promise<Workspace> {
    const unknown = (features ?? []).filter((f) => !(knownFeatures as readonly string[]).includes(f));
    if (unknown.length > 0)
      throw AppError.validation([
        { path: 'features', message: `unknown features: ${unknown.join(', ')}; known: ${knownFeatures.join(', ')}` },
      ]);
    return this.change(workspaceId, () => ({ features: [...new Set(features)] }));
  }

  /**
   * Marks the workspace a test workspace or a live one (docs/payments.md "Test mode"): the
   * operator's decision, announced like a plan change. Connections already made stay as they are;
   * a sandbox one's payments are test payments either way.
   */
  setTestMode(workspaceId: string, testMode: boolean): Promise<Workspace> {
    return this.change(workspaceId, () => ({ test_mode: testMode }));
  }

  /**
   * States how many years the workspace's documents issued from now on are kept as issued
   * (docs/money-trail.md "The as-issued archive"); null: back to the default. Announced like a
   * plan change, so the invoice service's cached workspace is dropped.
   */
  setRetention(workspaceId: string, years: number | null): Promise<Workspace> {
    if (years !== null && (!Number.isInteger(years) || years < minRetentionYears || years > maxRetentionYears))
      throw AppError.validation([
        {
          path: 'retention_years',
          message: `must be a whole number of years, ${minRetentionYears}–${maxRetentionYears}`,
        },
      ]);
    return this.change(workspaceId, () => ({ retention_years: years }));
  }

  /**
   * Replaces the legal profile as a whole (`profile`), or removes it (`clear`). The admin API has
   * checked the profile already; it is checked again because any caller of the RPC may send one.
   * Announced like a plan change, so the caches holding the workspace drop it.
   */
  setLegalProfile(req: { workspace_id: string; profile: LegalProfile | null; clear: boolean }): Promise<Workspace> {
    if (req.clear) {
      if (req.profile) throw AppError.validation([{ path: 'profile', message: 'must not be given with clear' }]);
      return this.change(req.workspace_id, () => ({ legal_profile: null }));
    }
    const errors = req.profile
      ? legalProfileErrors(req.profile)
      : [{ path: 'body', message: 'is required: the legal profile, or clear to remove it' }];
    if (errors.length > 0) throw AppError.validation(errors);
    return this.change(req.workspace_id, () => ({ legal_profile: req.profile }));
  }

  /** Changes the workspace with its workspace.updated event (compare-and-set in the store). */
  private async change(id: string, change: (ws: Workspace) => WorkspaceChanges): Promise<Workspace> {
    const at = this.now();
    const updated = await this.deps.workspaces.change(
      id,
      (ws) => {
        const changes = change(ws);
        const after = { ...ws, ...changes, version: ws.version + 1 };
        const data: WorkspaceUpdatedData = {
          workspace: workspaceProfile(after),
          previous_plan: ws.plan,
          previous_plan_state: ws.plan_state,
        };
        const reason = recurringLossReason(
          ws as { plan: Plan; plan_state: PlanState; features: string[] },
          after as { plan: Plan; plan_state: PlanState; features: string[] },
        );
        if (reason) data.reason = reason;
        return { changes, event: workspaceEvent('workspace.updated', id, after.version, data) };
      },
      at,
    );
    this.deps.notifyOutbox();
    return updated;
  }
}
