import { AppError } from '@invoice-platform/common/errors';
import { newId, randomBase62 } from '@invoice-platform/common/ids';
import {
  commitChange,
  insertOnce,
  isDuplicateKey,
  type OutboxChange,
  type OutboxMessage,
  rollForward,
  SequenceTaken,
} from '@invoice-platform/common/outbox';
import type {
  ApiKeyDoc,
  ApiKeyUsageDoc,
  Models,
  PaymentAccountDoc,
  PaymentGatewayDoc,
  WorkspaceDoc,
} from './models.ts';

export type Workspace = Omit<WorkspaceDoc, '_id'> & { id: string };
export type ApiKeyWithHash = Omit<ApiKeyDoc, '_id'> & { id: string };
export type ApiKey = Omit<ApiKeyWithHash, 'hash'> & { last_used_at: Date | null };
export type PaymentGateway = Omit<PaymentGatewayDoc, '_id'> & { id: string };
export type PaymentAccount = Omit<PaymentAccountDoc, '_id'> & { id: string };

function plain<T extends { _id: string }>(doc: T): Omit<T, '_id'> & { id: string } {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest };
}

function withoutHash(key: ApiKeyWithHash): Omit<ApiKeyWithHash, 'hash'> {
  const rest: Partial<ApiKeyWithHash> = { ...key };
  delete rest.hash;
  return rest as Omit<ApiKeyWithHash, 'hash'>;
}

/** Workspace ids appear in invoice numbers (spec §1.4), so they are short upper-case codes. */
function newWorkspaceId(): string {
  return randomBase62(8).slice(-10).toUpperCase();
}

export class AccountsRepository {
  private readonly models: Models;

  constructor(models: Models) {
    this.models = models;
  }

  async createWorkspace(
    fields: Omit<WorkspaceDoc, '_id' | 'version'>,
    event: (id: string) => OutboxMessage,
  ): Promise<Workspace> {
    for (let attempt = 0; ; attempt++) {
      const id = newWorkspaceId();
      try {
        const doc = await this.models.Workspace.create({ _id: id, ...fields, version: 1 });
        await commitChange(this.models.Outbox, {
          aggregate_id: id,
          sequence: 1,
          messages: [event(id)],
          projection: {},
          created_at: fields.created_at,
        });
        return plain(doc.toObject() as WorkspaceDoc);
      } catch (err) {
        if (isDuplicateKey(err) && attempt < 5) continue;
        throw err;
      }
    }
  }

  async findWorkspace(id: string): Promise<Workspace | null> {
    const doc = await this.models.Workspace.findById(id).lean<WorkspaceDoc>().exec();
    return doc ? plain(doc) : null;
  }

  async getWorkspace(id: string): Promise<Workspace> {
    const ws = await this.findWorkspace(id);
    if (!ws) throw new AppError('not_found', `Workspace ${id} does not exist.`);
    return ws;
  }

