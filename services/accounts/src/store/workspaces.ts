import { AppError } from '@invoice-platform/common/errors';
import { randomBase62 } from '@invoice-platform/common/ids';
import { newOutbox, withEvents } from '@invoice-platform/common/store/outbox';
import type { PageOf, PageRequest } from '@invoice-platform/common/paging';
import { listPage } from '@invoice-platform/common/store/paging';
import { insertOnce } from '@invoice-platform/common/store/unique';
import { changeVersioned } from '@invoice-platform/common/store/versioned';
import type { WorkspaceEvent } from '../domain/workspace-events.ts';
import type { NewWorkspace, Workspace, WorkspaceChanges } from '../domain/workspaces.ts';
import type { Models, WorkspaceDoc } from './models.ts';
import { workspaceOutboxMessage } from './workspace-outbox.ts';

export function toWorkspace(doc: WorkspaceDoc): Workspace {
  return {
    id: doc._id,
    name: doc.name,
    plan: doc.plan,
    plan_state: doc.plan_state,
    time_zone: doc.time_zone,
    features: doc.features,
    owner_email: doc.owner_email,
    // Workspaces made before legal profiles existed have no field at all.
    legal_profile: doc.legal_profile ?? null,
    // Workspaces made before test workspaces existed are live.
    test_mode: doc.test_mode ?? false,
    // Workspaces that never stated one keep documents for the default.
    retention_years: doc.retention_years ?? null,
    version: doc.version,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

/** The workspace document, key places and outbox included; NOT_FOUND when there is none. */
export async function loadWorkspace(models: Models, id: string): Promise<WorkspaceDoc> {
  const doc = await models.Workspace.findById(id).lean<WorkspaceDoc>().exec();
  if (!doc) throw new AppError('not_found', `Workspace ${id} does not exist.`);
  return doc;
}

/**
 * Workspace ids appear in invoice numbers (docs/architecture.md#numbering), so they are short
 * upper-case codes.
 */
function newWorkspaceId(): string {
  return randomBase62(8).slice(-10).toUpperCase();
}

/** Workspaces and their plans, each change with its workspace.* event in the workspace's outbox. */
export class WorkspaceStore {
  private readonly models: Models;

  constructor(models: Models) {
    this.models = models;
  }

  /** Inserts the workspace with its workspace.created event in its outbox. */
  async create(fields: NewWorkspace, event: (id: string) => WorkspaceEvent): Promise<Workspace> {
    // Short random ids can collide, rarely: another id is drawn.
    for (let attempt = 0; attempt < 5; attempt++) {
      const id = newWorkspaceId();
      const doc: WorkspaceDoc = {
        _id: id,
        ...fields,
        version: 1,
        active_keys: [],
        ...newOutbox([workspaceOutboxMessage(event(id), fields.created_at)], fields.created_at),
      };
      if (await insertOnce(this.models.Workspace, doc)) return toWorkspace(doc);
    }
    throw new AppError('internal', 'No free workspace id was found.');
  }

  async get(id: string): Promise<Workspace> {
    return toWorkspace(await loadWorkspace(this.models, id));
  }

  /**
   * One page of workspaces, newest first, through the created_at index. The total is the
   * collection's count from its metadata: counting the documents would read them all.
   */
  async list(page: PageRequest): Promise<PageOf<Workspace>> {
    const { items, total } = await listPage<WorkspaceDoc>(this.models.Workspace, {}, { created_at: -1 }, page);
    return { items: items.map(toWorkspace), total };
  }

  /**
   * Changes the plan fields or the legal profile by compare-and-set on the version, with the
   * event `change` makes from the workspace as it is, in the same write. A concurrent change
   * makes it decide again on the new state, so two admins never overwrite each other silently.
   */
  async change(
    id: string,
    change: (ws: Workspace) => { changes: WorkspaceChanges; event: WorkspaceEvent },
    now: Date,
  ): Promise<Workspace> {
    const { after } = await changeVersioned(
      this.models.Workspace,
      () => loadWorkspace(this.models, id),
      (current) => {
        const { changes, event } = change(toWorkspace(current));
        return withEvents<WorkspaceDoc>(
          current,
          { $set: { ...changes, updated_at: now } },
          [workspaceOutboxMessage(event, now)],
          now,
        );
      },
      'The workspace is being changed concurrently. Retry shortly.',
    );
    return toWorkspace(after!);
  }
}
