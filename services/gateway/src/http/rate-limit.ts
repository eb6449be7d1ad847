import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RateLimitScope } from './metrics.ts';

/**
 * Exact sliding window (docs/architecture.md#rate-limits): each admitted request is a member of one
 * sorted set per scope it is limited in (its IP address, and once authenticated its workspace),
 * scored by Redis server time, so every gateway replica shares one count and one clock. One call
 * checks every scope it is given and records the request in all of them or in none, atomically. The
 * gateway records the IP before authentication and the workspace after; a request the workspace
 * limit refuses is taken back out of its IP's set (`release`), since a 429 does not count. Called
 * with record 0 it only looks.
 *
 * KEYS: the scopes' sets. ARGV: window ms, record (1/0), member, then each scope's limit.
 * Returns {1, remaining after this request per scope...} or {0, index of the full scope, seconds
 * until it frees a slot}.
 */
const SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local result = {1}
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[3 + i])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = redis.call('ZCARD', key)
  if count >= limit then
    -- The slot that frees first for this request: enough entries must expire to leave count < limit.
    local freeing = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
    local retry = math.ceil((tonumber(freeing[2]) + window - now) / 1000)
    if retry < 1 then retry = 1 end
    return {0, i, retry}
  end
  result[i + 1] = limit - count - 1
end
if ARGV[2] == '1' then
  for _, key in ipairs(KEYS) do
    redis.call('ZADD', key, now, ARGV[3])
    redis.call('PEXPIRE', key, window)
  end
end
return result
`;

export interface RateScope {
  key: string;
  limit: number;
  /** For the 429 message: "IP address", "workspace". */
  name: string;
  /** For the refusal counter. */
  scope: RateLimitScope;
}

export type RateDecision =
  /** remaining: left after this request, per scope in the order given. */
  { allowed: true; remaining: number[] } | { allowed: false; refusedBy: RateScope; retryAfterSeconds: number };

export type PlanLimits = Record<string, number>;

/** Requests per workspace per minute by plan (docs/architecture.md#rate-limits). */
export const defaultPlanLimits: PlanLimits = { professional: 10, specialist: 20, business: 30, enterprise: 60 };

/**
 * RATE_LIMIT_PLANS over the defaults (docs/architecture.md#rate-limits); the config's pattern has
 * already refused anything else.
 */
export function parsePlanLimits(json: string | undefined): PlanLimits {
  return { ...defaultPlanLimits, ...(json ? (JSON.parse(json) as PlanLimits) : {}) };
}

interface ScriptRedis {
  rateLimitScript(numKeys: number, ...args: (string | number)[]): Promise<number[]>;
}

export interface RateLimiterDeps {
  redis: Redis;
  /** The sliding window (RATE_LIMIT_WINDOW_MS). */
  windowMs: number;
}

export class RateLimiter {
  private readonly deps: RateLimiterDeps;

  constructor(deps: RateLimiterDeps) {
    deps.redis.defineCommand('rateLimitScript', { lua: SCRIPT });
    this.deps = deps;
  }

  /** The sliding window in ms, for the messages of a refusal. */
  get windowMs(): number {
    return this.deps.windowMs;
  }

  /**
   * Admits the request in every scope or refuses it; `record: false` only looks. `member` names
   * the request's entries, so that `release` can take them back.
   */
  async check(scopes: RateScope[], opts: { record: boolean; member?: string }): Promise<RateDecision> {
    const [allowed, ...rest] = await (this.deps.redis as unknown as ScriptRedis).rateLimitScript(
      scopes.length,
      ...scopes.map((scope) => scope.key),
      this.deps.windowMs,
      opts.record ? 1 : 0,
      opts.member ?? randomUUID(),
      ...scopes.map((scope) => scope.limit),
    );
    if (allowed === 1) return { allowed: true, remaining: rest };
    return { allowed: false, refusedBy: scopes[rest[0]! - 1]!, retryAfterSeconds: rest[1]! };
  }

  /** Takes a recorded request back out of `scopes`: one a later scope refused (a 429 does not count). */
  async release(scopes: RateScope[], member: string): Promise<void> {
    await Promise.all(scopes.map((scope) => this.deps.redis.zrem(scope.key, member)));
  }
}

export const rateKeys = {
  ip: (ip: string) => `rl:ip:${ip}`,
  workspace: (id: string) => `rl:ws:${id}`,
  /** Payment notifications, apart from the page and API requests of the same address. */
  notify: (ip: string) => `rl:notify:${ip}`,
};
