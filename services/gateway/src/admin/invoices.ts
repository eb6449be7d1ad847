import type Router from '@koa/router';
import { generateResultJson } from '@invoice-platform/common/contracts/generate';
import { invoiceJson, invoiceSummaryJson } from '@invoice-platform/common/contracts/invoice';
import { AppError } from '@invoice-platform/common/errors';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { readJsonBody } from '../http/body.ts';
import { generateRequest } from '../http/generate-request.ts';
import { fingerprint } from '../http/idempotency.ts';
import { ResourceId, use } from '../http/schemas/common.ts';
import type { GenerateInvoiceBody } from '../http/schemas/generate.ts';
import { ListInvoicesQuery } from '../http/schemas/invoice.ts';
import { publicRoutes } from '../http/schemas/routes.ts';
import { compileRoute } from '../http/validation.ts';
import type { AccountsClient, InvoiceClient } from '../service/peers.ts';

export interface InvoiceRouteDeps {
  accounts: AccountsClient;
  /** INVOICE_ADDR's client; absent: every route answers 501. */
  invoice?: InvoiceClient;
  bodyLimit: number;
}

const workspaceId = use(ResourceId, { description: 'The workspace id.' });
// The public API's own schemas and validator (http/schemas, http/validation.ts): the same
// patterns, status values, paging bounds and messages, with paths such as query.pageSize.
const workspaceParams = Type.Object({ ws: workspaceId }, { additionalProperties: false });
const listRequest = compileRoute({
  params: workspaceParams,
  query: Type.Composite(
    [
      ListInvoicesQuery,
      Type.Object({
        archived: Type.Optional(
          Type.Boolean({ description: 'true: only archived invoices; false: only the others; absent: all.' }),
        ),
      }),
    ],
    { additionalProperties: false },
  ),
  bodyRequired: false,
});
// The generate route's own body schema, cross-field checks and Idempotency-Key rule: a manual
// invoice is refused exactly where an API generate would be, with the same messages.
const generate = publicRoutes.find((route) => route.operationId === 'generateInvoice')!;
const createRequest = compileRoute({
  params: workspaceParams,
  body: generate.body,
  bodyRequired: true,
  idempotencyKey: true,
  check: generate.check,
});
const getRequest = compileRoute({
  params: Type.Object(
    { ws: workspaceId, id: use(ResourceId, { description: 'The invoice id.' }) },
    { additionalProperties: false },
  ),
  bodyRequired: false,
});

const parts = (ctx: Context, body?: unknown) => ({
  params: ctx.params as Record<string, string>,
  query: ctx.query,
  body,
  headers: ctx.headers,
});

/**
 * The dashboard's invoices (docs/architecture.md#services) on the admin API, so an operator can
 * answer a customer without an API key: the list and the invoice view answer the public API's
 * `InvoiceSummary` and `Invoice` objects plus what only the dashboard shows (`source`, and
 * `is_archived` in the list); a manual invoice is InvoiceService.GenerateInvoice with source
 * dashboard, in the same credit pool and number sequence as the API's. The workspace is looked up
 * first, so an unknown one is a 404 rather than an empty list.
 */
export function registerInvoiceRoutes(r: Router, deps: InvoiceRouteDeps): void {
  const invoice = () => {
    if (!deps.invoice) throw new AppError('not_implemented', 'The invoice service is not configured.');
    return deps.invoice;
  };

  r.get('/workspaces/:ws/invoices', async (ctx) => {
    const { params, query } = listRequest.validate(parts(ctx));
    const q = query as { status?: string; archived?: boolean; page: number; pageSize: number };
    const ws = params.ws as string;
    await deps.accounts.call('GetWorkspace', { workspace_id: ws });
    const res = await invoice().call('ListInvoices', {
      workspace_id: ws,
      status: q.status,
      archived: q.archived,
      page: q.page,
      page_size: q.pageSize,
    });
    ctx.body = {
      data: {
        invoices: res.invoices.map((s) => ({
          ...invoiceSummaryJson(s),
          is_archived: s.is_archived,
          source: s.source,
        })),
        meta: { page: q.page, pageSize: q.pageSize, total: res.total },
      },
    };
  });
  r.get('/workspaces/:ws/invoices/:id', async (ctx) => {
    const { params } = getRequest.validate(parts(ctx));
    const ws = params.ws as string;
    await deps.accounts.call('GetWorkspace', { workspace_id: ws });
    const inv = await invoice().call('GetInvoice', { workspace_id: ws, invoice_id: params.id as string });
    ctx.body = { data: { ...invoiceJson(inv), source: inv.source } };
  });
  r.post('/workspaces/:ws/invoices', async (ctx) => {
    const received = await readJsonBody(ctx.req, deps.bodyLimit);
    const { params, body, idempotencyKey } = createRequest.validate(parts(ctx, received));
    const ws = params.ws as string;
    await deps.accounts.call('GetWorkspace', { workspace_id: ws });
    // No in-flight marker as the public route keeps: a retry racing its first call is settled by
    // the invoice service, whose unique key makes one invoice and answers the other with it.
    const res = await invoice().call(
      'GenerateInvoice',
      generateRequest(ws, 'dashboard', body as GenerateInvoiceBody, idempotencyKey, fingerprint(received)),
      { idempotent: idempotencyKey !== undefined },
    );
    if (res.replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.body = { data: generateResultJson(res) };
  });
}
