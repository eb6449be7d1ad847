import { AppError } from '@invoice-platform/common/errors';
import type { Context } from 'koa';
import { type ClientIpResolver, ipLimitKey } from './client-ip.ts';
import { countRateLimitRefusal } from './metrics.ts';
import { type PlanLimits, type RateDecision, rateKeys, type RateLimiter, type RateScope } from './rate-limit.ts';

export interface RateLimitPolicyDeps {
  limiter: RateLimiter;
  ipResolver: ClientIpResolver;
  /** Requests per IP per window: the API before authentication, the public page and the public file. */
  ipLimit: number;
  /** Requests per workspace per window, by plan; a plan without one has no API access. */
  planLimits: PlanLimits;
  /** Notifications per IP per window, counted apart from the page and the API. */
  notifyLimit: number;
}

function setRateHeaders(ctx: Context, limit: number, remaining: number): void {
  ctx.set('X-RateLimit-Limit', String(limit));
  ctx.set('X-RateLimit-Remaining', String(Math.max(0, remaining)));
}

/**
 * Which limits a request of the public port counts against (docs/architecture.md#rate-limits):
 * its client's IP, its workspace by plan once authenticated, or for a provider's notification its
 * IP in a scope of its own; and the one rate-limiter call that counts it.
 */
export class RateLimitPolicy {
  private readonly deps: RateLimitPolicyDeps;

  constructor(deps: RateLimitPolicyDeps) {
    this.deps = deps;
  }

  ipScope(ctx: Context): RateScope {
    return {
      key: rateKeys.ip(ipLimitKey(this.clientIp(ctx))),
      limit: this.deps.ipLimit,
      name: 'IP address',
      scope: 'ip',
    };
  }

  /** The workspace's scope, or undefined when its plan does not include API access. */
  workspaceScope(workspace: { id: string; plan: string }): RateScope | undefined {
    const planLimit = this.deps.planLimits[workspace.plan];
    if (planLimit === undefined) return undefined;
    return { key: rateKeys.workspace(workspace.id), limit: planLimit, name: 'workspace', scope: 'workspace' };
  }

  /**
   * Providers notify from a few addresses, in bursts when many customers pay: a scope of its own,
   * so neither they nor customers on one NAT spend the other's allowance.
   */
  notifyScope(ctx: Context): RateScope {
    return {
      key: rateKeys.notify(ipLimitKey(this.clientIp(ctx))),
      limit: this.deps.notifyLimit,
      name: 'IP address',
      scope: 'notify',
    };
  }

  /**
   * Checks and records the request in `scopes` in one rate-limiter call; the last one is the limit
   * the client is shown (its IP before authentication, its workspace after). Refuses with 429,
   * showing the full scope's limit. `member` names the request's entries, for `release`.
   */
  async limit(ctx: Context, scopes: RateScope[], member?: string): Promise<void> {
    const shown = scopes.at(-1)!;
    let decision: RateDecision;
    try {
      decision = await this.deps.limiter.check(scopes, { record: true, member });
    } catch {
      // Every response carries the headers (docs/architecture.md#rate-limits); without Redis nothing
      // can be counted, so none is left.
      setRateHeaders(ctx, shown.limit, 0);
      throw new AppError('unavailable', 'rate limiter unavailable');
    }
    if (!decision.allowed) {
      const { refusedBy, retryAfterSeconds } = decision;
      countRateLimitRefusal(refusedBy.scope);
      setRateHeaders(ctx, refusedBy.limit, 0);
      throw new AppError(
        'rate_limited',
        `Rate limit of ${refusedBy.limit} requests per ${this.deps.limiter.windowMs / 1000} s per ${refusedBy.name} ` +
          `exceeded. Retry after ${retryAfterSeconds} s.`,
        { retry_after: retryAfterSeconds },
      );
    }
    setRateHeaders(ctx, shown.limit, decision.remaining.at(-1)!);
  }

  /** The public page and the public file: the client's IP limit alone. */
  limitIp(ctx: Context): Promise<void> {
    return this.limit(ctx, [this.ipScope(ctx)]);
  }

  /** A provider's notification: its IP, in the notifications' own scope. */
  limitNotify(ctx: Context): Promise<void> {
    return this.limit(ctx, [this.notifyScope(ctx)]);
  }

  /**
   * The sender as the limits count it (its IP, an IPv6 /64): the payment service charges the
   * provider calls of notifications their provider does not confirm to it.
   */
  senderKey(ctx: Context): string {
    return ipLimitKey(this.clientIp(ctx));
  }

  /** Takes the request recorded as `member` back out of `scopes` (a later scope refused it). */
  release(scopes: RateScope[], member: string): Promise<void> {
    return this.deps.limiter.release(scopes, member);
  }

  private clientIp(ctx: Context): string {
    return this.deps.ipResolver.resolve(ctx.req.socket.remoteAddress, ctx.get('X-Forwarded-For') || undefined);
  }
}
