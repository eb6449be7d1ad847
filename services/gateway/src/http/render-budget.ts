import { AppError } from '@invoice-platform/common/errors';
import { countRateLimitRefusal } from './metrics.ts';
import { type RateLimiter, type RateScope } from './rate-limit.ts';

/**
 * What one workspace may spend of the shared PDF renderer beyond its request limit: forced
 * re-renders (`POST …/pdf {"force":true}`) and generates whose PDF failed to render use no credit,
 * so without a budget of their own a workspace could repeat them all day and keep the pages busy
 * for everyone (services/pdf/README.md "Fairness" is the other half). Same sliding window as the
 * rate limits; a spent budget is a 429 with Retry-After.
 */
export interface RenderBudgetDeps {
  limiter: RateLimiter;
  /** Forced re-renders per workspace per window (RENDER_FORCED_PER_WINDOW). */
  forcedLimit: number;
  /** Generates whose PDF failed to render, per workspace per window (RENDER_FAILED_PER_WINDOW). */
  failedLimit: number;
}

export class RenderBudget {
  private readonly deps: RenderBudgetDeps;

  constructor(deps: RenderBudgetDeps) {
    this.deps = deps;
  }

  /** Counts a forced re-render, or refuses it when the workspace's budget is spent. */
  async spendForced(workspaceId: string): Promise<void> {
    await this.take(
      {
        key: `rl:render:forced:${workspaceId}`,
        limit: this.deps.forcedLimit,
        name: 'forced PDF renders of the workspace',
        scope: 'render_forced',
      },
      true,
    );
  }

  /** Refuses a generate while the workspace's failed renders have spent their budget. */
  async checkFailed(workspaceId: string): Promise<void> {
    await this.take(this.failedScope(workspaceId), false);
  }

  /** Counts a generate whose PDF could not be rendered. */
  async recordFailed(workspaceId: string): Promise<void> {
    await this.deps.limiter.check([this.failedScope(workspaceId)], { record: true }).catch(() => undefined);
  }

  private failedScope(workspaceId: string): RateScope {
    return {
      key: `rl:render:failed:${workspaceId}`,
      limit: this.deps.failedLimit,
      name: 'failed PDF renders of the workspace',
      scope: 'render_failed',
    };
  }

  private async take(scope: RateScope, record: boolean): Promise<void> {
    const decision = await this.deps.limiter.check([scope], { record });
    if (decision.allowed) return;
    countRateLimitRefusal(scope.scope);
    throw new AppError(
      'rate_limited',
      `Too many ${scope.name}: at most ${scope.limit} per ${this.deps.limiter.windowMs / 1000} s. ` +
        `Retry after ${decision.retryAfterSeconds} s.`,
      { retry_after: decision.retryAfterSeconds },
    );
  }
}

/** The 400 for a generate whose PDF could not be rendered (no credit used). */
export function isRenderFailure(err: unknown): boolean {
  return AppError.isKind(err, 'application') && /PDF could not be generated/.test((err as Error).message);
}
