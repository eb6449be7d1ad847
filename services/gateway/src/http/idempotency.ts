import { createHash, randomUUID } from 'node:crypto';
import { AppError } from '@invoice-platform/common/errors';
import type { Redis } from 'ioredis';

/** JSON with object keys sorted, so key order and white space do not change the fingerprint. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function fingerprint(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

interface Entry {
  state: 'processing' | 'done';
  fp: string;
  token?: string;
  body?: string;
}

export type IdempotencyOutcome = { kind: 'replay'; body: string } | { kind: 'proceed'; token: string };

// Deletes the in-flight marker only if it is still ours, so a late failure never erases a success.
const RELEASE = `
local v = redis.call('GET', KEYS[1])
if v and cjson.decode(v).token == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * Idempotency-Key handling of OpenAPI `generateInvoice` (scoped by workspace, method and path;
 * docs/architecture.md#idempotency): the first request marks the key in flight; a repeat while in
 * flight is 409, a repeat with a different body 422, a repeat after success gets the stored
 * response. Failures are not stored.
 */
export class IdempotencyStore {
  private readonly redis: Redis;
  private readonly ttlMs: number;
  private readonly inFlightMs: number;

  constructor(redis: Redis, ttlMs: number, inFlightMs = 120_000) {
    this.redis = redis;
    this.ttlMs = ttlMs;
    this.inFlightMs = inFlightMs;
    redis.defineCommand('idempotencyRelease', { numberOfKeys: 1, lua: RELEASE });
  }

  private key(workspaceId: string, method: string, path: string, idempotencyKey: string): string {
    const hashed = createHash('sha256').update(idempotencyKey).digest('hex');
    return `idem:${workspaceId}:${method}:${path}:${hashed}`;
  }

  async begin(
    scope: { workspaceId: string; method: string; path: string; key: string },
    fp: string,
  ): Promise<IdempotencyOutcome> {
    const key = this.key(scope.workspaceId, scope.method, scope.path, scope.key);
    const token = randomUUID();
    const entry: Entry = { state: 'processing', fp, token };
    const set = await this.redis.set(key, JSON.stringify(entry), 'PX', this.inFlightMs, 'NX');
    if (set === 'OK') return { kind: 'proceed', token };
    const raw = await this.redis.get(key);
    if (raw === null) return this.begin(scope, fp);
    const existing = JSON.parse(raw) as Entry;
    if (existing.fp !== fp)
      throw new AppError('unprocessable', 'This Idempotency-Key was already used with a different request body.');
    if (existing.state === 'processing')
      throw new AppError('conflict', 'A request with this Idempotency-Key is still being processed. Retry shortly.');
    return { kind: 'replay', body: existing.body! };
  }

  async succeed(
    scope: { workspaceId: string; method: string; path: string; key: string },
    fp: string,
    body: string,
  ): Promise<void> {
    const entry: Entry = { state: 'done', fp, body };
    await this.redis.set(
      this.key(scope.workspaceId, scope.method, scope.path, scope.key),
      JSON.stringify(entry),
      'PX',
      this.ttlMs,
    );
  }

  async fail(scope: { workspaceId: string; method: string; path: string; key: string }, token: string): Promise<void> {
    const release = (this.redis as unknown as { idempotencyRelease(key: string, token: string): Promise<number> })
      .idempotencyRelease;
    await release.call(this.redis, this.key(scope.workspaceId, scope.method, scope.path, scope.key), token);
  }
}
