import { AppError } from '@invoice-platform/common/errors';
import { newId, randomBase62 } from '@invoice-platform/common/ids';
import { isV1Sealed, type SealContext, type SecretBox, SecretBoxError } from '@invoice-platform/common/secret-box';
import { operator } from '@invoice-platform/common/store/operators';
import { newOutbox, type OutboxMessage, withEvents } from '@invoice-platform/common/store/outbox';
import { insertOnce, isDuplicateKey } from '@invoice-platform/common/store/unique';
import { changeVersioned } from '@invoice-platform/common/store/versioned';
import type { ApiKeyDoc, KeyPlace, Models, PaymentAccountDoc, PaymentGatewayDoc, WorkspaceDoc } from './models.ts';
import { markMigrationDone, migrationDone } from '@invoice-platform/common/store/migrations';

export type Workspace = Omit<WorkspaceDoc, '_id' | 'active_keys' | 'outbox' | 'outbox_at'> & { id: string };
export type WorkspaceChanges = Partial<Pick<Workspace, 'plan' | 'plan_state' | 'features'>>;
export type ApiKey = Omit<ApiKeyDoc, '_id' | 'hash' | 'outbox' | 'outbox_at'> & { id: string };
export type ApiKeyWithHash = ApiKey & { hash: string };
export type NewApiKey = Pick<ApiKeyWithHash, 'id' | 'workspace_id' | 'name' | 'prefix' | 'hash'>;
/** A connection as lists show it: which credential fields are set, never their values. */
export type PaymentGateway = Omit<PaymentGatewayDoc, '_id' | 'credentials'> & { id: string };
/** A connection's credentials opened, for the payment service only. */
export interface GatewayCredentials {
  provider: string;
  mode: string;
  credentials: Record<string, string>;
}
export type PaymentAccount = Omit<PaymentAccountDoc, '_id'> & { id: string };

/**
 * Decides whether a workspace may take one more key place, given how many its active keys hold:
 * throws the refusal when it may not.
 */
export type KeyPlaceCheck = (ws: Workspace, activeKeys: number) => void;

/**
 * How long a place may wait for its key document before the next key creation reclaims it. The
 * creator inserts the key right after taking the place, so only a crash (or a stall far beyond
 * any request's deadline) leaves a place without a key this long; the margin covers clock skew
 * between replicas.
 */
export const keyPlaceGraceMs = 60_000;

function plain<T extends { _id: string }>(doc: T): Omit<T, '_id'> & { id: string } {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest };
}

