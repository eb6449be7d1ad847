import type Router from '@koa/router';
import { invoiceJson, invoiceSummaryJson } from '@invoice-platform/common/contracts/invoice';
import { AppError } from '@invoice-platform/common/errors';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { ResourceId, use } from '../http/schemas/common.ts';
import { ListInvoicesQuery } from '../http/schemas/invoice.ts';
import { compileRoute } from '../http/validation.ts';
import type { AccountsClient, InvoiceClient } from '../service/peers.ts';

export interface InvoiceRouteDeps {
  accounts: AccountsClient;
  /** INVOICE_ADDR's client; absent: every route answers 501. */
  invoice?: InvoiceClient;
}

const workspaceId = use(ResourceId, { description: 'The workspace id.' });
// The public API's own schemas and validator (http/schemas, http/validation.ts): the same
// patterns, status values, paging bounds and messages, with paths such as query.pageSize.
const listRequest = compileRoute({
  params: Type.Object({ ws: workspaceId }, { additionalProperties: false }),
  query: ListInvoicesQuery,
  bodyRequired: false,
});
const getRequest = compileRoute({
  params: Type.Object(
    { ws: workspaceId, id: use(ResourceId, { description: 'The invoice id.' }) },
    { additionalProperties: false },
  ),
  bodyRequired: false,
});

const parts = (ctx: Context) => ({
  params: ctx.params as Record<string, string>,
  query: ctx.query,
  body: undefined,
  headers: {},
});

/**
 * The dashboard's invoice list and invoice view (docs/architecture.md#services) on the admin API,
 * so an operator can answer a customer without an API key: InvoiceService's ListInvoices and
 * GetInvoice, answering the public API's `InvoiceSummary` and `Invoice` objects. The workspace is
 * looked up first, so an unknown one is a 404 rather than an empty list.
 */
export function registerInvoiceRoutes(r: Router, deps: InvoiceRouteDeps): void {
  const invoice = () => {
    if (!deps.invoice) throw new AppError('not_implemented', 'The invoice service is not configured.');
    return deps.invoice;
  };

  r.get('/workspaces/:ws/invoices', async (ctx) => {
    const { params, query } = listRequest.validate(parts(ctx));
    const q = query as { status?: string; page: number; pageSize: number };
    const ws = params.ws as string;
    await deps.accounts.call('GetWorkspace', { workspace_id: ws });
    const res = await invoice().call('ListInvoices', {
      workspace_id: ws,
      status: q.status,
      page: q.page,
      page_size: q.pageSize,
    });
    ctx.body = {
      data: {
        invoices: res.invoices.map(invoiceSummaryJson),
        meta: { page: q.page, pageSize: q.pageSize, total: res.total },
      },
    };
  });
  r.get('/workspaces/:ws/invoices/:id', async (ctx) => {
    const { params } = getRequest.validate(parts(ctx));
    const ws = params.ws as string;
    await deps.accounts.call('GetWorkspace', { workspace_id: ws });
    const inv = await invoice().call('GetInvoice', { workspace_id: ws, invoice_id: params.id as string });
    ctx.body = { data: invoiceJson(inv) };
  });
}
