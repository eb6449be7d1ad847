import { AppError } from '@invoice-platform/common/errors';
import type { UnaryClient } from '@invoice-platform/common/grpc';
import { Decimal } from 'decimal.js';
import type { Handlers } from './app.ts';
import { fingerprint, type IdempotencyStore } from './idempotency.ts';
import { isRenderFailure, type RenderBudget } from './render-budget.ts';

/** gRPC clients of the services behind the public API; an absent one makes its routes 501. */
export interface Backends {
  invoice?: UnaryClient;
  pdf?: UnaryClient;
  recurring?: UnaryClient;
}

type Rec = Record<string, unknown>;

function need(client: UnaryClient | undefined, what: string): UnaryClient {
  if (!client) throw new AppError('not_implemented', `${what} is not available yet.`);
  return client;
}

/** JSON number → exact decimal text for the services (money never travels as a float). */
function dec(value: unknown): string | undefined {
  return typeof value === 'number' ? new Decimal(value).toFixed() : undefined;
}

const num = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));
const orNull = <T>(v: T | undefined) => (v === undefined ? null : v);

/** OpenAPI `Invoice` from the service's Invoice message. */
export function invoiceJson(inv: Rec) {
  return {
    id: inv.id,
    invoice_number: inv.invoice_number,
    customer_name: inv.customer_name,
    customer_email: orNull(inv.customer_email),
    currency: orNull(inv.currency),
    subtotal: num(inv.subtotal),
    discount_total: num(inv.discount_total),
    tax_rate: num(inv.tax_rate),
    tax_amount: num(inv.tax_amount),
    amount: num(inv.amount),
    invoice_status: inv.invoice_status,
    is_archived: inv.is_archived,
    is_recurring: inv.is_recurring,
    recurring_interval: inv.recurring_interval,
    issue_date: inv.issue_date,
    due_date: inv.due_date,
    paid_at: orNull(inv.paid_at),
    pdf_url: orNull(inv.pdf_url),
    pdf_status: inv.pdf_status,
  };
}

function summaryJson(s: Rec) {
  return {
    id: s.id,
    invoice_number: s.invoice_number,
    customer_name: s.customer_name,
    customer_email: orNull(s.customer_email),
    currency: orNull(s.currency),
    amount: num(s.amount),
    invoice_status: s.invoice_status,
    is_recurring: s.is_recurring,
    due_date: s.due_date,
    paid_at: orNull(s.paid_at),
    created_at: s.created_at,
  };
}

/**
 * OpenAPI `GenerateInvoiceResult`: `recurring` only when a series was created; `template` null for
 * the plain layout.
 */
function generateJson(res: Rec) {
  const out: Rec = {
    id: res.id,
    invoice_number: res.invoice_number,
    pdf_url: res.pdf_url,
    credits_remaining: res.credits_remaining === undefined ? null : res.credits_remaining,
    is_recurring: res.is_recurring,
  };
  if (res.recurring) {
    const r = res.recurring as Rec;
    out.recurring = {
      schedule_id: r.schedule_id,
      interval: r.interval,
      occurrences: r.occurrences,
      next_issue_date: orNull(r.next_issue_date),
      end_date: orNull(r.end_date),
    };
  }
  const t = res.template as Rec | null;
  out.template = t ? { id: t.id, name: t.name, source: t.source } : null;
  return out;
}

function generateRequest(workspaceId: string, body: Rec, idempotencyKey: string | undefined, fp: string) {
  const items = (body.items as Rec[]).map((i) => ({
    description: i.description ?? '',
    quantity: dec(i.quantity),
    price: dec(i.price),
    discount: dec(i.discount),
    unit: i.unit,
    tax_rate: dec(i.tax_rate),
  }));
  return {
    workspace_id: workspaceId,
    source: 'api',
    idempotency_key: idempotencyKey,
    request_fingerprint: idempotencyKey ? fp : undefined,
    customer_name: body.customer_name,
    customer_email: body.customer_email,
    customer_tax_id: body.customer_tax_id,
    items,
    currency: body.currency,
    tax_rate: dec(body.tax_rate),
    discount_total: dec(body.discount_total),
    due_date: body.due_date,
    notes: body.notes,
    custom_payment_notes: body.custom_payment_notes,
    footer_text: body.footer_text,
    document_language: body.document_language,
    template: body.template,
    is_recurring: body.is_recurring === true,
    recurring_interval: body.recurring_interval,
    recurring_count: body.recurring_count,
    recurring_end_date: body.recurring_end_date,
    payment_gateway: body.payment_gateway,
    payment_account: body.payment_account,
  };
}

