import type Router from '@koa/router';
import { creditNoteJson, paymentJson } from '@invoice-platform/common/contracts/money-trail';
import { AppError } from '@invoice-platform/common/errors';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { readJsonBody } from '../http/body.ts';
import { fingerprint } from '../http/idempotency.ts';
import { creditNoteRequest, paymentRequest } from '../http/money-trail-request.ts';
import { ResourceId, use } from '../http/schemas/common.ts';
import type { IssueCreditNoteBody, RecordPaymentBody } from '../http/schemas/money-trail.ts';
import { publicRoutes } from '../http/schemas/routes.ts';
import { compileRoute } from '../http/validation.ts';
import type { AccountsClient, InvoiceClient } from '../service/peers.ts';

export interface MoneyTrailRouteDeps {
  accounts: AccountsClient;
  /** INVOICE_ADDR's client; absent: every route answers 501. */
  invoice?: InvoiceClient;
  bodyLimit: number;
}

const ws = use(ResourceId, { description: 'The workspace id.' });
const invoiceParams = Type.Object(
  { ws, id: use(ResourceId, { description: 'The invoice id.' }) },
  { additionalProperties: false },
);
const creditNoteParams = Type.Object(
  { ws, id: use(ResourceId, { description: 'The credit note id.' }) },
  { additionalProperties: false },
);
/** The public route's own body schema and Idempotency-Key rule: refused where the API would refuse. */
const createLike = (operationId: 'issueCreditNote' | 'recordPayment') => {
  const route = publicRoutes.find((r) => r.operationId === operationId)!;
  return compileRoute({ params: invoiceParams, body: route.body, bodyRequired: true, idempotencyKey: true });
};
const issueRequest = createLike('issueCreditNote');
const paymentCreateRequest = createLike('recordPayment');
const byInvoice = compileRoute({ params: invoiceParams, bodyRequired: false });
const byCreditNote = compileRoute({ params: creditNoteParams, bodyRequired: false });

const parts = (ctx: Context, body?: unknown) => ({
  params: ctx.params as Record<string, string>,
  query: ctx.query,
  body,
  headers: ctx.headers,
});

/**
 * The dashboard's credit notes and payments (docs/money-trail.md) on the admin API, as the public
 * API's (same bodies, checks, objects and refusals) with source dashboard, in the same credit pool
 * and credit note sequence: an operator can correct an invoice or record a bank transfer without
 * an API key. The workspace is looked up first, so an unknown one is a 404. A retry with the same
 * Idempotency-Key is settled by the invoice service's own record of it, as a manual invoice's.
 */
export function registerMoneyTrailRoutes(r: Router, deps: MoneyTrailRouteDeps): void {
  const invoice = () => {
    if (!deps.invoice) throw new AppError('not_implemented', 'The invoice service is not configured.');
    return deps.invoice;
  };
  const workspace = async (id: string) => {
    await deps.accounts.call('GetWorkspace', { workspace_id: id });
    return id;
  };

  r.post('/workspaces/:ws/invoices/:id/credit-notes', async (ctx) => {
    const received = await readJsonBody(ctx.req, deps.bodyLimit);
    const { params, body, idempotencyKey } = issueRequest.validate(parts(ctx, received));
    const wsId = await workspace(params.ws as string);
    const invoiceId = params.id as string;
    const fp = fingerprint({ invoice_id: invoiceId, body: received });
    const res = await invoice().call(
      'IssueCreditNote',
      creditNoteRequest(wsId, invoiceId, 'dashboard', body as IssueCreditNoteBody, idempotencyKey, fp),
      { idempotent: idempotencyKey !== undefined },
    );
    if (!res.credit_note) throw new AppError('internal', 'the service answered without the credit note');
    if (res.replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.body = { data: creditNoteJson(res.credit_note) };
  });
  r.get('/workspaces/:ws/invoices/:id/credit-notes', async (ctx) => {
    const { params } = byInvoice.validate(parts(ctx));
    const wsId = await workspace(params.ws as string);
    const res = await invoice().call('ListCreditNotes', { workspace_id: wsId, invoice_id: params.id as string });
    ctx.body = { data: { credit_notes: res.credit_notes.map(creditNoteJson) } };
  });
  r.get('/workspaces/:ws/credit-notes/:id', async (ctx) => {
    const { params } = byCreditNote.validate(parts(ctx));
    const wsId = await workspace(params.ws as string);
    const note = await invoice().call('GetCreditNote', { workspace_id: wsId, credit_note_id: params.id as string });
    ctx.body = { data: creditNoteJson(note) };
  });

  r.post('/workspaces/:ws/invoices/:id/payments', async (ctx) => {
    const received = await readJsonBody(ctx.req, deps.bodyLimit);
    const { params, body, idempotencyKey } = paymentCreateRequest.validate(parts(ctx, received));
    const wsId = await workspace(params.ws as string);
    const invoiceId = params.id as string;
    const fp = fingerprint({ invoice_id: invoiceId, body: received });
    const res = await invoice().call(
      'RecordPayment',
      paymentRequest(wsId, invoiceId, 'dashboard', body as RecordPaymentBody, idempotencyKey, fp),
      { idempotent: idempotencyKey !== undefined },
    );
    if (!res.payment) throw new AppError('internal', 'the service answered without the payment');
    if (res.replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.body = { data: paymentJson(res.payment) };
  });
  r.get('/workspaces/:ws/invoices/:id/payments', async (ctx) => {
    const { params } = byInvoice.validate(parts(ctx));
    const wsId = await workspace(params.ws as string);
    const res = await invoice().call('ListPayments', { workspace_id: wsId, invoice_id: params.id as string });
    ctx.body = { data: { payments: res.payments.map(paymentJson) } };
  });
}
