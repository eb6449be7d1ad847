import { generateResultJson } from '@invoice-platform/common/contracts/generate';
import {
  invoiceArchiveResultJson,
  invoiceJson,
  invoicePdfResultJson,
  invoiceStatusResultJson,
  invoiceSummaryJson,
} from '@invoice-platform/common/contracts/invoice';
import { seriesJson, seriesSummaryJson } from '@invoice-platform/common/contracts/recurring';
import { templateJson } from '@invoice-platform/common/contracts/templates';
import { AppError } from '@invoice-platform/common/errors';
import type { GenerateInvoiceResponse__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/GenerateInvoiceResponse';
import type { Peers } from '../service/peers.ts';
import type { Handlers, RouteInput } from './api-router.ts';
import { generateRequest } from './generate-request.ts';
import { fingerprint, type IdempotencyLease, type IdempotencyStore } from './idempotency.ts';
import { isRenderFailure, type RenderBudget } from './render-budget.ts';
import type { GenerateInvoiceBody } from './schemas/generate.ts';
import type { ArchiveInvoiceBody, InvoicePdfBody, UpdateInvoiceStatusBody } from './schemas/invoice.ts';
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
      const received = (ctx.state as { rawBody?: unknown }).rawBody ?? input.body;
      const fp = fingerprint(received);
      const key = input.idempotencyKey;
      const scope = key ? { workspaceId, method: 'POST', path: '/api/invoices/generate-external', key } : undefined;
      let lease: IdempotencyLease | undefined;
      if (scope) {
        const outcome = await idempotency.begin(scope, fp);
        if (outcome.kind === 'replay')
          return { body: undefined, rawJson: outcome.body, headers: { 'Idempotent-Replayed': 'true' } };
        lease = outcome.lease;
      }
      try {
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
        const json = JSON.stringify({ data: generateResultJson(res) });
        if (lease) await lease.succeed(json);
        const headers: Record<string, string> = res.replayed ? { 'Idempotent-Replayed': 'true' } : {};
        return { body: undefined, rawJson: json, headers };
      } catch (err) {
        if (lease) await lease.fail().catch(() => undefined);
        throw err;
      }
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

    async getEInvoice({ input, principal }) {
      const file = await invoice().call('GetEInvoice', {
        workspace_id: principal.workspace.id,
        invoice_id: idParam(input),
      });
      return {
        body: undefined,
        document: { contentType: 'application/xml; charset=utf-8', text: file.xml },
        // The buyer's data: no cache keeps it, and no browser reads it as anything but XML.
        headers: {
          'Content-Disposition': `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      };
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
