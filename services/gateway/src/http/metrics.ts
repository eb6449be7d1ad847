import type Router from '@koa/router';
import { meter, secondsBuckets } from '@invoice-platform/common/metrics';
import type { Context, Next } from 'koa';

const requestDuration = meter().createHistogram('http.server.request.duration_seconds', {
  description: 'Duration of HTTP requests the gateway answered, by route template and status code.',
  unit: 's',
  advice: { explicitBucketBoundaries: secondsBuckets },
});

const refusals = meter().createCounter('invoice_platform.rate_limit.refused', {
  description: 'Requests refused with 429, by the limit that refused them.',
  unit: '{request}',
});

/** Which limit refused a request: `ip`, `workspace`, `notify`, `render_forced` or `render_failed`. */
export type RateLimitScope = 'ip' | 'workspace' | 'notify' | 'render_forced' | 'render_failed';

export function countRateLimitRefusal(scope: RateLimitScope): void {
  refusals.add(1, { scope });
}

/**
 * Times every request of an app, outermost (so the status is the one sent, errors included) and
 * labelled by route template, never the raw path, so ids do not make a series each. A request
 * refused before its router ran (a 429 or 401 of the API guard) still gets its template from
 * `routers`; a path no route knows has no `http.route`.
 */
export function httpMetrics(routers: Router[]) {
  return async (ctx: Context, next: Next) => {
    const startedAt = performance.now();
    try {
      await next();
    } finally {
      const route = routeOf(ctx, routers);
      requestDuration.record((performance.now() - startedAt) / 1000, {
        'http.request.method': ctx.method,
        'http.response.status_code': ctx.status,
        ...(route ? { 'http.route': route } : {}),
      });
    }
  };
}

function routeOf(ctx: Context, routers: Router[]): string | undefined {
  const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
  if (typeof matched === 'string') return matched;
  // The first layer that matches is the one that would have answered (…/templates before …/:id).
  for (const router of routers) {
    const layer = router.match(ctx.path, ctx.method).pathAndMethod.find((l) => l.methods.length > 0);
    if (typeof layer?.path === 'string') return layer.path;
  }
  return undefined;
}
