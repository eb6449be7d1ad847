import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import { AppError } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import Koa, { type Context } from 'koa';
import type { Authenticator } from '../http/auth.ts';
import { readJsonBody, settleUnreadBody } from '../http/body.ts';
import { httpMetrics } from '../http/metrics.ts';
import { errorMiddleware, notFound } from '../http/errors.ts';
import type { Peers } from '../service/peers.ts';
import { registerArchiveRoutes } from './archive.ts';
import { registerInvoiceRoutes } from './invoices.ts';
import { registerLegalProfileRoutes, workspaceJson } from './legal-profile.ts';
import { registerMoneyTrailRoutes } from './money-trail.ts';
import { registerPaymentRoutes } from './payments.ts';
import { registerSeriesRoutes } from './series.ts';
import { registerTemplateRoutes } from './templates.ts';
import { callTestHook, registerTestHookRoutes, type TestHookPeers } from './test-hooks.ts';
import { registerWebhookRoutes } from './webhooks.ts';

export interface AdminAppDeps extends Omit<Peers, 'payment'> {
  log: Logger;
  /** The admin token, then the one being rotated out if any: both are accepted. */
  tokens: string[];
  bodyLimit: number;
  /** Every dependency of this gateway by name (redis, kafka, each configured peer): true when it answers. */
  health: () => Promise<Record<string, boolean>>;
  /**
   * This replica's cached key lookups (http/auth.ts): a change made here is dropped from it at once;
   * other replicas drop theirs when the change arrives on workspace.v1.
   */
  authCache: Pick<Authenticator, 'invalidateKey' | 'invalidateWorkspace'>;
  /**
   * The peers' test hooks (admin/test-hooks.ts), with GATEWAY_TEST_HOOKS on; absent, the clock
   * routes are not registered and a `now` or `retention_days` on an ops route is a 501.
   */
  testHooks?: TestHookPeers;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * The dashboard's operations (docs/architecture.md#services) over HTTP on a port of its own. It is
 * never routed by the ingress, and every call needs the admin token, compared in constant time.
 */
export function createAdminApp(deps: AdminAppDeps): Koa {
  const app = new Koa();
  const expected = deps.tokens.map(digest);
  const routers: Router[] = [];
  // Outermost: it runs once the answer is set, before Koa sends it.
  app.use(settleUnreadBody(4 * deps.bodyLimit));
  app.use(httpMetrics(routers));
  app.use(errorMiddleware(deps.log));
  app.use(async (ctx, next) => {
    const match = /^bearer +(\S+)$/i.exec(ctx.get('Authorization'));
    const given = digest(match?.[1] ?? '');
    // Every token is compared, matching or not, so the time taken tells nothing about which one.
    const matches = expected.map((token) => timingSafeEqual(given, token));
    if (!match || !matches.includes(true)) throw new AppError('forbidden', 'A valid admin token is required.');
    await next();
  });

  const body = async (ctx: Context): Promise<Record<string, unknown>> => {
    const parsed = await readJsonBody(ctx.req, deps.bodyLimit);
    if (parsed === undefined) return {};
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw AppError.validation([{ path: 'body', message: 'must be a JSON object' }]);
    }
    return parsed as Record<string, unknown>;
  };
  const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

