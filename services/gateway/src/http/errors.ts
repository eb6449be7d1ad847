import { AppError, errorEnvelope } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import type { Context, Next } from 'koa';

/** Long enough for a restarted peer to serve again or Kubernetes to route around it. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
/**
 * Every 409 is a race with another request on the same thing (an Idempotency-Key in flight, a
 * concurrent change of an invoice or series) that ends within a request's time: a second, not 5.
 */
export const CONFLICT_RETRY_AFTER_SECONDS = 1;

/**
 * The one place where failures become HTTP: an AppError keeps its kind, Koa's own HTTP errors
 * (405 from the router) keep their status, anything else is logged and answered as a bare 500.
 */
export function errorMiddleware(log: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (err) {
      const appError = toAppError(err);
      if (appError.status >= 500 && appError.kind !== 'not_implemented')
        log.error({ err, method: ctx.method, path: ctx.path }, 'request failed');
      ctx.status = appError.status;
      ctx.body = errorEnvelope(appError);
      if (appError.kind === 'rate_limited' && typeof appError.details?.retry_after === 'number') {
        ctx.set('Retry-After', String(appError.details.retry_after));
      }
      // A peer, Redis or a service's database away (gRPC UNAVAILABLE or a missed deadline both
      // arrive as `unavailable`): the client may retry the same request shortly (docs/health.md).
      if (appError.kind === 'unavailable') ctx.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      if (appError.kind === 'conflict') ctx.set('Retry-After', String(CONFLICT_RETRY_AFTER_SECONDS));
    }
  };
}

function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const status = (err as { status?: unknown }).status;
  if (status === 405) return new AppError('method_not_allowed', 'This method is not allowed on this path.');
  if (status === 501) return new AppError('not_implemented', 'This method is not implemented.');
  return new AppError('internal', 'unexpected error');
}

export function notFound(): AppError {
  return new AppError('not_found', 'No such endpoint. See /openapi.json for the API.');
}
