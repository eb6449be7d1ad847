import { generateResultJson } from '@invoice-platform/common/contracts/generate';
import {
  invoiceArchiveResultJson,
  invoiceJson,
  invoicePdfResultJson,
  invoiceStatusResultJson,
  invoiceSummaryJson,
} from '@invoice-platform/common/contracts/invoice';
import { creditNoteJson, paymentJson } from '@invoice-platform/common/contracts/money-trail';
import { seriesJson, seriesSummaryJson } from '@invoice-platform/common/contracts/recurring';
import { templateJson } from '@invoice-platform/common/contracts/templates';
import { AppError } from '@invoice-platform/common/errors';
import type { GenerateInvoiceResponse__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/GenerateInvoiceResponse';
import type { Peers } from '../service/peers.ts';
import type { Context } from 'koa';
import type { HandlerResult, Handlers, RouteInput } from './api-router.ts';
import { generateRequest } from './generate-request.ts';
import { fingerprint, type IdempotencyLease, type IdempotencyStore } from './idempotency.ts';
import { creditNoteRequest, paymentRequest } from './money-trail-request.ts';
import { openAsIssued, openCreditNotePdf, openInvoicePdf, type PublicPdf } from './public-pdf.ts';
import { isRenderFailure, type RenderBudget } from './render-budget.ts';
import type { GenerateInvoiceBody } from './schemas/generate.ts';
import type { ArchiveInvoiceBody, InvoicePdfBody, UpdateInvoiceStatusBody } from './schemas/invoice.ts';
import type { IssueCreditNoteBody, RecordPaymentBody } from './schemas/money-trail.ts';
import type {
  ChangeFrequencyBody,
  ExtendRecurringBody,
  RecurringStatusBody,
  SkipOccurrenceBody,
} from './schemas/recurring.ts';

/** The services behind the public API (an absent one makes its routes 501), and the request budgets. */
export interface HandlerDeps extends Pick<Peers, 'invoice' | 'pdf' | 'recurring'> {
  idempotency: IdempotencyStore;
  renders: RenderBudget;
}

function need<C>(client: C | undefined, what: string): C {
  if (!client) throw new AppError('not_implemented', `${what} is not available yet.`);
  return client;
}

/** A message field the service always sets; its absence is the service's bug, not the client's. */
function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new AppError('internal', `the service answered without ${what}`);
  return value;
}

/** The route's `id` path parameter, a string once its params schema (InvoiceIdParams, SeriesIdParams) passed. */
const idParam = (input: RouteInput) => input.params.id as string;

/** The JSON body, already checked against the route's body schema `T`. */
const bodyOf = <T>(input: RouteInput) => input.body as T;

/** The body as received: a fingerprint covers what the client sent, not the defaults validation filled in. */
const receivedBody = (ctx: Context, input: RouteInput) => (ctx.state as { rawBody?: unknown }).rawBody ?? input.body;

/** An XML document as a download: the buyer's data, so no cache keeps it and no browser reads it as anything else. */
function xmlDownload(file: { xml: string; filename: string }): HandlerResult {
  return {
    body: undefined,
    document: { contentType: 'application/xml; charset=utf-8', text: file.xml },
    headers: {
      'Content-Disposition': `attachment; filename="${safeFilename(file.filename)}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  };
}

const safeFilename = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

/** `?as_issued=true` (schemas/archive.ts): the copy kept as issued is asked for. */
const asIssued = (input: RouteInput) => (input.query as { as_issued?: boolean }).as_issued === true;

/**
 * A stored file streamed as a download (a PDF, or an as-issued copy with its content type and its
 * SHA-256 as Repr-Digest, RFC 9530, so a client can check the bytes against the record). Headers
 * are out once the first byte is: a failure mid-file can only cut the connection (the client sees
 * fewer bytes than Content-Length), never a 200 that looks complete.
 */
function fileDownload(
  ctx: Context,
  file: PublicPdf & { contentType?: string; sha256?: string },
  filename = file.downloadName,
): HandlerResult {
  file.body.once('error', () => ctx.req.socket.destroy());
  const contentType = file.contentType ?? 'application/pdf';
  return {
    body: undefined,
    file: {
      contentType: contentType === 'application/xml' ? 'application/xml; charset=utf-8' : contentType,
      body: file.body,
      sizeBytes: file.sizeBytes,
    },
    headers: {
      'Content-Disposition': `attachment; filename="${safeFilename(filename)}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...(file.sha256 ? { 'Repr-Digest': `sha-256=:${Buffer.from(file.sha256, 'hex').toString('base64')}:` } : {}),
    },
  };
}

