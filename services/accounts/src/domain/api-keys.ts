import { createHash, timingSafeEqual } from 'node:crypto';
import { randomBase62 } from '@invoice-platform/common/ids';
import type { Workspace } from './workspaces.ts';

/** An API key as lists show it: never its hash. */
export interface ApiKey {
  id: string;
  workspace_id: string;
  name: string;
  prefix: string;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

export type ApiKeyWithHash = ApiKey & { hash: string };

/** What a new key is stored with. */
export type ApiKeyToStore = Pick<ApiKeyWithHash, 'id' | 'workspace_id' | 'name' | 'prefix' | 'hash'>;

/**
 * Decides whether a workspace may take one more key place, given how many its active keys hold:
 * throws the refusal when it may not.
 */
export type KeyPlaceCheck = (ws: Workspace, activeKeys: number) => void;

/**
 * Raw key: `ipk_<key id>_<secret>`. The key id (public, 12 chars) finds the record; the stored
 * SHA-256 of the whole key is compared in constant time. The raw key itself is never stored.
 */
const KEY_PATTERN = /^ipk_([A-Za-z0-9]{12})_([A-Za-z0-9]{32,64})$/;

export interface NewApiKey {
  keyId: string;
  prefix: string;
  raw: string;
  hash: string;
}

export function newApiKey(): NewApiKey {
  const keyId = randomBase62(9).slice(-12);
  const raw = `ipk_${keyId}_${randomBase62(24)}`;
  return { keyId, prefix: `ipk_${keyId}`, raw, hash: hashApiKey(raw) };
}

export function hashApiKey(raw: string): string {
  return createHash('sha256').update(raw, 'utf8').digest('hex');
}

/** The key id of a well-formed key, or null. */
export function parseApiKey(raw: string): string | null {
  return KEY_PATTERN.exec(raw)?.[1] ?? null;
}

export function apiKeyMatches(raw: string, storedHash: string): boolean {
  const a = Buffer.from(hashApiKey(raw), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