/** OpenAPI `RecurringSeries` (and its `RecurringOccurrence` list when `withOccurrences`). */
function seriesJson(s: Rec, withOccurrences: boolean) {
  const out: Rec = {
    id: s.id,
    status: s.status,
    paused_reason: orNull(s.paused_reason),
    frequency: s.frequency,
    start_date: orNull(s.start_date),
    end_date: orNull(s.end_date),
    next_run_date: orNull(s.next_run_date),
    last_run_date: orNull(s.last_run_date),
    invoice_number: orNull(s.invoice_number),
    customer_name: orNull(s.customer_name),
    customer_email: orNull(s.customer_email),
    currency: orNull(s.currency),
    amount: num(s.amount),
    generated_count: s.generated_count,
    remaining_count: s.remaining_count,
  };
  if (withOccurrences) {
    out.occurrences = ((s.occurrences as Rec[]) ?? []).map((o) => ({
      date: o.date,
      due_date: orNull(o.due_date),
      status: o.status,
      sent_at: orNull(o.sent_at),
      invoice_id: orNull(o.invoice_id),
    }));
  }
  return out;
}

export function createHandlers(backends: Backends, idempotency: IdempotencyStore, renders: RenderBudget): Handlers {
  const invoice = () => need(backends.invoice, 'The invoice service');
  const recurring = () => need(backends.recurring, 'Recurring invoices');
  const seriesRef = (workspaceId: string, id: unknown) => ({ workspace_id: workspaceId, series_id: id });
  return {
    async listRecurring({ input, principal }) {
      const q = input.query as { status?: string; page: number; pageSize: number };
      const res = await recurring().call<{ series: Rec[]; total: number }>('ListSeries', {
        workspace_id: principal.workspace.id,
        status: q.status,
        page: q.page,
        page_size: q.pageSize,
      });
      return {
        body: {
          data: res.series.map((s) => seriesJson(s, false)),
          meta: { page: q.page, pageSize: q.pageSize, total: res.total },
        },
      };
    },

    async getRecurring({ input, principal }) {
      const s = await recurring().call<Rec>('GetSeries', seriesRef(principal.workspace.id, input.params.id));
      return { body: { data: seriesJson(s, true) } };
    },

    async updateRecurringStatus({ input, principal }) {
      const s = await recurring().call<Rec>('SetSeriesStatus', {
        ...seriesRef(principal.workspace.id, input.params.id),
        status: (input.body as Rec).status,
      });
      return { body: { data: seriesJson(s, true) } };
    },

    async extendRecurring({ input, principal }) {
      const b = input.body as Rec;
      const res = await recurring().call<{ series: Rec; added: number }>('ExtendSeries', {
        ...seriesRef(principal.workspace.id, input.params.id),
        ...(b.count !== undefined ? { count: b.count } : { end_date: b.end_date }),
      });
      return { body: { data: seriesJson(res.series, true), meta: { added: res.added } } };
    },

    async changeRecurringFrequency({ input, principal }) {
      const b = input.body as Rec;
      const res = await recurring().call<{ series: Rec; replaced: number; added: number }>('ChangeFrequency', {
        ...seriesRef(principal.workspace.id, input.params.id),
        frequency: b.frequency,
        start_date: b.start_date,
        ...(b.count !== undefined ? { count: b.count } : { end_date: b.end_date }),
      });
      return { body: { data: seriesJson(res.series, true), meta: { replaced: res.replaced, added: res.added } } };
    },

    async skipRecurringOccurrence({ input, principal }) {
      const s = await recurring().call<Rec>('SkipOccurrence', {
        ...seriesRef(principal.workspace.id, input.params.id),
        date: (input.body as Rec).date,
      });
      return { body: { data: seriesJson(s, true) } };
    },

    async generateInvoice({ input, principal, ctx }) {
      const workspaceId = principal.workspace.id;
      // The fingerprint covers the body as received (defaults are not part of what the client sent).
      const received = (ctx.state as { rawBody?: unknown }).rawBody ?? input.body;
      const fp = fingerprint(received);
      const key = input.idempotencyKey;
      const scope = key ? { workspaceId, method: 'POST', path: '/api/invoices/generate-external', key } : undefined;
      let token: string | undefined;
      if (scope) {
        const outcome = await idempotency.begin(scope, fp);
        if (outcome.kind === 'replay')
          return { body: undefined, rawJson: outcome.body, headers: { 'Idempotent-Replayed': 'true' } };
        token = outcome.token;
      }
      try {
        await renders.checkFailed(workspaceId);
        let res: Rec;
        try {
          res = await invoice().call<Rec>('GenerateInvoice', generateRequest(workspaceId, input.body as Rec, key, fp));
        } catch (err) {
          if (isRenderFailure(err)) await renders.recordFailed(workspaceId);
          throw err;
        }
        const json = JSON.stringify({ data: generateJson(res) });
        if (scope) await idempotency.succeed(scope, fp, json);
        const headers: Record<string, string> = res.replayed ? { 'Idempotent-Replayed': 'true' } : {};
        return { body: undefined, rawJson: json, headers };
      } catch (err) {
        if (scope && token) await idempotency.fail(scope, token).catch(() => undefined);
        throw err;
      }
    },

    async listInvoices({ input, principal }) {
      const q = input.query as { status?: string; page: number; pageSize: number };
      const res = await invoice().call<{ invoices: Rec[]; total: number }>('ListInvoices', {
        workspace_id: principal.workspace.id,
        status: q.status,
        page: q.page,
        page_size: q.pageSize,
      });
      return {
        body: { data: res.invoices.map(summaryJson), meta: { page: q.page, pageSize: q.pageSize, total: res.total } },
      };
    },

    async listTemplates({ principal }) {
      const pdf = need(backends.pdf, 'The template list');
      const res = await pdf.call<{ templates: Rec[] }>('ListTemplates', {
        workspace_id: principal.workspace.id,
        plan: principal.workspace.plan,
      });
      return {
        body: {
          data: res.templates.map((t) => ({
            id: t.id,
            name: t.name,
            available: t.available,
            system_default: t.system_default,
            workspace_default: t.workspace_default,
          })),
        },
      };
    },

    async getInvoice({ input, principal }) {
      const inv = await invoice().call<Rec>('GetInvoice', {
        workspace_id: principal.workspace.id,
        invoice_id: input.params.id,
      });
      return { body: { data: invoiceJson(inv) } };
    },

    async updateInvoiceStatus({ input, principal }) {
      const res = await invoice().call<Rec>('UpdateInvoiceStatus', {
        workspace_id: principal.workspace.id,
        invoice_id: input.params.id,
        status: (input.body as Rec).status,
      });
      return {
        body: {
          data: {
            id: res.id,
            invoice_number: res.invoice_number,
            invoice_status: res.invoice_status,
            paid_at: orNull(res.paid_at),
          },
        },
      };
    },

    async archiveInvoice({ input, principal }) {
      const res = await invoice().call<Rec>('SetArchived', {
        workspace_id: principal.workspace.id,
        invoice_id: input.params.id,
        is_archived: (input.body as Rec).is_archived,
      });
      return {
        body: {
          data: {
            id: res.id,
            invoice_number: res.invoice_number,
            is_archived: res.is_archived,
            archived_at: orNull(res.archived_at),
          },
        },
      };
    },

    async getInvoicePdf({ input, principal }) {
      const force = (input.body as Rec | undefined)?.force === true;
      if (force) await renders.spendForced(principal.workspace.id);
      let res: Rec;
      try {
        res = await invoice().call<Rec>('GetInvoicePdf', {
          workspace_id: principal.workspace.id,
          invoice_id: input.params.id,
          force,
        });
      } catch (err) {
        if (isRenderFailure(err)) await renders.recordFailed(principal.workspace.id);
        throw err;
      }
      return { body: { data: { url: res.url, generated: res.generated } } };
    },
  };
}
