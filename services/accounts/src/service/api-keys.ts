import { AppError } from '@invoice-platform/common/errors';
import { apiKeyMatches, newApiKey, parseApiKey } from '../domain/api-keys.ts';
import { apiAccessRefusal, newApiKeyRefusal, type Plan, type PlanState } from '../domain/plans.ts';
import { workspaceEvent } from '../events/workspace-events.ts';
import type { ApiKey, Workspace } from '../store/repository.ts';
import { type AccountsDeps, maxNameLength } from './deps.ts';

/** API keys: authentication, creation within the plan's limit, revocation. */
export class ApiKeyService {
  private readonly deps: AccountsDeps;

  constructor(deps: AccountsDeps) {
    this.deps = deps;
  }

  private now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  async authenticate(rawKey: string): Promise<{ workspace: Workspace; keyId: string }> {
    const { repo } = this.deps;
    const keyId = parseApiKey(rawKey);
    if (!keyId) throw new AppError('forbidden', 'The API key is malformed.');
    const key = await repo.findApiKeyWithHash(keyId);
    if (!key || !apiKeyMatches(rawKey, key.hash)) throw new AppError('forbidden', 'The API key is invalid.');
    if (key.revoked_at) throw new AppError('forbidden', 'The API key has been revoked.');
    const ws = await repo.getWorkspace(key.workspace_id);
    const refusal = apiAccessRefusal(ws as Workspace & { plan: Plan; plan_state: PlanState });
    if (refusal) throw new AppError('forbidden', refusal);
    // Not awaited: a lost last-use stamp must not fail or slow the request it describes.
    repo
      .recordKeyUse(key.id, this.now())
      .catch((err: unknown) => this.deps.log.warn({ err }, 'api key last_used_at update failed'));
    return { workspace: ws, keyId: key.id };
  }

  /** The key created, and the raw key, which is returned this once only. */
  async create(workspaceId: string, name: string | undefined): Promise<{ key: ApiKey; raw: string }> {
    const { keyLimits } = this.deps;
    const key = newApiKey();
    const at = this.now();
    const created = await this.deps.repo.createApiKey(
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
      workspaceEvent('api_key.created', workspaceId, 1, { workspace_id: workspaceId, key_id: key.keyId }, at),
      at,
    );
    this.deps.notifyOutbox();
    return { key: created, raw: key.raw };
  }

  async list(workspaceId: string, includeRevoked: boolean): Promise<ApiKey[]> {
    await this.deps.repo.getWorkspace(workspaceId);
    return this.deps.repo.listApiKeys(workspaceId, includeRevoked);
  }

  async revoke(workspaceId: string, keyId: string): Promise<ApiKey> {
    const at = this.now();
    const { key, changed } = await this.deps.repo.revokeApiKey(
      workspaceId,
      keyId,
      workspaceEvent('api_key.revoked', workspaceId, 2, { workspace_id: workspaceId, key_id: keyId }, at),
      at,
    );
    if (changed) this.deps.notifyOutbox();
    return key;
  }
}
