import type Router from '@koa/router';
import { AppError } from '@invoice-platform/common/errors';
import type { UpsertWorkspaceTemplateRequest } from '@invoice-platform/protos/invoiceplatform/pdf/v1/UpsertWorkspaceTemplateRequest';
import type { Context } from 'koa';
import { isOneOf, plans } from '@invoice-platform/common/contracts/values';
import type { AccountsClient, PdfClient } from '../service/peers.ts';

export interface TemplateRouteDeps {
  accounts: AccountsClient;
  /** PDF_ADDR's client; absent: every route answers 501. */
  pdf?: PdfClient;
  /** The admin API's JSON body reader (an object, {} when empty). */
  body: (ctx: Context) => Promise<Record<string, unknown>>;
}

/** The fields of a workspace template, refused together when any is wrong. */
function templateFields(b: Record<string, unknown>) {
  const errors: { path: string; message: string }[] = [];
  if (typeof b.name !== 'string' || b.name.trim() === '') errors.push({ path: 'body.name', message: 'is required' });
  if (typeof b.content !== 'string' || b.content.trim() === '')
    errors.push({ path: 'body.content', message: 'is required: the handlebars HTML of the template' });
  if (b.helpers !== undefined && typeof b.helpers !== 'string')
    errors.push({ path: 'body.helpers', message: 'must be a string of JavaScript' });
  if (b.min_plan !== undefined && !isOneOf(plans, b.min_plan))
    errors.push({ path: 'body.min_plan', message: `must be one of: ${plans.join(', ')}` });
  if (errors.length > 0) throw AppError.validation(errors);
  return {
    name: (b.name as string).trim(),
    content: b.content as string,
    helpers: b.helpers as string | undefined,
    min_plan: b.min_plan as string | undefined,
  };
}

/**
 * The dashboard's "manage templates" (docs/architecture.md#services, #templates) on the admin API, passed
 * through to PdfService's admin methods (protos/invoiceplatform/pdf/v1/pdf.proto). The list shows
 * the OpenAPI `Template` fields plus kind and min_plan, with `available` for the workspace's current plan.
 */
export function registerTemplateRoutes(r: Router, deps: TemplateRouteDeps): void {
  const pdf = () => {
    if (!deps.pdf) throw new AppError('not_implemented', 'The pdf service is not configured.');
    return deps.pdf;
  };
  // The pdf service names the RPC's fields ("content"); here they are fields of the body.
  const upsert = (req: UpsertWorkspaceTemplateRequest) =>
    pdf()
      .call('UpsertWorkspaceTemplate', req)
      .catch((err: unknown) => {
        if (!AppError.isKind(err, 'validation')) throw err;
        const errors = (err.details?.errors ?? []) as { path: string; message: string }[];
        throw AppError.validation(
          errors.map((e) => ({ ...e, path: e.path.startsWith('body.') ? e.path : `body.${e.path}` })),
          err.message,
        );
      });
  const templates = '/workspaces/:ws/templates';

  r.get(templates, async (ctx) => {
    const ws = await deps.accounts.call('GetWorkspace', { workspace_id: ctx.params.ws });
    ctx.body = { data: await pdf().call('ListTemplates', { workspace_id: ctx.params.ws, plan: ws.plan }) };
  });
  r.post(templates, async (ctx) => {
    const fields = templateFields(await deps.body(ctx));
    await deps.accounts.call('GetWorkspace', { workspace_id: ctx.params.ws });
    ctx.status = 201;
    ctx.body = { data: await upsert({ workspace_id: ctx.params.ws, ...fields }) };
  });
  r.put(`${templates}/:id`, async (ctx) => {
    const fields = templateFields(await deps.body(ctx));
    ctx.body = {
      data: await upsert({ workspace_id: ctx.params.ws, template_id: ctx.params.id, ...fields }),
    };
  });
  r.delete(`${templates}/:id`, async (ctx) => {
    ctx.body = {
      data: await pdf().call('DeleteWorkspaceTemplate', { workspace_id: ctx.params.ws, template_id: ctx.params.id }),
    };
  });
  r.put('/workspaces/:ws/default-template', async (ctx) => {
    const b = await deps.body(ctx);
    if (b.template_id !== null && (typeof b.template_id !== 'string' || b.template_id === ''))
      throw AppError.validation([
        { path: 'body.template_id', message: 'must be a template id, or null to clear the default' },
      ]);
    ctx.body = {
      data: await pdf().call('SetWorkspaceDefaultTemplate', {
        workspace_id: ctx.params.ws,
        template_id: b.template_id ?? undefined,
      }),
    };
  });
}