function toWorkspace(doc: WorkspaceDoc): Workspace {
  return {
    id: doc._id,
    name: doc.name,
    plan: doc.plan,
    plan_state: doc.plan_state,
    time_zone: doc.time_zone,
    features: doc.features,
    owner_email: doc.owner_email,
    version: doc.version,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

function toGateway(doc: PaymentGatewayDoc): PaymentGateway {
  return {
    id: doc._id,
    workspace_id: doc.workspace_id,
    provider: doc.provider,
    mode: doc.mode ?? 'sandbox',
    credential_fields: doc.credential_fields ?? [],
    connected_at: doc.connected_at,
    updated_at: doc.updated_at ?? doc.connected_at,
  };
}

function gatewayId(workspaceId: string, provider: string): string {
  return `pgw_${workspaceId}_${provider}`;
}

/**
 * What a connection's credentials are sealed for (the key id is bound by the sealed text itself):
 * credentials copied into another workspace's or another provider's record do not open there.
 */
function credentialsContext(workspaceId: string, provider: string): SealContext {
  return ['payment_gateway_credentials', workspaceId, provider];
}

/** What a one-time re-seal pass reports: the records it re-sealed, and those that did not open. */
export interface ResealReport {
  resealed: number;
  unopened: { id: string; reason: string }[];
}

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
 * Workspace ids appear in invoice numbers (docs/architecture.md#numbering), so they are short
 * upper-case codes.
 */
function newWorkspaceId(): string {
  return randomBase62(8).slice(-10).toUpperCase();
}

export class AccountsRepository {
  private readonly models: Models;
  /** Seals and opens payment gateway credentials; nothing else in accounts is secret at rest. */
  private readonly box: SecretBox;

  constructor(models: Models, box: SecretBox) {
    this.models = models;
    this.box = box;
  }

  /** Inserts the workspace with its workspace.created event in its outbox. */
  async createWorkspace(
    fields: Omit<WorkspaceDoc, '_id' | 'version' | 'active_keys' | 'outbox' | 'outbox_at'>,
    event: (id: string) => OutboxMessage,
  ): Promise<Workspace> {
    // Short random ids can collide, rarely: another id is drawn.
    for (let attempt = 0; attempt < 5; attempt++) {
      const id = newWorkspaceId();
      const doc: WorkspaceDoc = {
        _id: id,
        ...fields,
        version: 1,
        active_keys: [],
        ...newOutbox([event(id)], fields.created_at),
      };
      if (await insertOnce(this.models.Workspace, doc)) return toWorkspace(doc);
    }
    throw new AppError('internal', 'No free workspace id was found.');
  }

  async getWorkspace(id: string): Promise<Workspace> {
    return toWorkspace(await this.loadWorkspace(id));
  }

  /**
   * One page of workspaces, newest first, through the created_at index. The total is the
   * collection's count from its metadata: counting the documents would read them all.
   */
  async listWorkspaces(page: number, pageSize: number): Promise<{ workspaces: Workspace[]; total: number }> {
    const [docs, total] = await Promise.all([
      this.models.Workspace.find({})
        .sort({ created_at: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<WorkspaceDoc[]>()
        .exec(),
      this.models.Workspace.estimatedDocumentCount().exec(),
    ]);
    return { workspaces: docs.map(toWorkspace), total };
  }

  /**
   * Changes the plan fields by compare-and-set on the version, with the event `change` makes
   * from the workspace as it is, in the same write. A concurrent change makes it decide again on
   * the new state, so two admins never overwrite each other silently.
   */
  async changeWorkspace(
    id: string,
    change: (ws: Workspace) => { changes: WorkspaceChanges; event: OutboxMessage },
    now: Date,
  ): Promise<Workspace> {
    const { after } = await changeVersioned(
      this.models.Workspace,
      () => this.loadWorkspace(id),
      (current) => {
        const { changes, event } = change(toWorkspace(current));
        return withEvents<WorkspaceDoc>(current, { $set: { ...changes, updated_at: now } }, [event], now);
      },
      'The workspace is being changed concurrently. Retry shortly.',
    );
    return toWorkspace(after!);
  }

  /**
   * Creates a key in two writes. First a compare-and-set on the workspace takes a place for it,
   * if `check` allows one more beside the places of the keys still active (so parallel creations
   * can never pass the limit), giving back on the way the places of revoked keys and of keys that
   * never appeared. Then the key document is inserted with its api_key.created event. A crash in
   * between leaves a place without a key, which a later creation reclaims after keyPlaceGraceMs.
   */
  async createApiKey(key: NewApiKey, check: KeyPlaceCheck, event: OutboxMessage, now: Date): Promise<ApiKey> {
    let reclaim = new Set<string>();
    await changeVersioned(
      this.models.Workspace,
      async () => {
        const ws = await this.loadWorkspace(key.workspace_id);
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
      ...newOutbox([event], now),
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

  async findApiKeyWithHash(keyId: string): Promise<ApiKeyWithHash | null> {
    const doc = await this.models.ApiKey.findById(keyId).lean<ApiKeyDoc>().exec();
    return doc ? { ...toApiKey(doc), hash: doc.hash } : null;
  }

  /** A workspace's keys, newest first; placeholders of reclaimed places are no keys and not listed. */
  async listApiKeys(workspaceId: string, includeRevoked: boolean): Promise<ApiKey[]> {
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
    const revoked = await this.models.ApiKey.findOneAndUpdate(
      { _id: keyId, workspace_id: workspaceId, revoked_at: null },
      withEvents<ApiKeyDoc>(existing, { $set: { revoked_at: now } }, [event], now),
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
      () => this.loadWorkspace(workspaceId),
      (ws) => {
        const held = ws.active_keys.filter((place) => place.id !== keyId);
        return held.length === ws.active_keys.length ? null : { $set: { active_keys: held } };
      },
    );
  }

  /** Records a use of the key: a $set of one field, atomic beside a concurrent revocation. */
  async recordKeyUse(keyId: string, now: Date): Promise<void> {
    await this.models.ApiKey.updateOne({ _id: keyId }, { $set: { last_used_at: now } }).exec();
  }

  /**
   * Connects `provider` with `credentials`, or replaces the credentials of its connection: one
   * upsert of the connection's document, so a replacement is never half applied and never leaves a
   * second connection. `mode` absent keeps the current mode (sandbox on a first connection).
   */
  async connectGateway(
    workspaceId: string,
    provider: string,
    mode: string | undefined,
    credentials: Record<string, string>,
    now: Date,
  ): Promise<PaymentGateway> {
    const update = {
      $set: {
        credentials: this.box.seal(JSON.stringify(credentials), credentialsContext(workspaceId, provider)),
        credential_fields: Object.keys(credentials),
        updated_at: now,
        ...(mode ? { mode } : {}),
      },
      $setOnInsert: { workspace_id: workspaceId, provider, connected_at: now, ...(mode ? {} : { mode: 'sandbox' }) },
    };
    for (let attempt = 0; ; attempt++) {
      try {
        const doc = await this.models.PaymentGateway.findOneAndUpdate(
          { _id: gatewayId(workspaceId, provider) },
          update,
          {
            upsert: true,
            returnDocument: 'after',
          },
        )
          .lean<PaymentGatewayDoc>()
          .exec();
        return toGateway(doc!);
      } catch (err) {
        // Two first connections at once both try to insert; the loser finds the document now and updates it.
        if (attempt === 0 && isDuplicateKey(err)) continue;
        throw err;
      }
    }
  }

  /** Deletes the connection, its sealed credentials with it; null when it was not connected. */
  async disconnectGateway(workspaceId: string, provider: string): Promise<PaymentGateway | null> {
    const doc = await this.models.PaymentGateway.findOneAndDelete({
      _id: gatewayId(workspaceId, provider),
      workspace_id: workspaceId,
    })
      .lean<PaymentGatewayDoc>()
      .exec();
    return doc ? toGateway(doc) : null;
  }

  async listGateways(workspaceId: string): Promise<PaymentGateway[]> {
    const docs = await this.models.PaymentGateway.find({ workspace_id: workspaceId }, { credentials: 0 })
      .sort({ connected_at: 1 })
      .lean<PaymentGatewayDoc[]>()
      .exec();
    return docs.map(toGateway);
  }

  /**
   * The connection when `provider` is connected with credentials; `legacy` when only a record
   * from before connections took credentials exists (it cannot take payments).
   */
  async findGateway(workspaceId: string, provider: string): Promise<PaymentGateway | 'legacy' | null> {
    const doc = await this.loadGateway(workspaceId, provider);
    if (!doc) return null;
    return doc.credentials ? toGateway(doc) : 'legacy';
  }

  /**
   * The opened credentials of a connection; null when it is not connected. A stored value that
   * does not open with ACCOUNTS_SECRET_KEYS for this workspace and provider (sealed for another
   * record, altered, its key missing) throws SecretBoxError naming the key: never a guess. So does
   * a value still in the unbound v1 format: resealV1Credentials has bound every v1 value there was
   * before the service served, so one found now was written since, possibly another workspace's
   * old copy, and opening it would undo the binding.
   */
  async openGatewayCredentials(workspaceId: string, provider: string): Promise<GatewayCredentials | null> {
    const doc = await this.loadGateway(workspaceId, provider);
    if (!doc?.credentials) return null;
    const opened = this.box.open(doc.credentials, credentialsContext(workspaceId, provider));
    const credentials = JSON.parse(opened) as Record<string, string>;
    return { provider: doc.provider, mode: doc.mode ?? 'sandbox', credentials };
  }

  /**
   * Re-seals the credentials still in the v1 format (bound to nothing, common/secret-box.ts) bound
   * to their record's workspace and provider, with the ring's first key. A one-time pass
   * (PaymentSetupService.resealV1Credentials) that reads every connection once. Each re-seal is a
   * compare-and-set on the old sealed text, so of replicas starting at once one writes it, and
   * credentials replaced meanwhile stay as replaced. A v1 value that does not open (altered, its
   * key gone from the ring) is left as it is and reported; the open path refuses it either way.
   */
  async resealV1Credentials(): Promise<ResealReport> {
    const report: ResealReport = { resealed: 0, unopened: [] };
    const cursor = this.models.PaymentGateway.find({}, { workspace_id: 1, provider: 1, credentials: 1 })
      .lean<Pick<PaymentGatewayDoc, '_id' | 'workspace_id' | 'provider' | 'credentials'>>()
      .cursor();
    for await (const doc of cursor) {
      if (!doc.credentials || !isV1Sealed(doc.credentials)) continue;
      let resealed: string;
      try {
        resealed = this.box.resealV1(doc.credentials, credentialsContext(doc.workspace_id, doc.provider));
      } catch (err) {
        if (!(err instanceof SecretBoxError)) throw err;
        report.unopened.push({ id: doc._id, reason: err.message });
        continue;
      }
      const res = await this.models.PaymentGateway.updateOne(
        { _id: doc._id, credentials: doc.credentials },
        { $set: { credentials: resealed } },
      ).exec();
      report.resealed += res.modifiedCount;
    }
    return report;
  }

  /** Whether the one-time pass `id` is done in this database: one lookup by _id. */
  migrationDone(id: string): Promise<boolean> {
    return migrationDone(this.models.Migration, id);
  }

  /** Records the one-time pass `id` as done; another replica recording it too changes nothing. */
  markMigrationDone(id: string, now: Date): Promise<void> {
    return markMigrationDone(this.models.Migration, id, now);
  }

  private async loadGateway(workspaceId: string, provider: string): Promise<PaymentGatewayDoc | null> {
    return this.models.PaymentGateway.findOne({ _id: gatewayId(workspaceId, provider), workspace_id: workspaceId })
      .lean<PaymentGatewayDoc>()
      .exec();
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

  private async loadWorkspace(id: string): Promise<WorkspaceDoc> {
    const doc = await this.models.Workspace.findById(id).lean<WorkspaceDoc>().exec();
    if (!doc) throw new AppError('not_found', `Workspace ${id} does not exist.`);
    return doc;
  }
}
