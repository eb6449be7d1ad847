import type Router from '@koa/router';
import { AppError } from '@invoice-platform/common/errors';
import type { Context } from 'koa';
import type { WebhookClient } from '../service/peers.ts';
import { callTestHook, type TestHookPeers } from './test-hooks.ts';

export interface WebhookRouteDeps {
  /** WEBHOOK_ADDR's client; absent: every route answers 501. */
  webhook?: WebhookClient;
  /** The peers' test hooks: a purge at another time or retention (admin/test-hooks.ts). */
  testHooks?: TestHookPeers;
  /** The admin API's JSON body reader (an object, {} when empty). */
  body: (ctx: Context) => Promise<Record<string, unknown>>;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function queryStr(ctx: Context, name: string): string | undefined {
  const v = ctx.query[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function queryInt(ctx: Context, name: string, fallback: number): number {
  const raw = queryStr(ctx, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw AppError.validation([{ path: `query.${name}`, message: 'must be an integer' }]);
  return n;
}

/**
 * The dashboard's webhook settings (docs/architecture.md#webhooks) on the admin API, passed through to
 * WebhookService (protos/invoiceplatform/webhook/v1/webhook.proto), plus its ops (and, with a
 * `now` or `retention_days`, the purge's test hook).
 */
export function registerWebhookRoutes(r: Router, deps: WebhookRouteDeps): void {
  const webhook = () => {
    if (!deps.webhook) throw new AppError('not_implemented', 'The webhook service is not configured.');
    return deps.webhook;
  };
  const endpoints = '/workspaces/:ws/webhook-endpoints';

  r.post(endpoints, async (ctx) => {
    const b = await deps.body(ctx);
    if (
      b.event_types !== undefined &&
      !(Array.isArray(b.event_types) && b.event_types.every((t) => typeof t === 'string'))
    )
      throw AppError.validation([{ path: 'body.event_types', message: 'must be an array of event types' }]);
    ctx.status = 201;
    ctx.body = {
      data: await webhook().call('RegisterEndpoint', {
        workspace_id: ctx.params.ws,
        url: typeof b.url === 'string' ? b.url : '',
        event_types: b.event_types ?? [],
        description: str(b.description),
      }),
    };
  });
  r.get(endpoints, async (ctx) => {
    ctx.body = { data: await webhook().call('ListEndpoints', { workspace_id: ctx.params.ws }) };
  });
  r.put(`${endpoints}/:id/enabled`, async (ctx) => {
    const b = await deps.body(ctx);
    if (typeof b.enabled !== 'boolean')
      throw AppError.validation([{ path: 'body.enabled', message: 'must be a boolean' }]);
    ctx.body = {
      data: await webhook().call('SetEndpointEnabled', {
        workspace_id: ctx.params.ws,
        endpoint_id: ctx.params.id,
        enabled: b.enabled,
      }),
    };
  });
  r.post(`${endpoints}/:id/rotate-secret`, async (ctx) => {
    ctx.body = {
      data: await webhook().call('RotateSecret', { workspace_id: ctx.params.ws, endpoint_id: ctx.params.id }),
    };
  });
  r.delete(`${endpoints}/:id`, async (ctx) => {
    ctx.body = {
      data: await webhook().call('DeleteEndpoint', { workspace_id: ctx.params.ws, endpoint_id: ctx.params.id }),
    };
  });
  r.get('/workspaces/:ws/webhook-deliveries', async (ctx) => {
    ctx.body = {
      data: await webhook().call('ListDeliveries', {
        workspace_id: ctx.params.ws,
        endpoint_id: queryStr(ctx, 'endpoint_id'),
        event_id: queryStr(ctx, 'event_id'),
        event_type: queryStr(ctx, 'event_type'),
        status: queryStr(ctx, 'status'),
        invoice_id: queryStr(ctx, 'invoice_id'),
        page: queryInt(ctx, 'page', 1),
        page_size: queryInt(ctx, 'pageSize', 25),
      }),
    };
  });
  r.post('/workspaces/:ws/webhook-events/:eventId/resend', async (ctx) => {
    const b = await deps.body(ctx);
    ctx.body = {
      data: await webhook().call('ResendEvent', {
        workspace_id: ctx.params.ws,
        event_id: ctx.params.eventId,
        endpoint_id: str(b.endpoint_id),
      }),
    };
  });
  // Ops (docs/contracts.md §2.9): the purge job, one pass of the retry loop. A purge at another
  // time or retention is the webhook service's test hook, served only with its test-hooks flag.
  r.post('/webhooks/purge', async (ctx) => {
    const b = await deps.body(ctx);
    if (b.retention_days !== undefined && !Number.isInteger(b.retention_days))
      throw AppError.validation([{ path: 'body.retention_days', message: 'must be an integer' }]);
    const now = str(b.now);
    const retention_days = b.retention_days as number | undefined;
    ctx.body = {
      data:
        now !== undefined || retention_days !== undefined
          ? await callTestHook(deps.testHooks, 'webhook', 'PurgeDeliveryLogsAt', { now, retention_days })
          : await webhook().call('PurgeDeliveryLogs', {}),
    };
  });
  r.post('/webhooks/run-due', async (ctx) => {
    const b = await deps.body(ctx);
    ctx.body = { data: await webhook().call('RunDueDeliveries', { workspace_id: str(b.workspace_id) }) };
  });
}
