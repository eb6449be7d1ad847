import { randomUUID } from 'node:crypto';
import { AppError } from '@invoice-platform/common/errors';
import type { Context, Next } from 'koa';
import type { Authenticator, Principal } from './auth.ts';
import type { RateLimitPolicy } from './rate-limit-policy.ts';

export interface ApiGuardDeps {
  auth: Authenticator;
  rateLimits: RateLimitPolicy;
}

interface ApiState {
  principal?: Principal;
}

/**
 * Every /api request passes, in order: its IP limit, checked and recorded in one atomic step
 * before authentication (an unauthenticated flood is cut off without reaching accounts, and a
 * parallel burst cannot all pass a look before any of it is counted), authentication, then its
 * workspace limit, checked and recorded the same way.
 */
export function apiGuard(deps: ApiGuardDeps) {
  return async (ctx: Context, next: Next) => {
    const ip = deps.rateLimits.ipScope(ctx);
    const member = randomUUID();
    await deps.rateLimits.limit(ctx, [ip], member);
    const principal = await deps.auth.authenticate(ctx.get('Authorization') || undefined);
    const workspace = deps.rateLimits.workspaceScope(principal.workspace);
    if (workspace === undefined) throw new AppError('forbidden', 'The workspace plan does not include API access.');
    try {
      await deps.rateLimits.limit(ctx, [workspace], member);
    } catch (err) {
      if (AppError.isKind(err, 'rate_limited')) await deps.rateLimits.release([ip], member).catch(() => undefined);
      throw err;
    }
    (ctx.state as ApiState).principal = principal;
    await next();
  };
}

/** The principal the guard authenticated: set for every request it let through. */
export function principalOf(ctx: Context): Principal {
  return (ctx.state as ApiState).principal!;
}