  async listWorkspaces(page: number, pageSize: number): Promise<{ workspaces: Workspace[]; total: number }> {
    const [docs, total] = await Promise.all([
      this.models.Workspace.find({})
        .sort({ created_at: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<WorkspaceDoc[]>()
        .exec(),
      this.models.Workspace.countDocuments({}).exec(),
    ]);
    return { workspaces: docs.map(plain), total };
  }

  /**
   * Commits a change as version `ws.version + 1`: the change record first (the atomic step), then
   * the document. Returns null when a concurrent change took that version; the caller re-reads.
   */
  async updateWorkspace(
    ws: Workspace,
    changes: Partial<Pick<WorkspaceDoc, 'plan' | 'plan_state' | 'features'>>,
    event: OutboxMessage,
    now: Date,
  ): Promise<Workspace | null> {
    const next = { ...changes, updated_at: now, version: ws.version + 1 };
    try {
      await commitChange(this.models.Outbox, {
        aggregate_id: ws.id,
        sequence: next.version,
        messages: [event],
        projection: next,
        created_at: now,
      });
    } catch (err) {
      if (!(err instanceof SequenceTaken)) throw err;
      await rollForward(this.models.Outbox, this.models.Workspace, ws.id, 'version');
      return null;
    }
    await this.models.Workspace.updateOne({ _id: ws.id }, { $set: next }).exec();
    return { ...ws, ...next };
  }

  /**
   * Makes a document show a committed change its writer did not get to write (outbox maintenance):
   * a key's revocation (change 2 of a key), a workspace's change (its version). Creations carry no
   * projection.
   */
  async applyCommittedChange(change: OutboxChange): Promise<void> {
    const p = change.projection;
    if (Object.keys(p).length === 0) return;
    if ('revoked_at' in p) {
      await this.models.ApiKey.updateOne(
        { _id: change.aggregate_id, revoked_at: null },
        { $set: { revoked_at: p.revoked_at } },
      ).exec();
      return;
    }
    await this.models.Workspace.updateOne(
      { _id: change.aggregate_id, version: { $lt: change.sequence } },
      { $set: p },
    ).exec();
  }

  async countActiveKeySlots(workspaceId: string): Promise<number> {
    return this.models.ApiKeySlot.countDocuments({ workspace_id: workspaceId }).exec();
  }

  /** Takes the first free slot among 1..limit for `keyId`; false when all are taken. */
  async takeKeySlot(workspaceId: string, keyId: string, limit: number): Promise<boolean> {
    for (let slot = 1; slot <= limit; slot++) {
      try {
        await this.models.ApiKeySlot.create({
          _id: `${workspaceId}:${slot}`,
          workspace_id: workspaceId,
          key_id: keyId,
        });
        return true;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
    return false;
  }

  async releaseKeySlot(keyId: string): Promise<void> {
    await this.models.ApiKeySlot.deleteMany({ key_id: keyId }).exec();
  }

  async insertApiKey(key: ApiKeyWithHash, event: OutboxMessage): Promise<ApiKey> {
    const { id, ...rest } = key;
    await this.models.ApiKey.create({ _id: id, ...rest });
    await commitChange(this.models.Outbox, {
      aggregate_id: id,
      sequence: 1,
      messages: [event],
      projection: {},
      created_at: key.created_at,
    });
    return { ...withoutHash(key), last_used_at: null };
  }

  async findApiKeyWithHash(keyId: string): Promise<ApiKeyWithHash | null> {
    const doc = await this.models.ApiKey.findById(keyId).lean<ApiKeyDoc>().exec();
    return doc ? (plain(doc) as ApiKeyWithHash) : null;
  }

  async listApiKeys(workspaceId: string, includeRevoked: boolean): Promise<ApiKey[]> {
    const filter = includeRevoked ? { workspace_id: workspaceId } : { workspace_id: workspaceId, revoked_at: null };
    const docs = await this.models.ApiKey.find(filter, { hash: 0 }).sort({ created_at: -1 }).lean<ApiKeyDoc[]>().exec();
    const lastUsed = await this.lastUsed(docs.map((d) => d._id));
    return docs.map((d) => ({ ...withoutHash(plain(d)), last_used_at: lastUsed.get(d._id) ?? null }));
  }

  private async lastUsed(keyIds: string[]): Promise<Map<string, Date>> {
    const docs = await this.models.ApiKeyUsage.find({ _id: { $in: keyIds } })
      .lean<ApiKeyUsageDoc[]>()
      .exec();
    return new Map(docs.map((d) => [d._id, d.last_used_at]));
  }

  /**
   * Revokes a key. Its revocation is step 2 of the key's events, so of two concurrent revocations
   * exactly one commits (changed: true) and frees the key's slot.
   */
  async revokeApiKey(
    workspaceId: string,
    keyId: string,
    event: OutboxMessage,
    now: Date,
  ): Promise<{ key: ApiKey; changed: boolean }> {
    const existing = await this.models.ApiKey.findOne({ _id: keyId, workspace_id: workspaceId }, { hash: 0 })
      .lean<ApiKeyDoc>()
      .exec();
    if (!existing) throw new AppError('not_found', `API key ${keyId} does not exist in this workspace.`);
    let changed = true;
    try {
      await commitChange(this.models.Outbox, {
        aggregate_id: keyId,
        sequence: 2,
        messages: [event],
        projection: { revoked_at: now },
        created_at: now,
      });
    } catch (err) {
      if (!(err instanceof SequenceTaken)) throw err;
      changed = false;
    }
    const revokedAt = existing.revoked_at ?? now;
    // Also repairs a revocation whose writer stopped between the event and this update.
    await this.models.ApiKey.updateOne({ _id: keyId, revoked_at: null }, { $set: { revoked_at: revokedAt } }).exec();
    const lastUsed = await this.lastUsed([keyId]);
    return {
      key: { ...withoutHash(plain({ ...existing, revoked_at: revokedAt })), last_used_at: lastUsed.get(keyId) ?? null },
      changed,
    };
  }

  async touchApiKey(keyId: string, now: Date): Promise<void> {
    try {
      await this.models.ApiKeyUsage.updateOne({ _id: keyId }, { $set: { last_used_at: now } }, { upsert: true }).exec();
    } catch (err) {
      // Two first uses inserted it at once; either time will do.
      if (!isDuplicateKey(err)) throw err;
    }
  }

  async connectGateway(workspaceId: string, provider: string, now: Date): Promise<PaymentGateway> {
    const id = `pgw_${workspaceId}_${provider}`;
    await insertOnce(this.models.PaymentGateway, { _id: id, workspace_id: workspaceId, provider, connected_at: now });
    const doc = await this.models.PaymentGateway.findById(id).lean<PaymentGatewayDoc>().exec();
    return plain(doc!);
  }

  async listGateways(workspaceId: string): Promise<PaymentGateway[]> {
    const docs = await this.models.PaymentGateway.find({ workspace_id: workspaceId })
      .sort({ connected_at: 1 })
      .lean<PaymentGatewayDoc[]>()
      .exec();
    return docs.map(plain);
  }

  async isGatewayConnected(workspaceId: string, provider: string): Promise<boolean> {
    return (await this.models.PaymentGateway.exists({ workspace_id: workspaceId, provider }).exec()) !== null;
  }

  async createPaymentAccount(fields: Omit<PaymentAccountDoc, '_id'>): Promise<PaymentAccount> {
    const doc = await this.models.PaymentAccount.create({ _id: newId('pacc'), ...fields });
    return plain(doc.toObject() as PaymentAccountDoc);
  }

  async listPaymentAccounts(workspaceId: string): Promise<PaymentAccount[]> {
    const docs = await this.models.PaymentAccount.find({ workspace_id: workspaceId })
      .sort({ created_at: -1 })
      .lean<PaymentAccountDoc[]>()
      .exec();
    return docs.map(plain);
  }

  async findPaymentAccount(workspaceId: string, id: string): Promise<PaymentAccount | null> {
    const doc = await this.models.PaymentAccount.findOne({ _id: id, workspace_id: workspaceId })
      .lean<PaymentAccountDoc>()
      .exec();
    return doc ? plain(doc) : null;
  }
}
