import { createHash } from 'node:crypto';
import type { WorkspaceProfile } from '@invoice-platform/common/contracts/workspace';
import { AppError } from '@invoice-platform/common/errors';
import type { AccountsClient } from '../service/peers.ts';

export interface Principal {
  keyId: string;
  workspace: WorkspaceProfile;
}

interface CacheEntry {
  principal: Principal;
  expiresAt: number;
}

const maxEntries = 10_000;

export interface AuthenticatorDeps {
  accounts: AccountsClient;
  /** How long an accepted key is answered from the cache (AUTH_CACHE_TTL_MS); 0: never cached. */
  ttlMs: number;
}

/**
 * Resolves Bearer keys to workspaces through the accounts service, keeping successful answers
 * briefly. Entries are dropped as soon as workspace.v1 says the key or workspace changed, so a
 * revoked key stops working well before the TTL; the TTL only bounds staleness if an event is late.
 */
export class Authenticator {
  private readonly deps: AuthenticatorDeps;
  private readonly cache = new Map<string, CacheEntry>();
  /** Counts invalidations: a lookup that saw one while in flight may carry the old answer, so it is not cached. */
  private invalidations = 0;

  constructor(deps: AuthenticatorDeps) {
    this.deps = deps;
  }

  async authenticate(header: string | undefined): Promise<Principal> {
    if (header === undefined || header === '')
      throw new AppError('forbidden', 'The Authorization header is missing. Send Authorization: Bearer <API_KEY>.');
    // RFC 9110 §11.1: the scheme is case-insensitive, and one or more spaces separate it from the token.
    const match = /^bearer +([\x21-\x7e]+)$/i.exec(header);
    if (!match)
      throw new AppError('forbidden', 'The Authorization header is malformed. Send Authorization: Bearer <API_KEY>.');
    const rawKey = match[1]!;
    const cacheKey = createHash('sha256').update(rawKey).digest('hex');
    const hit = this.cache.get(cacheKey);
    if (hit && hit.expiresAt > Date.now()) return hit.principal;
    const invalidationsBefore = this.invalidations;
    const res = await this.deps.accounts.call('AuthenticateApiKey', { raw_key: rawKey });
    // Accounts answers a key it accepts with its workspace, always; a reply without one is its bug.
    if (!res.workspace) throw new AppError('internal', 'the accounts service answered without a workspace');
    const principal: Principal = { keyId: res.key_id, workspace: res.workspace };
    if (this.deps.ttlMs > 0 && this.invalidations === invalidationsBefore) {
      this.cache.delete(cacheKey);
      this.cache.set(cacheKey, { principal, expiresAt: Date.now() + this.deps.ttlMs });
      if (this.cache.size > maxEntries) this.cache.delete(this.cache.keys().next().value!);
    }
    return principal;
  }

  invalidateKey(keyId: string): void {
    this.invalidations++;
    for (const [k, entry] of this.cache) if (entry.principal.keyId === keyId) this.cache.delete(k);
  }

  invalidateWorkspace(workspaceId: string): void {
    this.invalidations++;
    for (const [k, entry] of this.cache) if (entry.principal.workspace.id === workspaceId) this.cache.delete(k);
  }
}
