import type Router from '@koa/router';
import { Nullable } from '@invoice-platform/common/contracts/schema';
import { fromMessage } from '@invoice-platform/common/contracts/json';
import { seriesJson } from '@invoice-platform/common/contracts/recurring';
import { AppError, type FieldError } from '@invoice-platform/common/errors';
import type { SeriesContent__Output } from '@invoice-platform/protos/invoiceplatform/recurring/v1/SeriesContent';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { readJsonBody } from '../http/body.ts';
import { decimalText, itemsRequest } from '../http/generate-request.ts';
import { ResourceId, use } from '../http/schemas/common.ts';
import { DocumentLanguage, GenerateInvoiceBody } from '../http/schemas/generate.ts';
import { compileRoute } from '../http/validation.ts';
import type { AccountsClient, RecurringClient } from '../service/peers.ts';

export interface SeriesRouteDeps {
  accounts: AccountsClient;
  /** RECURRING_ADDR's client; absent: every route answers 501. */
  recurring?: RecurringClient;
  bodyLimit: number;
}

/** A generate field as an edit takes it: without its default, since a key left out keeps the series' value. */
function noDefault<T extends TSchema>(schema: T): T {
  const copy: TSchema = { ...schema };
  delete copy.default;
  return copy as T;
}

const generate = GenerateInvoiceBody.properties;

/**
 * The edit of a series' content: the generate body's own schemas for these fields (the same types,
 * bounds, currency pattern, Item, language list and messages, with paths such as
 * body.items[0].price), each optional, no other key.
 */
export const EditSeriesBody = Type.Object(
  {
    customer_name: Type.Optional(generate.customer_name),
    customer_email: Type.Optional(
      Type.String({ format: 'email', maxLength: 254, description: 'Where the next follow-ups are emailed.' }),
    ),
    items: Type.Optional(generate.items),
    currency: Type.Optional(noDefault(generate.currency)),
    tax_rate: Type.Optional(noDefault(generate.tax_rate)),
    discount_total: Type.Optional(noDefault(generate.discount_total)),
    notes: Type.Optional({ ...generate.notes, description: 'Shown on the invoice; "" removes the notes.' }),
    document_language: Type.Optional(DocumentLanguage),
  },
  { title: 'EditRecurringSeriesRequest', additionalProperties: false },
);
export type EditSeriesBody = Static<typeof EditSeriesBody>;

const editableFields = Object.keys(EditSeriesBody.properties);

/** An edit must change something: an empty object is refused, naming the keys it may have. */
function checkEditSeries(body: EditSeriesBody): FieldError[] {
  return Object.keys(body).length === 0
    ? [{ path: 'body', message: `must set at least one of: ${editableFields.join(', ')}` }]
    : [];
}

/** The content follow-ups are made from, as the edit answers it (recurring.v1 SeriesContent, money as numbers). */
const SeriesContentJson = Type.Object({
  customer_name: Type.String(),
  customer_email: Type.String(),
  items: Type.Array(
    Type.Object({
      description: Type.String(),
      quantity: Type.Number(),
      price: Type.Number(),
      discount: Type.Optional(Type.Number()),
      unit: Type.Optional(Type.String()),
      tax_rate: Type.Optional(Type.Number()),
    }),
  ),
  currency: Type.String(),
  tax_rate: Type.Number(),
  discount_total: Type.Number(),
  notes: Nullable(Type.String()),
  document_language: Type.String(),
});

const seriesParams = Type.Object(
  {
    ws: use(ResourceId, { description: 'The workspace id.' }),
    id: use(ResourceId, { description: 'The recurring series id.' }),
  },
  { additionalProperties: false },
);
const editRequest = compileRoute({
  params: seriesParams,
  body: EditSeriesBody,
  bodyRequired: true,
  check: checkEditSeries,
});
const deleteRequest = compileRoute({ params: seriesParams, bodyRequired: false });

const parts = (ctx: Context, body?: unknown) => ({
  params: ctx.params as Record<string, string>,
  query: ctx.query,
  body,
  headers: {},
});

/**
 * The dashboard's "edit series" and "delete series" (docs/architecture.md#recurring) on the admin
 * API: RecurringService.EditSeriesContent and DeleteSeries. The workspace is looked up first, so
 * an unknown one is a 404 naming it; another workspace's series, an unknown or a deleted one are
 * the recurring service's 404.
 *
 * The edit is a PATCH, not a PUT: its body is a partial document (each key left out keeps the
 * series' value, at least one key), merged onto the content the series has, not a replacement.
 */
export function registerSeriesRoutes(r: Router, deps: SeriesRouteDeps): void {
  const recurring = () => {
    if (!deps.recurring) throw new AppError('not_implemented', 'The recurring service is not configured.');
    return deps.recurring;
  };

  // The series as the API shows it, its status and why it was paused (paused_reason, paused_message).
  r.get('/workspaces/:ws/recurring/:id', async (ctx) => {
    const { params } = deleteRequest.validate(parts(ctx));
    const ws = params.ws as string;
    await deps.accounts.call('GetWorkspace', { workspace_id: ws });
    const res = await recurring().call('GetSeries', { workspace_id: ws, series_id: params.id as string });
    ctx.body = { data: seriesJson(res) };
  });

  r.patch('/workspaces/:ws/recurring/:id', async (ctx) => {
    const received = await readJsonBody(ctx.req, deps.bodyLimit);
    const { params, body } = editRequest.validate(parts(ctx, received));
    const b = body as EditSeriesBody;
    const ws = params.ws as string;
    await deps.accounts.call('GetWorkspace', { workspace_id: ws });
    const res = await recurring().call('EditSeriesContent', {
      workspace_id: ws,
      series_id: params.id as string,
      customer_name: b.customer_name,
      customer_email: b.customer_email,
      items: itemsRequest(b.items ?? []),
      currency: b.currency,
      tax_rate: decimalText(b.tax_rate),
      discount_total: decimalText(b.discount_total),
      notes: b.notes,
      document_language: b.document_language,
    });
    if (!res.series || !res.content) throw new AppError('internal', 'EditSeriesContent answered without the series');
    ctx.body = {
      data: {
        ...seriesJson(res.series),
        content: fromMessage(SeriesContentJson, res.content as SeriesContent__Output),
      },
    };
  });

  // Idempotent: a series deleted already answers 200 with the same body.
  r.delete('/workspaces/:ws/recurring/:id', async (ctx) => {
    const { params } = deleteRequest.validate(parts(ctx));
    const ws = params.ws as string;
    await deps.accounts.call('GetWorkspace', { workspace_id: ws });
    const res = await recurring().call('DeleteSeries', { workspace_id: ws, series_id: params.id as string });
    ctx.body = {
      data: {
        id: res.series_id,
        deleted: true,
        deleted_at: res.deleted_at,
        invoices: res.invoices.map((i) => ({
          id: i.invoice_id,
          invoice_number: i.invoice_number,
          date: i.local_date,
        })),
      },
    };
  });
}
