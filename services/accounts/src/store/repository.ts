import { AppError } from '@invoice-platform/common/errors';
import { newId, randomBase62 } from '@invoice-platform/common/ids';
import { type OutboxEntry, pushOutbox } from '@invoice-platform/common/outbox';
import type { ApiKeyDoc, Models, PaymentAccountDoc, PaymentGatewayDoc, WorkspaceDoc } from './models.ts';

export type Workspace = Omit<WorkspaceDoc, '_id'> & { id: string };
export type ApiKey = Omit<ApiKeyDoc, '_id' | 'hash'> & { id: string };
export type ApiKeyWithHash = ApiKey & { hash: string };
export type PaymentGateway = Omit<PaymentGatewayDoc, '_id'> & { id: string };
export type PaymentAccount = Omit<PaymentAccountDoc, '_id'> & { id: string };

const workspaceProjection = { outbox: 0, outbox_pending: 0 };

function plain<T extends { _id: string }>(doc: T): Omit<T, '_id'> & { id: string } {
  const { _id, ...rest } = doc as T & { outbox?: unknown; outbox_pending?: unknown };
  delete (rest as { outbox?: unknown }).outbox;
  delete (rest as { outbox_pending?: unknown }).outbox_pending;
  return { id: _id, ...(rest as Omit<T, '_id'>) };
}

function withoutHash(key: ApiKeyWithHash): ApiKey {
  const rest: Partial<ApiKeyWithHash> = { ...key };
  delete rest.hash;
  return rest as ApiKey;
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
    fields: Omit<WorkspaceDoc, '_id' | 'version' | 'active_key_count'>,
    event: (id: string) => OutboxEntry,
  ): Promise<Workspace> {
    for (let attempt = 0; ; attempt++) {
      const id = newWorkspaceId();
      try {
        const doc = await this.models.Workspace.create({
          _id: id,
          ...fields,
          active_key_count: 0,
          version: 1,
          outbox: [event(id)],
          outbox_pending: true,
        });
        return plain(doc.toObject() as WorkspaceDoc);
      } catch (err) {
        if ((err as { code?: number }).code === 11000 && attempt < 5) continue;
        throw err;
      }
    }
  }

  async findWorkspace(id: string): Promise<Workspace | null> {
    const doc = await this.models.Workspace.findById(id, workspaceProjection).lean<WorkspaceDoc>().exec();
    return doc ? plain(doc) : null;
  }

  async getWorkspace(id: string): Promise<Workspace> {
    const ws = await this.findWorkspace(id);
    if (!ws) throw new AppError('not_found', `Workspace ${id} does not exist.`);
    return ws;
  }

  async listWorkspaces(page: number, pageSize: number): Promise<{ workspaces: Workspace[]; total: number }> {
    const [docs, total] = await Promise.all([
      this.models.Workspace.find({}, workspaceProjection)
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
   * Applies a change only if the workspace is still at `expectedVersion`, with its event in the
   * same write; returns null when someone else changed it first (the caller re-reads and retries).
   */
  async updateWorkspaceIfVersion(
    id: string,
    expectedVersion: number,
    changes: Partial<Pick<WorkspaceDoc, 'plan' | 'plan_state' | 'features'>>,
    event: OutboxEntry,
    now: Date,
  ): Promise<Workspace | null> {
    const outbox = pushOutbox([event]);
    const doc = await this.models.Workspace.findOneAndUpdate(
      { _id: id, version: expectedVersion },
      { $set: { ...changes, updated_at: now, ...outbox.$set }, $inc: { version: 1 }, $push: outbox.$push },
      { returnDocument: 'after' },
    )
      .lean<WorkspaceDoc>()
      .exec();
    return doc ? plain(doc) : null;
  }

  /** Takes one active-key slot if the workspace has one free under `limit`. */
  async reserveKeySlot(workspaceId: string, limit: number): Promise<boolean> {
    const res = await this.models.Workspace.updateOne(
      { _id: workspaceId, active_key_count: { $lt: limit } },
      { $inc: { active_key_count: 1 } },
    ).exec();
    return res.modifiedCount === 1;
  }

  async releaseKeySlot(workspaceId: string): Promise<void> {
    await this.models.Workspace.updateOne(
      { _id: workspaceId, active_key_count: { $gt: 0 } },
      { $inc: { active_key_count: -1 } },
    ).exec();
  }

  async insertApiKey(key: ApiKeyWithHash, event: OutboxEntry): Promise<ApiKey> {
    const { id, ...rest } = key;
    await this.models.ApiKey.create({ _id: id, ...rest, outbox: [event], outbox_pending: true });
    return withoutHash(key);
  }

  async findApiKeyWithHash(keyId: string): Promise<ApiKeyWithHash | null> {
    const doc = await this.models.ApiKey.findById(keyId, { outbox: 0, outbox_pending: 0 }).lean<ApiKeyDoc>().exec();
    return doc ? (plain(doc) as ApiKeyWithHash) : null;
  }

  async listApiKeys(workspaceId: string, includeRevoked: boolean): Promise<ApiKey[]> {
    const filter = includeRevoked ? { workspace_id: workspaceId } : { workspace_id: workspaceId, revoked_at: null };
    const docs = await this.models.ApiKey.find(filter, { outbox: 0, outbox_pending: 0, hash: 0 })
      .sort({ created_at: -1 })
      .lean<ApiKeyDoc[]>()
      .exec();
    return docs.map((d) => plain(d) as ApiKey);
  }

  /** Revokes an active key; returns the key and whether this call revoked it (false: already revoked). */
  async revokeApiKey(
    workspaceId: string,
    keyId: string,
    event: OutboxEntry,
    now: Date,
  ): Promise<{ key: ApiKey; changed: boolean }> {
    const outbox = pushOutbox([event]);
    const doc = await this.models.ApiKey.findOneAndUpdate(
      { _id: keyId, workspace_id: workspaceId, revoked_at: null },
      { $set: { revoked_at: now, ...outbox.$set }, $push: outbox.$push },
      { returnDocument: 'after' },
    )
      .lean<ApiKeyDoc>()
      .exec();
    if (doc) return { key: withoutHash(plain(doc) as ApiKeyWithHash), changed: true };
    const existing = await this.models.ApiKey.findOne(
      { _id: keyId, workspace_id: workspaceId },
      { hash: 0, outbox: 0, outbox_pending: 0 },
    )
      .lean<ApiKeyDoc>()
      .exec();
    if (!existing) throw new AppError('not_found', `API key ${keyId} does not exist in this workspace.`);
    return { key: plain(existing) as ApiKey, changed: false };
  }

  async touchApiKey(keyId: string, now: Date): Promise<void> {
    await this.models.ApiKey.updateOne({ _id: keyId }, { $set: { last_used_at: now } }).exec();
  }

  async connectGateway(workspaceId: string, provider: string, now: Date): Promise<PaymentGateway> {
    const doc = await this.models.PaymentGateway.findOneAndUpdate(
      { workspace_id: workspaceId, provider },
      { $setOnInsert: { _id: newId('pgw'), connected_at: now } },
      { upsert: true, returnDocument: 'after' },
    )
      .lean<PaymentGatewayDoc>()
      .exec();
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

  async paymentAccountExists(workspaceId: string, id: string): Promise<boolean> {
    return (await this.models.PaymentAccount.exists({ _id: id, workspace_id: workspaceId }).exec()) !== null;
  }
}
