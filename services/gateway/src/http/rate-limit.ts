import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Exact sliding window (DESIGN.md §3): each admitted request is a member of a sorted set scored
 * by Redis server time, so every gateway replica shares one count and one clock. A refused
 * request is not recorded, and when the workspace limit refuses a request that the IP limit had
 * already admitted, the same call takes the IP entry back: a 429 never counts.
 */
const SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count >= limit then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  local retry = 1
  if oldest[2] then
    retry = math.ceil((tonumber(oldest[2]) + window - now) / 1000)
    if retry < 1 then retry = 1 end
  end
  if KEYS[2] then redis.call('ZREM', KEYS[2], ARGV[4]) end
  return {0, 0, retry}
end
redis.call('ZADD', key, now, ARGV[3])
redis.call('PEXPIRE', key, window)
return {1, limit - count - 1, 0}
`;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  retryAfterSeconds: number;
}

export type PlanLimits = Record<string, number>;

/** Requests per workspace per minute by plan (spec §8). */
export const defaultPlanLimits: PlanLimits = { professional: 10, specialist: 20, business: 30, enterprise: 60 };

export function parsePlanLimits(json: string | undefined): PlanLimits {
  if (!json) return { ...defaultPlanLimits };
  const parsed = JSON.parse(json) as Record<string, unknown>;
  const limits = { ...defaultPlanLimits };
  for (const [plan, limit] of Object.entries(parsed)) {
    if (!Number.isInteger(limit) || (limit as number) < 1)
      throw new Error(`RATE_LIMIT_PLANS: ${plan} must be a positive integer`);
    limits[plan] = limit as number;
  }
  return limits;
}

interface ScriptRedis {
  rateLimitScript(numKeys: number, ...args: (string | number)[]): Promise<[number, number, number]>;
}

export class RateLimiter {
  private readonly redis: ScriptRedis;
  private readonly windowMs: number;

  constructor(redis: Redis, windowMs: number) {
    redis.defineCommand('rateLimitScript', { lua: SCRIPT });
    this.redis = redis as unknown as ScriptRedis;
    this.windowMs = windowMs;
  }

  /** Admits or refuses one request against `key`; on refusal, removes `release` (an earlier admission) if given. */
  async hit(
    key: string,
    limit: number,
    release?: { key: string; member: string },
  ): Promise<RateDecision & { member: string }> {
    const member = randomUUID();
    const keys = release ? [key, release.key] : [key];
    const [allowed, remaining, retry] = await this.redis.rateLimitScript(
      keys.length,
      ...keys,
      limit,
      this.windowMs,
      member,
      release?.member ?? '',
    );
    return { allowed: allowed === 1, limit, remaining, retryAfterSeconds: retry, member };
  }
}

export const rateKeys = {
  ip: (ip: string) => `rl:ip:${ip}`,
  workspace: (id: string) => `rl:ws:${id}`,
};
