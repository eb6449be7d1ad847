import { createHash, randomUUID } from 'node:crypto';
import { AppError } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import { keepRenewed, type LeaseRenewal } from '@invoice-platform/common/store/leases';
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

export interface IdempotencyScope {
  workspaceId: string;
  method: string;
  path: string;
  key: string;
}

export type IdempotencyOutcome = { kind: 'replay'; body: string } | { kind: 'proceed'; lease: IdempotencyLease };

// Deletes the in-flight marker only if it is still ours, so a late failure never erases a success
// or the marker of a request that began after ours lapsed.
const RELEASE = `
local v = redis.call('GET', KEYS[1])
if v and cjson.decode(v).token == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

// Extends the in-flight marker only if it is still ours: a renewal late by a lease (a stalled
// holder) must neither revive a lapsed marker nor lengthen the marker of the request holding it now.
const RENEW = `
local v = redis.call('GET', KEYS[1])
if v and cjson.decode(v).token == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

interface Scripts {
  idempotencyRelease(key: string, token: string): Promise<number>;
  idempotencyRenew(key: string, token: string, leaseMs: number): Promise<number>;
}

export interface IdempotencyStoreDeps {
  redis: Redis;
  /** How long a success is replayed (IDEMPOTENCY_TTL_MS). */
  ttlMs: number;
  /** How long an in-flight marker outlives its last renewal (IDEMPOTENCY_LEASE_MS). */
  leaseMs?: number;
  log?: Logger;
}

type LeaseDeps = Required<Omit<IdempotencyStoreDeps, 'log'>> & Pick<IdempotencyStoreDeps, 'log'>;

/** The key a lease holds its marker under, and what the marker says. */
interface Marker {
  redisKey: string;
  scope: IdempotencyScope;
  fp: string;
  token: string;
}

/**
 * The in-flight marker of one request, renewed every third of the lease while the request runs.
 * It must end with its request: if the gateway dies, renewals stop with it and the marker lapses
 * within a lease, so the client's retry is served instead of getting 409s for a request nobody is
 * processing. Every outcome ends it: succeed (stores the response), fail (releases the marker),
 * stop, or a renewal that finds the marker no longer ours.
 */
export class IdempotencyLease {
  readonly token: string;
  private readonly deps: LeaseDeps;
  private readonly redisKey: string;
  private readonly scope: IdempotencyScope;
  private readonly fp: string;
  private readonly renewal: LeaseRenewal;

  constructor(deps: LeaseDeps, marker: Marker) {
    this.deps = deps;
    this.redisKey = marker.redisKey;
    this.scope = marker.scope;
    this.fp = marker.fp;
    this.token = marker.token;
    const workspace_id = this.scope.workspaceId;
    this.renewal = keepRenewed({
      leaseMs: deps.leaseMs,
      renew: async () =>
        (await (deps.redis as unknown as Scripts).idempotencyRenew(this.redisKey, this.token, deps.leaseMs)) !== 0,
      // Lapsed (renewals failed for a whole lease) and perhaps taken by a retry: the request goes
      // on, the invoice service's own key check keeps it to one invoice.
      onLost: () => deps.log?.warn({ workspace_id }, 'idempotency lease lost'),
      // A Redis hiccup (REDIS_COMMAND_TIMEOUT_MS) must not fail the request: the marker still has
      // up to two thirds of a lease, and the next renewal tries again.
      onError: (err) =>
        deps.log?.warn({ workspace_id, err: (err as Error).message }, 'idempotency lease renewal failed'),
    });
  }

  /** True while renewals run: not once the lease ended or a renewal found the marker gone. */
  get held(): boolean {
    return this.renewal.held;
  }

  /** Ends the renewals and leaves the marker to lapse; succeed and fail call it first. */
  stop(): void {
    this.renewal.stop();
  }

  /**
   * Stores the response for replays, whoever holds the marker by now: a success is the one answer
   * for the key (a request that began after ours lapsed gets the same invoice from the invoice
   * service, or a 422 for another body), so overwriting a newer holder's marker loses nothing.
   * Never throws: the invoice exists, so a response that could not be stored (Redis gone
   * meanwhile) still goes to the client, and a retry with the key is answered from the invoice
   * service's own record of it.
   */
  async succeed(body: string): Promise<void> {
    this.stop();
    const entry: Entry = { state: 'done', fp: this.fp, body };
    try {
      await this.deps.redis.set(this.redisKey, JSON.stringify(entry), 'PX', this.deps.ttlMs);
    } catch (err) {
      this.deps.log?.warn(
        { workspace_id: this.scope.workspaceId, err: (err as Error).message },
        'idempotent response not stored',
      );
    }
  }

  /** Releases the marker, if still ours, so the client can retry with the same key at once. */
  async fail(): Promise<void> {
    this.stop();
    await (this.deps.redis as unknown as Scripts).idempotencyRelease(this.redisKey, this.token);
  }
}

/**
 * Idempotency-Key handling of OpenAPI `generateInvoice` (scoped by workspace, method and path;
 * docs/architecture.md#idempotency): the first request marks the key in flight (a lease, see
 * IdempotencyLease); a repeat while in flight is 409, a repeat with a different body 422, a repeat
 * after success gets the stored response. Failures are not stored.
 */
export class IdempotencyStore {
  private readonly deps: LeaseDeps;

  constructor(deps: IdempotencyStoreDeps) {
    this.deps = { redis: deps.redis, ttlMs: deps.ttlMs, leaseMs: deps.leaseMs ?? 10_000, log: deps.log };
    deps.redis.defineCommand('idempotencyRelease', { numberOfKeys: 1, lua: RELEASE });
    deps.redis.defineCommand('idempotencyRenew', { numberOfKeys: 1, lua: RENEW });
  }

  private key(scope: IdempotencyScope): string {
    const hashed = createHash('sha256').update(scope.key).digest('hex');
    return `idem:${scope.workspaceId}:${scope.method}:${scope.path}:${hashed}`;
  }

  /** A `proceed` holds a lease that renews itself until its succeed, fail or stop: call one of them. */
  async begin(scope: IdempotencyScope, fp: string): Promise<IdempotencyOutcome> {
    const key = this.key(scope);
    const token = randomUUID();
    const entry: Entry = { state: 'processing', fp, token };
    // Without Redis no key can be marked or replayed: the request is refused as the rate limiter
    // refuses one (503, Retry-After), never run unmarked and never a 500.
    const redis = <T>(command: Promise<T>) =>
      command.catch(() => {
        throw new AppError('unavailable', 'idempotency store unavailable');
      });
    const set = await redis(this.deps.redis.set(key, JSON.stringify(entry), 'PX', this.deps.leaseMs, 'NX'));
    if (set === 'OK')
      return { kind: 'proceed', lease: new IdempotencyLease(this.deps, { redisKey: key, scope, fp, token }) };
    const raw = await redis(this.deps.redis.get(key));
    if (raw === null) return this.begin(scope, fp);
    const existing = JSON.parse(raw) as Entry;
    if (existing.fp !== fp)
      throw new AppError('unprocessable', 'This Idempotency-Key was already used with a different request body.');
    if (existing.state === 'processing')
      throw new AppError('conflict', 'A request with this Idempotency-Key is still being processed. Retry shortly.');
    return { kind: 'replay', body: existing.body! };
  }
}
