import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { AppError } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import Koa, { type Context, type Next } from 'koa';
import type { Authenticator, Principal } from './auth.ts';
import { readJsonBody } from './body.ts';
import { type ClientIpResolver, ipLimitKey } from './client-ip.ts';
import { errorMiddleware, notFound } from './errors.ts';
import { countRateLimitRefusal, httpMetrics } from './metrics.ts';
import type { PublicPageBackend } from './public/backend.ts';
import { setPdfHeaders } from './public/headers.ts';
import { publicPageRouter } from './public/routes.ts';
import type { PublicPdf } from './public-pdf.ts';
import { type PlanLimits, type RateDecision, rateKeys, type RateLimiter, type RateScope } from './rate-limit.ts';
import type { OperationId, RouteSpec } from './schemas/routes.ts';
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
/** One handler per operation of the public API, no more, no fewer. */
export type Handlers = Record<OperationId, RouteHandler>;

export interface PublicAppDeps {
  log: Logger;
  routes: RouteSpec[];
  handlers: Handlers;
  auth: Authenticator;
  limiter: RateLimiter;
  ipResolver: ClientIpResolver;
  ipLimit: number;
  planLimits: PlanLimits;
  bodyLimit: number;
  openapi: () => object;
  /** True when this gateway can serve its own requests (docs/health.md); peers are not asked. */
  readiness: () => Promise<boolean>;
  /** The public invoice file {base_url}/p/invoice/{id}/pdf; the unguessable id is the capability. */
  publicPdf?: (invoiceId: string) => Promise<PublicPdf>;
  /** The public invoice page, its Pay form and the providers' notification routes (docs/public-page.md). */
  invoicePage?: {
    backend: PublicPageBackend;
    /** The public {base_url}. */
    publicBaseUrl: string;
    /** CSP sources the Pay form's redirect to a provider may go to. */
    payRedirectSources: string;
    /** Notifications per IP per window, counted apart from the page and the API. */
    notifyLimit: number;
  };
}

interface ApiState {
  principal?: Principal;
}

function setRateHeaders(ctx: Context, limit: number, remaining: number): void {
  ctx.set('X-RateLimit-Limit', String(limit));
  ctx.set('X-RateLimit-Remaining', String(Math.max(0, remaining)));
}

/**
 * One rate-limiter call over `scopes`; the last one is the limit the client is shown (its IP
 * before authentication, its workspace after). Refuses with 429, showing the full scope's limit.
 */
async function limitRate(
  ctx: Context,
  deps: PublicAppDeps,
  scopes: RateScope[],
  record: boolean,
  member?: string,
): Promise<void> {
  const shown = scopes.at(-1)!;
  let decision: RateDecision;
  try {
    decision = await deps.limiter.check(scopes, { record, member });
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
      `Rate limit of ${refusedBy.limit} requests per ${deps.limiter.windowMs / 1000} s per ${refusedBy.name} ` +
        `exceeded. Retry after ${retryAfterSeconds} s.`,
      { retry_after: retryAfterSeconds },
    );
  }
  setRateHeaders(ctx, shown.limit, decision.remaining.at(-1)!);
}

function clientIp(ctx: Context, deps: PublicAppDeps): string {
  return deps.ipResolver.resolve(ctx.req.socket.remoteAddress, ctx.get('X-Forwarded-For') || undefined);
}

function ipScope(ctx: Context, deps: PublicAppDeps): RateScope {
  return {
    key: rateKeys.ip(ipLimitKey(clientIp(ctx, deps))),
    limit: deps.ipLimit,
    name: 'IP address',
    scope: 'ip',
  };
}

/**
 * Every /api request passes, in order: its IP limit, checked and recorded in one atomic step
 * before authentication (an unauthenticated flood is cut off without reaching accounts, and a
 * parallel burst cannot all pass a look before any of it is counted), authentication, then its
 * workspace limit, checked and recorded the same way.
 */
function apiGuard(deps: PublicAppDeps) {
  return async (ctx: Context, next: Next) => {
    const ip = ipScope(ctx, deps);
    const member = randomUUID();
    await limitRate(ctx, deps, [ip], true, member);
    const principal = await deps.auth.authenticate(ctx.get('Authorization') || undefined);
    const planLimit = deps.planLimits[principal.workspace.plan];
    if (planLimit === undefined) throw new AppError('forbidden', 'The workspace plan does not include API access.');
    const workspace: RateScope = {
      key: rateKeys.workspace(principal.workspace.id),
      limit: planLimit,
      name: 'workspace',
      scope: 'workspace',
    };
    try {
      await limitRate(ctx, deps, [workspace], true, member);
    } catch (err) {
      if (AppError.isKind(err, 'rate_limited')) await deps.limiter.release([ip], member).catch(() => undefined);
      throw err;
    }
    (ctx.state as ApiState).principal = principal;
    await next();
  };
}

export function createPublicApp(deps: PublicAppDeps): Koa {
  const app = new Koa();
  app.proxy = false;
  // Every router below, for the metrics' route templates.
  const routers: Router[] = [];
  app.use(httpMetrics(routers));
  app.use(errorMiddleware(deps.log));

  const open = new Router();
  routers.push(open);
  // The process answers: nothing else is looked at, so a dependency outage never restarts it.
  // /healthz is the older name, still used by test/e2e/rate-limits.test.ts (docs/health.md).
  const alive = (ctx: Context) => {
    ctx.body = { status: 'ok' };
  };
  open.get('/livez', alive);
  open.get('/healthz', alive);
  // Only ready or not: which dependency is down is for the admin port (GET /admin/health).
  open.get('/readyz', async (ctx) => {
    const ready = await deps.readiness();
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'not ready' };
  });
  open.get('/openapi.json', (ctx) => {
    ctx.body = deps.openapi();
  });
  app.use(open.routes());

  // Customers open the public file without a key; the IP limit still applies.
  const publicRouter = new Router();
  routers.push(publicRouter);
  publicRouter.get('/p/invoice/:id/pdf', async (ctx) => {
    setPdfHeaders(ctx);
    await limitRate(ctx, deps, [ipScope(ctx, deps)], true);
    const id = ctx.params.id ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id) || !deps.publicPdf) throw notFound();
    const file = await deps.publicPdf(id);
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="${file.downloadName.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
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

  if (deps.invoicePage) {
    const { backend, publicBaseUrl, payRedirectSources, notifyLimit } = deps.invoicePage;
    const pages = publicPageRouter({
      backend,
      log: deps.log,
      publicBaseUrl,
      payRedirectSources,
      bodyLimit: deps.bodyLimit,
      limitPage: (ctx) => limitRate(ctx, deps, [ipScope(ctx, deps)], true),
      // Providers notify from a few addresses, in bursts when many customers pay: a scope of its
      // own, so neither they nor customers on one NAT spend the other's allowance.
      limitNotify: (ctx) =>
        limitRate(
          ctx,
          deps,
          [
            {
              key: rateKeys.notify(ipLimitKey(clientIp(ctx, deps))),
              limit: notifyLimit,
              name: 'IP address',
              scope: 'notify',
            },
          ],
          true,
        ),
    });
    routers.push(pages);
    app.use(pages.routes());
  }

  const guard = apiGuard(deps);
  app.use((ctx, next) => (ctx.path.startsWith('/api/') ? guard(ctx, next) : next()));

  const api = new Router();
  routers.push(api);
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