/**
 * A create with an optional Idempotency-Key, as generate's (docs/architecture.md#idempotency): the
 * key is marked in flight for the workspace and the operation (`path`, the route's template), a
 * repeat of a success is the stored JSON with Idempotent-Replayed, a repeat with another body a
 * 422, one while in flight a 409; a failure releases the key. `call` answers the JSON to send and
 * whether the service itself found the key already used (its own record, which a retry whose
 * marker lapsed reaches).
 */
async function idempotentCreate(
  idempotency: IdempotencyStore,
  scope: { workspaceId: string; path: string; key: string | undefined },
  fp: string,
  call: () => Promise<{ json: string; replayed: boolean }>,
): Promise<HandlerResult> {
  const { workspaceId, path, key } = scope;
  let lease: IdempotencyLease | undefined;
  if (key !== undefined) {
    const outcome = await idempotency.begin({ workspaceId, method: 'POST', path, key }, fp);
    if (outcome.kind === 'replay')
      return { body: undefined, rawJson: outcome.body, headers: { 'Idempotent-Replayed': 'true' } };
    lease = outcome.lease;
  }
  try {
    const { json, replayed } = await call();
    if (lease) await lease.succeed(json);
    return { body: undefined, rawJson: json, headers: replayed ? { 'Idempotent-Replayed': 'true' } : {} };
  } catch (err) {
    if (lease) await lease.fail().catch(() => undefined);
    throw err;
  }
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const { idempotency, renders } = deps;
  const invoice = () => need(deps.invoice, 'The invoice service');
  const recurring = () => need(deps.recurring, 'Recurring invoices');
  const seriesRef = (workspaceId: string, input: RouteInput) => ({
    workspace_id: workspaceId,
    series_id: idParam(input),
  });
  return {
    async listRecurring({ input, principal }) {
      const q = input.query as { status?: string; page: number; pageSize: number };
      const res = await recurring().call('ListSeries', {
        workspace_id: principal.workspace.id,
        status: q.status,
        page: q.page,
        page_size: q.pageSize,
      });
      return {
        body: {
          data: res.series.map(seriesSummaryJson),
          meta: { page: q.page, pageSize: q.pageSize, total: res.total },
        },
      };
    },

    async getRecurring({ input, principal }) {
      const s = await recurring().call('GetSeries', seriesRef(principal.workspace.id, input));
      return { body: { data: seriesJson(s) } };
    },

    async updateRecurringStatus({ input, principal }) {
      const s = await recurring().call('SetSeriesStatus', {
        ...seriesRef(principal.workspace.id, input),
        status: bodyOf<RecurringStatusBody>(input).status,
      });
      return { body: { data: seriesJson(s) } };
    },

    async extendRecurring({ input, principal }) {
      const b = bodyOf<ExtendRecurringBody>(input);
      const res = await recurring().call('ExtendSeries', {
        ...seriesRef(principal.workspace.id, input),
        ...(b.count !== undefined ? { count: b.count } : { end_date: b.end_date }),
      });
      return { body: { data: seriesJson(present(res.series, 'the series')), meta: { added: res.added } } };
    },

    async changeRecurringFrequency({ input, principal }) {
      const b = bodyOf<ChangeFrequencyBody>(input);
      const res = await recurring().call('ChangeFrequency', {
        ...seriesRef(principal.workspace.id, input),
        frequency: b.frequency,
        start_date: b.start_date,
        ...(b.count !== undefined ? { count: b.count } : { end_date: b.end_date }),
      });
      return {
        body: {
          data: seriesJson(present(res.series, 'the series')),
          meta: { replaced: res.replaced, added: res.added },
        },
      };
    },

    async skipRecurringOccurrence({ input, principal }) {
      const s = await recurring().call('SkipOccurrence', {
        ...seriesRef(principal.workspace.id, input),
        date: bodyOf<SkipOccurrenceBody>(input).date,
      });
      return { body: { data: seriesJson(s) } };
    },

    async generateInvoice({ input, principal, ctx }) {
      const workspaceId = principal.workspace.id;
      // The fingerprint covers the body as received (defaults are not part of what the client sent).
      const fp = fingerprint(receivedBody(ctx, input));
      const key = input.idempotencyKey;
      return idempotentCreate(
        idempotency,
        { workspaceId, path: '/api/invoices/generate-external', key },
        fp,
        async () => {
          await renders.checkFailed(workspaceId);
          let res: GenerateInvoiceResponse__Output;
          try {
            // The key goes along: a retry that began once this request's marker lapsed (its gateway
            // died, or renewals failed for a whole lease) may run while this call still finishes in
            // the invoice service, and its unique index on (workspace_id, idempotency_scope) keeps
            // that to one invoice, the loser giving back its credit and number and answering with
            // the winner's stored response (services/invoice/src/service/generate.ts).
            // With a key, a call whose replica died under it may go to another one (the same index).
            res = await invoice().call(
              'GenerateInvoice',
              generateRequest(workspaceId, 'api', bodyOf<GenerateInvoiceBody>(input), key, fp),
              { idempotent: key !== undefined },
            );
          } catch (err) {
            if (isRenderFailure(err)) await renders.recordFailed(workspaceId);
            throw err;
          }
          return { json: JSON.stringify({ data: generateResultJson(res) }), replayed: res.replayed };
        },
      );
    },

    async listInvoices({ input, principal }) {
      const q = input.query as { status?: string; page: number; pageSize: number };
      const res = await invoice().call('ListInvoices', {
        workspace_id: principal.workspace.id,
        status: q.status,
        page: q.page,
        page_size: q.pageSize,
      });
      return {
        body: {
          data: res.invoices.map(invoiceSummaryJson),
          meta: { page: q.page, pageSize: q.pageSize, total: res.total },
        },
      };
    },

    async listTemplates({ principal }) {
      const pdf = need(deps.pdf, 'The template list');
      const res = await pdf.call('ListTemplates', {
        workspace_id: principal.workspace.id,
        plan: principal.workspace.plan,
      });
      return {
        body: {
          data: res.templates.map(templateJson),
        },
      };
    },

    async getInvoice({ input, principal }) {
      const inv = await invoice().call('GetInvoice', {
        workspace_id: principal.workspace.id,
        invoice_id: idParam(input),
      });
      return { body: { data: invoiceJson(inv) } };
    },

    async updateInvoiceStatus({ input, principal }) {
      const res = await invoice().call('UpdateInvoiceStatus', {
        workspace_id: principal.workspace.id,
        invoice_id: idParam(input),
        status: bodyOf<UpdateInvoiceStatusBody>(input).status,
      });
      return { body: { data: invoiceStatusResultJson(res) } };
    },

    async archiveInvoice({ input, principal }) {
      const res = await invoice().call('SetArchived', {
        workspace_id: principal.workspace.id,
        invoice_id: idParam(input),
        is_archived: bodyOf<ArchiveInvoiceBody>(input).is_archived,
      });
      return { body: { data: invoiceArchiveResultJson(res) } };
    },

    async getEInvoice({ input, principal, ctx }) {
      if (asIssued(input)) {
        const pdf = need(deps.pdf, 'The as-issued e-invoice');
        return fileDownload(
          ctx,
          await openAsIssued({ invoice: invoice(), pdf }, principal.workspace.id, idParam(input), 'e_invoice'),
        );
      }
      const file = await invoice().call('GetEInvoice', {
        workspace_id: principal.workspace.id,
        invoice_id: idParam(input),
      });
      return xmlDownload(file);
    },

    async downloadInvoicePdf({ input, principal, ctx }) {
      const pdf = need(deps.pdf, 'The invoice PDF');
      const peers = { invoice: invoice(), pdf };
      const id = idParam(input);
      return fileDownload(
        ctx,
        asIssued(input)
          ? await openAsIssued(peers, principal.workspace.id, id, 'pdf')
          : await openInvoicePdf(peers, principal.workspace.id, id),
      );
    },

    async issueCreditNote({ input, principal, ctx }) {
      const workspaceId = principal.workspace.id;
      const invoiceId = idParam(input);
      const key = input.idempotencyKey;
      // The invoice is part of what the key stands for: the same key and body for another invoice
      // is another request (a 422), never a replay of this one's note.
      const fp = fingerprint({ invoice_id: invoiceId, body: receivedBody(ctx, input) });
      return idempotentCreate(
        idempotency,
        { workspaceId, path: '/api/invoices/external/:id/credit-notes', key },
        fp,
        async () => {
          await renders.checkFailed(workspaceId);
          try {
            // With a key, the invoice service's own record keeps a retry on another replica to one note.
            const res = await invoice().call(
              'IssueCreditNote',
              creditNoteRequest(workspaceId, invoiceId, 'api', bodyOf<IssueCreditNoteBody>(input), key, fp),
              { idempotent: key !== undefined },
            );
            const note = creditNoteJson(present(res.credit_note, 'the credit note'));
            return { json: JSON.stringify({ data: note }), replayed: res.replayed };
          } catch (err) {
            if (isRenderFailure(err)) await renders.recordFailed(workspaceId);
            throw err;
          }
        },
      );
    },

    async listCreditNotes({ input, principal }) {
      const res = await invoice().call('ListCreditNotes', {
        workspace_id: principal.workspace.id,
        invoice_id: idParam(input),
      });
      return { body: { data: res.credit_notes.map(creditNoteJson) } };
    },

    async getCreditNote({ input, principal }) {
      const note = await invoice().call('GetCreditNote', {
        workspace_id: principal.workspace.id,
        credit_note_id: idParam(input),
      });
      return { body: { data: creditNoteJson(note) } };
    },

    async getCreditNotePdf({ input, principal, ctx }) {
      const pdf = need(deps.pdf, 'The credit note PDF');
      if (asIssued(input))
        return fileDownload(
          ctx,
          await openAsIssued({ invoice: invoice(), pdf }, principal.workspace.id, idParam(input), 'pdf'),
        );
      const file = await openCreditNotePdf({ invoice: invoice(), pdf }, idParam(input), principal.workspace.id);
      // Headers are out once the first byte is: a failure mid-file can only cut the connection (the
      // client sees fewer bytes than Content-Length), never a 200 that looks complete.
      file.body.once('error', () => ctx.req.socket.destroy());
      return {
        body: undefined,
        file: { contentType: 'application/pdf', body: file.body, sizeBytes: file.sizeBytes },
        headers: {
          'Content-Disposition': `attachment; filename="${safeFilename(file.creditNoteNumber)}.pdf"`,
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      };
    },

    async getCreditNoteEInvoice({ input, principal, ctx }) {
      if (asIssued(input)) {
        const pdf = need(deps.pdf, 'The as-issued e-invoice');
        return fileDownload(
          ctx,
          await openAsIssued({ invoice: invoice(), pdf }, principal.workspace.id, idParam(input), 'e_invoice'),
        );
      }
      const file = await invoice().call('GetCreditNoteEInvoice', {
        workspace_id: principal.workspace.id,
        credit_note_id: idParam(input),
      });
      return xmlDownload(file);
    },

    async recordPayment({ input, principal, ctx }) {
      const workspaceId = principal.workspace.id;
      const invoiceId = idParam(input);
      const key = input.idempotencyKey;
      const fp = fingerprint({ invoice_id: invoiceId, body: receivedBody(ctx, input) });
      return idempotentCreate(
        idempotency,
        { workspaceId, path: '/api/invoices/external/:id/payments', key },
        fp,
        async () => {
          const res = await invoice().call(
            'RecordPayment',
            paymentRequest(workspaceId, invoiceId, 'api', bodyOf<RecordPaymentBody>(input), key, fp),
            { idempotent: key !== undefined },
          );
          const payment = paymentJson(present(res.payment, 'the payment'));
          return { json: JSON.stringify({ data: payment }), replayed: res.replayed };
        },
      );
    },

    async listPayments({ input, principal }) {
      const res = await invoice().call('ListPayments', {
        workspace_id: principal.workspace.id,
        invoice_id: idParam(input),
      });
      return { body: { data: res.payments.map(paymentJson) } };
    },

    async getInvoicePdf({ input, principal }) {
      const force = bodyOf<InvoicePdfBody | undefined>(input)?.force === true;
      if (force) await renders.spendForced(principal.workspace.id);
      let res;
      try {
        res = await invoice().call('GetInvoicePdf', {
          workspace_id: principal.workspace.id,
          invoice_id: idParam(input),
          force,
        });
      } catch (err) {
        if (isRenderFailure(err)) await renders.recordFailed(principal.workspace.id);
        throw err;
      }
      return { body: { data: invoicePdfResultJson(res) } };
    },
  };
}
