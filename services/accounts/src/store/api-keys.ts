import { AppError } from '@invoice-platform/common/errors';
import { operator } from '@invoice-platform/common/store/operators';
import { newOutbox, withEvents } from '@invoice-platform/common/store/outbox';
import { insertOnce, isDuplicateKey } from '@invoice-platform/common/store/unique';
import { changeVersioned } from '@invoice-platform/common/store/versioned';
import type { ApiKey, ApiKeyToStore, ApiKeyWithHash, KeyPlaceCheck } from '../domain/api-keys.ts';
import type { WorkspaceEvent } from '../domain/workspace-events.ts';
import type { ApiKeyDoc, KeyPlace, Models, WorkspaceDoc } from './models.ts';
import { workspaceOutboxMessage } from './workspace-outbox.ts';
import { loadWorkspace, toWorkspace } from './workspaces.ts';

/**
 * How long a place may wait for its key document before the next key creation reclaims it. The
 * creator inserts the key right after taking the place, so only a crash (or a stall far beyond
 * any request's deadline) leaves a place without a key this long; the margin covers clock skew
 * between replicas.
 */
export const keyPlaceGraceMs = 60_000;

function toApiKey(doc: ApiKeyDoc): ApiKey {
  return {
    id: doc._id,
    workspace_id: doc.workspace_id,
    name: doc.name,
    prefix: doc.prefix,
    created_at: doc.created_at,
    revoked_at: doc.revoked_at ?? null,
    last_used_at: doc.last_used_at ?? null,
  };
}

/**
 * API keys, each with its own events (api_key.created, api_key.revoked) in its outbox, and the
 * places the active ones hold in their workspace, which the plan limit counts.
 */
export class ApiKeyStore {
  private readonly models: Models;

  constructor(models: Models) {
    this.models = models;
  }

  /**
   * Creates a key in two writes. First a compare-and-set on the workspace takes a place for it,
   * if `check` allows one more beside the places of the keys still active (so parallel creations
   * can never pass the limit), giving back on the way the places of revoked keys and of keys that
   * never appeared. Then the key document is inserted with its api_key.created event. A crash in
   * between leaves a place without a key, which a later creation reclaims after keyPlaceGraceMs.
   */
  async create(key: ApiKeyToStore, check: KeyPlaceCheck, event: WorkspaceEvent, now: Date): Promise<ApiKey> {
    let reclaim = new Set<string>();
    await changeVersioned(
      this.models.Workspace,
      async () => {
        const ws = await loadWorkspace(this.models, key.workspace_id);
        reclaim = await this.placesToReclaim(ws, now);
        return ws;
      },
      (ws) => {
        const held = ws.active_keys.filter((place) => !reclaim.has(place.id));
        check(toWorkspace(ws), held.length);
        return { $set: { active_keys: [...held, { id: key.id, at: now }] } };
      },
    );
    const doc: ApiKeyDoc = {
      _id: key.id,
      workspace_id: key.workspace_id,
      name: key.name,
      prefix: key.prefix,
      hash: key.hash,
      created_at: now,
      revoked_at: null,
      last_used_at: null,
      ...newOutbox([workspaceOutboxMessage(event, now)], now),
    };
    try {
      await this.models.ApiKey.create(doc);
    } catch (err) {
      // The place's placeholder holds the id: this insert came after the grace period, the place
      // was reclaimed, and the key must not exist outside the limit.
      if (isDuplicateKey(err)) throw new AppError('conflict', 'Creating the API key took too long. Retry.');
      // The place is not given back here: the insert may have landed all the same. If it did not,
      // the place is reclaimed like a crashed creator's.
      throw err;
    }
    return toApiKey(doc);
  }

  /**
   * The places of `ws` that no active key holds any more: those of revoked keys, and those whose
   * key document has not appeared within the grace period. Such a place is first voided by
   * inserting a revoked placeholder under the key's id, so a creator that is merely late fails
   * on its insert instead of adding a key nobody counts. A revoked key never becomes active
   * again, so a place found here stays free whenever the caller's write lands.
   */
  private async placesToReclaim(ws: WorkspaceDoc, now: Date): Promise<Set<string>> {
    const reclaim = new Set<string>();
    if (ws.active_keys.length === 0) return reclaim;
    const keys = await this.models.ApiKey.find(
      { _id: operator({ $in: ws.active_keys.map((place) => place.id) }) },
      { revoked_at: 1 },
    )
      .lean<Pick<ApiKeyDoc, '_id' | 'revoked_at'>[]>()
      .exec();
    const revoked = new Map(keys.map((k) => [k._id, Boolean(k.revoked_at)]));
    for (const place of ws.active_keys) {
      const isRevoked = revoked.get(place.id);
      if (isRevoked === undefined && now.getTime() - place.at.getTime() >= keyPlaceGraceMs) {
        if (await this.voidPlace(ws._id, place, now)) reclaim.add(place.id);
      } else if (isRevoked) {
        reclaim.add(place.id);
      }
    }
    return reclaim;
  }

