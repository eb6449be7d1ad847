import { AppError } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import { type ApiKey, apiKeyMatches, newApiKey, parseApiKey } from '../domain/api-keys.ts';
import { apiAccessRefusal, newApiKeyRefusal, type Plan, type PlanState } from '../domain/plans.ts';
import { workspaceEvent } from '../domain/workspace-events.ts';
import { maxNameLength, type Workspace } from '../domain/workspaces.ts';
import type { ApiKeyStore } from '../store/api-keys.ts';
import type { WorkspaceStore } from '../store/workspaces.ts';

export interface ApiKeyServiceDeps {
  apiKeys: ApiKeyStore;
  workspaces: WorkspaceStore;
  /** Active keys each plan allows. */
  keyLimits: Record<Plan, number>;
  /** Wakes the outbox relays after a write that queued events. */
  notifyOutbox: () => void;
  log: Logger;
  now?: () => Date;
}

/** API keys: authentication, creation within the plan's limit, revocation. */
export class ApiKeyService {
  private readonly deps: ApiKeyServiceDeps;

  constructor(deps: ApiKeyServiceDeps) {
    this.deps = deps;
  }

  private now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  async authenticate(rawKey: string): Promise<{ workspace: Workspace; keyId: string }> {
    const { apiKeys, workspaces } = this.deps;
    const keyId = parseApiKey(rawKey);
    if (!keyId) throw new AppError('forbidden', 'The API key is malformed.');
    const key = await apiKeys.findWithHash(keyId);
    if (!key || !apiKeyMatches(rawKey, key.hash)) throw new AppError('forbidden', 'The API key is invalid.');
    if (key.revoked_at) throw new AppError('forbidden', 'The API key has been revoked.');
    const ws = await workspaces.get(key.workspace_id);
    const refusal = apiAccessRefusal(ws as Workspace & { plan: Plan; plan_state: PlanState });
    if (refusal) throw new AppError('forbidden', refusal);
    // Not awaited: a lost last-use stamp must not fail or slow the request it describes.
    apiKeys
      .recordUse(key.id, this.now())
      .catch((err: unknown) => this.deps.log.warn({ err }, 'api key last_used_at update failed'));
    return { workspace: ws, keyId: key.id };
  }

  /** The key created, and the raw key, which is returned this once only. */
  async create(workspaceId: string, name: string | undefined): Promise<{ key: ApiKey; raw: string }> {
    const { keyLimits } = this.deps;
    const key = newApiKey();
    const at = this.now();
    const created = await this.deps.apiKeys.create(
      {
        id: key.keyId,
        workspace_id: workspaceId,
        name: (name ?? '').slice(0, maxNameLength),
        prefix: key.prefix,
        hash: key.hash,
      },
      (ws, activeKeys) => {
        const refusal = newApiKeyRefusal(ws.plan as Plan, keyLimits[ws.plan as Plan] ?? 0, activeKeys);
        if (refusal) throw refusal;
      },
      workspaceEvent('api_key.created', workspaceId, 1, { workspace_id: workspaceId, key_id: key.keyId }),
      at,
    );
    this.deps.notifyOutbox();
    return { key: created, raw: key.raw };
  }

  async list(workspaceId: string, includeRevoked: boolean): Promise<ApiKey[]> {
    await this.deps.workspaces.get(workspaceId);
    return this.deps.apiKeys.list(workspaceId, includeRevoked);
  }

  async revoke(workspaceId: string, keyId: string): Promise<ApiKey> {
    const at = this.now();
    const { key, changed } = await this.deps.apiKeys.revoke(
      workspaceId,
      keyId,
      workspaceEvent('api_key.revoked', workspaceId, 2, { workspace_id: workspaceId, key_id: keyId }),
      at,
    );
    if (changed) this.deps.notifyOutbox();
    return key;
  }
}
