import Router from '@koa/router';
import { AppError } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import Koa, { type Context, type Next } from 'koa';
import type { Authenticator, Principal } from './auth.ts';
import { readJsonBody } from './body.ts';
import type { ClientIpResolver } from './client-ip.ts';
import { errorMiddleware, notFound } from './errors.ts';
import type { PublicPdf } from './public-pdf.ts';
import { type PlanLimits, type RateDecision, rateKeys, type RateLimiter } from './rate-limit.ts';
import type { RouteSpec } from './schemas/routes.ts';
import { compileRoute } from './validation.ts';

export interface RouteInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  idempotencyKey?: string;
}

export interface HandlerResult {
  /** A JSON-serializable body, or the exact JSON text to send (idempotent replays). */
  body: unknown;
  rawJson?: string;
  headers?: Record<string, string>;
}

export type RouteHandler = (req: { input: RouteInput; principal: Principal; ctx: Context }) => Promise<HandlerResult>;

export interface PublicAppDeps {
  log: Logger;
  routes: RouteSpec[];
  handlers: Record<string, RouteHandler>;
  auth: Authenticator;
  limiter: RateLimiter;
  ipResolver: ClientIpResolver;
  ipLimit: number;
  planLimits: PlanLimits;
  bodyLimit: number;
  openapi: () => object;
  readiness: () => Promise<{ ready: boolean; checks: Record<string, boolean> }>;
  /** The public invoice file {base_url}/p/invoice/{id}/pdf; the unguessable id is the capability. */
  publicPdf?: (invoiceId: string) => Promise<PublicPdf>;
}

interface ApiState {
  principal?: Principal;
}

function setRateHeaders(ctx: Context, d: RateDecision): void {
  ctx.set('X-RateLimit-Limit', String(d.limit));
  ctx.set('X-RateLimit-Remaining', String(Math.max(0, d.remaining)));
}

function refuse(ctx: Context, d: RateDecision, scope: string): never {
  setRateHeaders(ctx, d);
  throw new AppError(
    'rate_limited',
    `Rate limit of ${d.limit} requests per minute per ${scope} exceeded. Retry after ${d.retryAfterSeconds} s.`,
    {
      retry_after: d.retryAfterSeconds,
    },
  );
}

/**
 * Every /api request passes, in order: the IP limit (before authentication, so unauthenticated
 * floods are cut off too), authentication, the workspace limit, then validation and the handler.
 */
function apiGuard(deps: PublicAppDeps) {
  return async (ctx: Context, next: Next) => {
    const ip = deps.ipResolver.resolve(ctx.req.socket.remoteAddress, ctx.get('X-Forwarded-For') || undefined);
    const ipDecision = await guardRedis(() => deps.limiter.hit(rateKeys.ip(ip), deps.ipLimit));
    if (!ipDecision.allowed) refuse(ctx, ipDecision, 'IP address');
    setRateHeaders(ctx, ipDecision);

    const principal = await deps.auth.authenticate(ctx.get('Authorization') || undefined);
    const planLimit = deps.planLimits[principal.workspace.plan];
    if (planLimit === undefined) throw new AppError('forbidden', 'The workspace plan does not include API access.');
    const wsDecision = await guardRedis(() =>
      deps.limiter.hit(rateKeys.workspace(principal.workspace.id), planLimit, {
        key: rateKeys.ip(ip),
        member: ipDecision.member,
      }),
    );
    if (!wsDecision.allowed) refuse(ctx, wsDecision, 'workspace');
    setRateHeaders(ctx, wsDecision);
    (ctx.state as ApiState).principal = principal;
    await next();
  };
}

async function guardRedis<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch {
    throw new AppError('unavailable', 'rate limiter unavailable');
  }
}

export function createPublicApp(deps: PublicAppDeps): Koa {
  const app = new Koa();
  app.proxy = false;
  app.use(errorMiddleware(deps.log));

  const open = new Router();
  open.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  open.get('/readyz', async (ctx) => {
    const { ready, checks } = await deps.readiness();
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'not ready', checks };
  });
  open.get('/openapi.json', (ctx) => {
    ctx.body = deps.openapi();
  });
  app.use(open.routes());

  // Customers open the public file without a key; the IP limit still applies.
  const publicRouter = new Router();
  publicRouter.get('/p/invoice/:id/pdf', async (ctx) => {
    const ip = deps.ipResolver.resolve(ctx.req.socket.remoteAddress, ctx.get('X-Forwarded-For') || undefined);
    const decision = await guardRedis(() => deps.limiter.hit(rateKeys.ip(ip), deps.ipLimit));
    if (!decision.allowed) refuse(ctx, decision, 'IP address');
    setRateHeaders(ctx, decision);
    const id = ctx.params.id ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id) || !deps.publicPdf) throw notFound();
    const file = await deps.publicPdf(id);
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="${file.downloadName.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.length = file.sizeBytes;
    // Headers are out by then: a failure mid-file can only cut the connection (the client sees
    // fewer bytes than Content-Length), never a 200 that looks complete.
    file.body.once('error', (err) => {
      deps.log.warn({ err: err.message, invoice_id: id }, 'public pdf stream failed');
      ctx.req.socket.destroy();
    });
    ctx.body = file.body;
  });
  app.use(publicRouter.routes());

  const guard = apiGuard(deps);
  app.use((ctx, next) => (ctx.path.startsWith('/api/') ? guard(ctx, next) : next()));

  const api = new Router();
  for (const route of deps.routes) {
    const validator = compileRoute(route);
    const handler = deps.handlers[route.operationId];
    api[route.method](route.path, async (ctx) => {
      const body = route.body ? await readJsonBody(ctx.req, deps.bodyLimit) : undefined;
      ctx.state.rawBody = body;
      const input = validator.validate({
        params: ctx.params,
        query: ctx.query,
        body,
        headers: ctx.headers,
      }) as RouteInput;
      if (!handler) throw new AppError('not_implemented', `${route.summary} is not available yet.`);
      const result = await handler({ input, principal: (ctx.state as ApiState).principal!, ctx });
      ctx.status = 200;
      for (const [name, value] of Object.entries(result.headers ?? {})) ctx.set(name, value);
      if (result.rawJson !== undefined) {
        ctx.type = 'application/json';
        ctx.body = result.rawJson;
      } else ctx.body = result.body;
    });
  }
  app.use(api.routes());
  app.use(api.allowedMethods({ throw: true }));
  app.use(() => {
    throw notFound();
  });
  return app;
}