  /** Inserts the revoked placeholder of a place's missing key; true unless the real key got there first and is active. */
  private async voidPlace(workspaceId: string, place: KeyPlace, now: Date): Promise<boolean> {
    const placeholder: ApiKeyDoc = {
      _id: place.id,
      workspace_id: workspaceId,
      name: '',
      prefix: `ipk_${place.id}`,
      hash: '',
      created_at: place.at,
      revoked_at: now,
      last_used_at: null,
      ...newOutbox([], now),
    };
    if (await insertOnce(this.models.ApiKey, placeholder)) return true;
    const key = await this.models.ApiKey.findById(place.id, { revoked_at: 1 }).lean<ApiKeyDoc>().exec();
    return Boolean(key?.revoked_at);
  }

  async findWithHash(keyId: string): Promise<ApiKeyWithHash | null> {
    const doc = await this.models.ApiKey.findById(keyId).lean<ApiKeyDoc>().exec();
    return doc ? { ...toApiKey(doc), hash: doc.hash } : null;
  }

  /** A workspace's keys, newest first; placeholders of reclaimed places are no keys and not listed. */
  async list(workspaceId: string, includeRevoked: boolean): Promise<ApiKey[]> {
    const filter = {
      workspace_id: workspaceId,
      hash: operator({ $ne: '' }),
      ...(includeRevoked ? {} : { revoked_at: null }),
    };
    const docs = await this.models.ApiKey.find(filter, { hash: 0, outbox: 0 })
      .sort({ created_at: -1 })
      .lean<ApiKeyDoc[]>()
      .exec();
    return docs.map(toApiKey);
  }

  /**
   * Revokes a key in one conditional write with its api_key.revoked event, so of concurrent
   * revocations exactly one changes it (changed: true) and one event is sent. Then the key's place
   * is given back; a crash before that leaves the place to the next creation, which reclaims the
   * places of revoked keys. Revoking again gives back a place still held.
   */
  async revoke(
    workspaceId: string,
    keyId: string,
    event: WorkspaceEvent,
    now: Date,
  ): Promise<{ key: ApiKey; changed: boolean }> {
    const existing = await this.models.ApiKey.findOne({ _id: keyId, workspace_id: workspaceId }, { hash: 0 })
      .lean<ApiKeyDoc>()
      .exec();
    if (!existing) throw new AppError('not_found', `API key ${keyId} does not exist in this workspace.`);
    const revoked = await this.models.ApiKey.findOneAndUpdate(
      { _id: keyId, workspace_id: workspaceId, revoked_at: null },
      withEvents<ApiKeyDoc>(existing, { $set: { revoked_at: now } }, [workspaceOutboxMessage(event, now)], now),
      { returnDocument: 'after' },
    )
      .lean<ApiKeyDoc>()
      .exec();
    await this.releaseKeyPlace(workspaceId, keyId);
    const key = revoked ?? (await this.models.ApiKey.findById(keyId, { hash: 0 }).lean<ApiKeyDoc>().exec())!;
    return { key: toApiKey(key), changed: revoked !== null };
  }

  private async releaseKeyPlace(workspaceId: string, keyId: string): Promise<void> {
    await changeVersioned(
      this.models.Workspace,
      () => loadWorkspace(this.models, workspaceId),
      (ws) => {
        const held = ws.active_keys.filter((place) => place.id !== keyId);
        return held.length === ws.active_keys.length ? null : { $set: { active_keys: held } };
      },
    );
  }

  /** Records a use of the key: a $set of one field, atomic beside a concurrent revocation. */
  async recordUse(keyId: string, now: Date): Promise<void> {
    await this.models.ApiKey.updateOne({ _id: keyId }, { $set: { last_used_at: now } }).exec();
  }
}