  const r = new Router({ prefix: '/admin' });
  routers.push(r);
  // Peer health for operators (docs/health.md): a 200 whatever is down, since the report is the
  // answer; the public /readyz never shows it.
  r.get('/health', async (ctx) => {
    const checks = await deps.health();
    const down = Object.keys(checks).filter((name) => !checks[name]);
    ctx.body = { data: { status: down.length === 0 ? 'ok' : 'degraded', down, checks } };
  });
  r.get('/workspaces', async (ctx) => {
    const { workspaces, total } = await deps.accounts.call('ListWorkspaces', {
      page: Number(ctx.query.page ?? 1),
      page_size: Number(ctx.query.pageSize ?? 25),
    });
    ctx.body = { data: { workspaces: workspaces.map(workspaceJson), total } };
  });
  r.post('/workspaces', async (ctx) => {
    const b = await body(ctx);
    if (b.test_mode !== undefined && typeof b.test_mode !== 'boolean')
      throw AppError.validation([{ path: 'body.test_mode', message: 'must be true or false' }]);
    ctx.status = 201;
    ctx.body = {
      data: await deps.accounts.call('CreateWorkspace', {
        name: str(b.name),
        plan: str(b.plan),
        time_zone: str(b.time_zone),
        owner_email: str(b.owner_email),
        test_mode: b.test_mode === true,
      }),
    };
  });
  // The operator's mark of a test workspace (docs/payments.md "Test mode").
  r.put('/workspaces/:ws/test-mode', async (ctx) => {
    const b = await body(ctx);
    if (typeof b.test_mode !== 'boolean')
      throw AppError.validation([{ path: 'body.test_mode', message: 'is required: true or false' }]);
    const data = await deps.accounts.call('SetWorkspaceTestMode', {
      workspace_id: ctx.params.ws,
      test_mode: b.test_mode,
    });
    deps.authCache.invalidateWorkspace(ctx.params.ws!);
    ctx.body = { data: workspaceJson(data) };
  });
  r.get('/workspaces/:ws', async (ctx) => {
    ctx.body = { data: workspaceJson(await deps.accounts.call('GetWorkspace', { workspace_id: ctx.params.ws })) };
  });
  r.put('/workspaces/:ws/plan', async (ctx) => {
    const b = await body(ctx);
    const data = await deps.accounts.call('UpdateWorkspacePlan', {
      workspace_id: ctx.params.ws,
      plan: str(b.plan),
      plan_state: str(b.plan_state),
    });
    deps.authCache.invalidateWorkspace(ctx.params.ws!);
    ctx.body = { data: workspaceJson(data) };
  });
  r.put('/workspaces/:ws/features', async (ctx) => {
    const b = await body(ctx);
    if (!Array.isArray(b.features) || !b.features.every((f) => typeof f === 'string')) {
      throw AppError.validation([{ path: 'body.features', message: 'must be an array of feature names' }]);
    }
    const data = await deps.accounts.call('SetWorkspaceFeatures', {
      workspace_id: ctx.params.ws,
      features: b.features,
    });
    deps.authCache.invalidateWorkspace(ctx.params.ws!);
    ctx.body = { data: workspaceJson(data) };
  });
  r.get('/workspaces/:ws/api-keys', async (ctx) => {
    ctx.body = {
      data: await deps.accounts.call('ListApiKeys', {
        workspace_id: ctx.params.ws,
        include_revoked: ctx.query.include_revoked === 'true',
      }),
    };
  });
  r.post('/workspaces/:ws/api-keys', async (ctx) => {
    const b = await body(ctx);
    ctx.status = 201;
    ctx.body = {
      data: await deps.accounts.call('CreateApiKey', { workspace_id: ctx.params.ws, name: str(b.name) ?? '' }),
    };
  });
  r.delete('/workspaces/:ws/api-keys/:key', async (ctx) => {
    const data = await deps.accounts.call('RevokeApiKey', { workspace_id: ctx.params.ws, key_id: ctx.params.key });
    deps.authCache.invalidateKey(ctx.params.key!);
    ctx.body = { data };
  });
  const invoice = () => {
    if (!deps.invoice) throw new AppError('not_implemented', 'The invoice service is not configured.');
    return deps.invoice;
  };
  r.get('/workspaces/:ws/credits', async (ctx) => {
    ctx.body = { data: await invoice().call('GetCredits', { workspace_id: ctx.params.ws }) };
  });
  r.put('/workspaces/:ws/credits', async (ctx) => {
    const b = await body(ctx);
    const unlimited = b.unlimited === true;
    if (!unlimited && (!Number.isInteger(b.credits) || (b.credits as number) < 0)) {
      throw AppError.validation([
        { path: 'body.credits', message: 'must be a non-negative integer unless unlimited is true' },
      ]);
    }
    ctx.body = {
      data: await invoice().call('SetCredits', {
        workspace_id: ctx.params.ws,
        unlimited,
        credits: unlimited ? undefined : (b.credits as number),
      }),
    };
  });
  r.post('/workspaces/:ws/credits', async (ctx) => {
    const b = await body(ctx);
    if (!Number.isInteger(b.amount) || b.amount === 0)
      throw AppError.validation([{ path: 'body.amount', message: 'must be a non-zero integer' }]);
    ctx.body = {
      data: await invoice().call('AddCredits', {
        workspace_id: ctx.params.ws,
        amount: b.amount as number,
        operation_id: str(b.operation_id),
      }),
    };
  });
  const recurring = () => {
    if (!deps.recurring) throw new AppError('not_implemented', 'The recurring service is not configured.');
    return deps.recurring;
  };
  // Ops: one scheduler pass, one overdue sweep. With a `now` they are the services' test hooks
  // (admin/test-hooks.ts), which only a service started with its test-hooks flag serves.
  r.post('/recurring/run', async (ctx) => {
    const b = await body(ctx);
    const scope = { workspace_id: str(b.workspace_id), series_id: str(b.series_id) };
    const now = str(b.now);
    ctx.body = {
      data: now
        ? await callTestHook(deps.testHooks, 'recurring', 'RunSchedulerAt', { now, ...scope })
        : await recurring().call('RunSchedulerOnce', scope),
    };
  });
  r.post('/invoices/overdue-sweep', async (ctx) => {
    const b = await body(ctx);
    const now = str(b.now);
    const workspace_id = str(b.workspace_id);
    ctx.body = {
      data: now
        ? await callTestHook(deps.testHooks, 'invoice', 'RunOverdueSweepAt', { now, workspace_id })
        : await invoice().call('RunOverdueSweep', { workspace_id }),
    };
  });
  if (deps.testHooks) registerTestHookRoutes(r, { hooks: deps.testHooks, body });
  registerInvoiceRoutes(r, { accounts: deps.accounts, invoice: deps.invoice, bodyLimit: deps.bodyLimit });
  registerMoneyTrailRoutes(r, { accounts: deps.accounts, invoice: deps.invoice, bodyLimit: deps.bodyLimit });
  registerArchiveRoutes(r, {
    accounts: deps.accounts,
    invoice: deps.invoice,
    pdf: deps.pdf,
    bodyLimit: deps.bodyLimit,
    authCache: deps.authCache,
  });
  registerLegalProfileRoutes(r, {
    accounts: deps.accounts,
    recurring: deps.recurring,
    bodyLimit: deps.bodyLimit,
    authCache: deps.authCache,
  });
  registerPaymentRoutes(r, { accounts: deps.accounts, body });
  registerSeriesRoutes(r, { accounts: deps.accounts, recurring: deps.recurring, bodyLimit: deps.bodyLimit });
  registerTemplateRoutes(r, { accounts: deps.accounts, pdf: deps.pdf, body });
  registerWebhookRoutes(r, { webhook: deps.webhook, testHooks: deps.testHooks, body });
  app.use(r.routes());
  app.use(r.allowedMethods({ throw: true }));
  app.use(() => {
    throw notFound();
  });
  return app;
}
