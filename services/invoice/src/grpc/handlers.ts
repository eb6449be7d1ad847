import type { MarkPaidByPaymentRequest } from '@invoice-platform/common/contracts/payments';
import { AppError } from '@invoice-platform/common/errors';
import type { CallInfo, UnaryHandlers } from '@invoice-platform/common/grpc';
import { encodeInvoice } from '../domain/view.ts';
import type { CreditBalance, CreditStore } from '../store/credits.ts';
import type { InvoiceDoc } from '../store/models.ts';
import type { GenerateRequest } from '../domain/generate-request.ts';
import type { InvoiceService } from '../service/invoices.ts';
import type { FileInfo } from '../service/render.ts';

export interface HandlerDeps {
  service: InvoiceService;
  credits: CreditStore;
  baseUrl: string;
  testHooks: boolean;
  now: () => Date;
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : undefined);
const opt = <T>(v: T | null | undefined) => (v === null ? undefined : v);

function encodeSummary(doc: InvoiceDoc) {
  return {
    id: doc._id,
    invoice_number: doc.invoice_number,
    customer_name: doc.customer_name,
    customer_email: opt(doc.customer_email),
    currency: doc.currency,
    amount: doc.amount,
    invoice_status: doc.invoice_status,
    is_recurring: doc.is_recurring,
    due_date: doc.due_date,
    paid_at: iso(doc.paid_at),
    created_at: iso(doc.created_at),
    is_archived: doc.is_archived,
    series_id: opt(doc.series_id),
  };
}

function encodeBalance(workspaceId: string, b: CreditBalance) {
  return {
    workspace_id: workspaceId,
    unlimited: b.unlimited,
    credits_remaining: b.remaining ?? undefined,
    credits_used: b.used,
    updated_at: iso(b.updatedAt) ?? '',
  };
}

/** Proto3 leaves unset optionals out; the generate request treats '' like absent for strings. */
function decodeGenerate(req: Record<string, unknown>): GenerateRequest {
  const str = (k: string) => (typeof req[k] === 'string' && req[k] !== '' ? (req[k] as string) : undefined);
  const items = ((req.items as Record<string, unknown>[]) ?? []).map((i) => ({
    description: typeof i.description === 'string' ? i.description : undefined,
    quantity: String(i.quantity ?? ''),
    price: String(i.price ?? ''),
    discount: typeof i.discount === 'string' ? i.discount : undefined,
    unit: typeof i.unit === 'string' ? i.unit : undefined,
    tax_rate: typeof i.tax_rate === 'string' ? i.tax_rate : undefined,
  }));
  return {
    workspace_id: String(req.workspace_id ?? ''),
    source: str('source') ?? 'api',
    idempotency_key: str('idempotency_key'),
    request_fingerprint: str('request_fingerprint'),
    customer_name: String(req.customer_name ?? ''),
    customer_email: str('customer_email'),
    customer_tax_id: str('customer_tax_id'),
    items,
    currency: str('currency'),
    tax_rate: str('tax_rate'),
    discount_total: str('discount_total'),
    due_date: str('due_date'),
    notes: str('notes'),
    custom_payment_notes: str('custom_payment_notes'),
    footer_text: str('footer_text'),
    document_language: str('document_language'),
    template: str('template'),
    is_recurring: req.is_recurring === true,
    recurring_interval: str('recurring_interval'),
    recurring_count: typeof req.recurring_count === 'number' ? req.recurring_count : undefined,
    recurring_end_date: str('recurring_end_date'),
    payment_gateway: str('payment_gateway'),
    payment_account: str('payment_account'),
    series_id: str('series_id'),
    occurrence_date: str('occurrence_date'),
    issue_date: str('issue_date'),
  };
}

export function invoiceHandlers(deps: HandlerDeps): UnaryHandlers {
  const { service, baseUrl } = deps;
  return {
    async GenerateInvoice(req: Record<string, unknown>, call: CallInfo) {
      const result = await service.generate(decodeGenerate(req), call.deadline);
      return {
        id: result.id,
        invoice_number: result.invoice_number,
        pdf_url: result.pdf_url,
        credits_remaining: result.credits_remaining ?? undefined,
        is_recurring: result.is_recurring,
        recurring: result.recurring ?? null,
        template: result.template ?? null,
        replayed: result.replayed,
      };
    },

    async ListInvoices(req: { workspace_id: string; status?: string; page: number; page_size: number }) {
      const { docs, total } = await service.list(req.workspace_id, req.status, req.page, req.page_size);
      return { invoices: docs.map(encodeSummary), total };
    },

    async GetInvoice(req: { workspace_id: string; invoice_id: string }) {
      return encodeInvoice(await service.get(req.workspace_id, req.invoice_id), baseUrl);
    },

    async GetPublicInvoice(req: { invoice_id: string }) {
      const doc = await service.findPublic(req.invoice_id);
      if (!doc) throw new AppError('not_found', 'No such invoice.');
      return encodeInvoice(doc, baseUrl);
    },

    async UpdateInvoiceStatus(req: { workspace_id: string; invoice_id: string; status: string }) {
      const { doc, changed, previousStatus } = await service.updateStatus(req.workspace_id, req.invoice_id, req.status);
      return {
        id: doc._id,
        invoice_number: doc.invoice_number,
        invoice_status: doc.invoice_status,
        paid_at: iso(doc.paid_at),
        changed,
        previous_status: previousStatus,
      };
    },

    async MarkPaidByPayment(req: MarkPaidByPaymentRequest) {
      const { doc, paymentRecorded, statusChanged, previousStatus } = await service.markPaidByPayment({
        workspace_id: req.workspace_id,
        invoice_id: req.invoice_id,
        payment_gateway: req.payment_gateway,
        provider_payment_id: req.provider_payment_id,
        amount: req.amount,
        currency: req.currency,
        paid_at: req.paid_at || undefined,
      });
      return {
        id: doc._id,
        invoice_number: doc.invoice_number,
        invoice_status: doc.invoice_status,
        paid_at: iso(doc.paid_at),
        payment_recorded: paymentRecorded,
        status_changed: statusChanged,
        previous_status: previousStatus,
      };
    },

    async SetArchived(req: { workspace_id: string; invoice_id: string; is_archived: boolean }) {
      const { doc, changed } = await service.setArchived(req.workspace_id, req.invoice_id, req.is_archived);
      return {
        id: doc._id,
        invoice_number: doc.invoice_number,
        is_archived: doc.is_archived,
        archived_at: iso(doc.archived_at),
        changed,
      };
    },

    async GetInvoicePdf(req: { workspace_id: string; invoice_id: string; force: boolean }) {
      return service.pdf(req.workspace_id, req.invoice_id, req.force);
    },

    async GetRenderInput(req: { workspace_id: string; invoice_id: string }) {
      return service.renderInput(req.workspace_id, req.invoice_id);
    },

    async RecordPdfResult(req: {
      workspace_id: string;
      invoice_id: string;
      invoice_sequence: number;
      file?: FileInfo | null;
      error?: string;
    }) {
      return service.recordPdfResult(req.workspace_id, req.invoice_id, req.invoice_sequence, req.file ?? undefined);
    },

    async SetCredits(req: { workspace_id: string; unlimited: boolean; credits?: number }) {
      if (!req.unlimited && (req.credits === undefined || req.credits < 0)) {
        throw AppError.validation([{ path: 'credits', message: 'is required (>= 0) unless unlimited is true' }]);
      }
      await service.workspace(req.workspace_id);
      return encodeBalance(
        req.workspace_id,
        await deps.credits.set(req.workspace_id, req.unlimited ? null : req.credits!, deps.now()),
      );
    },

    async AddCredits(req: { workspace_id: string; amount: number; operation_id?: string }) {
      if (!Number.isInteger(req.amount) || req.amount === 0)
        throw AppError.validation([{ path: 'amount', message: 'must be a non-zero integer' }]);
      await service.workspace(req.workspace_id);
      return encodeBalance(
        req.workspace_id,
        await deps.credits.add(req.workspace_id, req.amount, req.operation_id, deps.now()),
      );
    },

    async GetCredits(req: { workspace_id: string }) {
      return encodeBalance(req.workspace_id, await deps.credits.balance(req.workspace_id));
    },

    async RunOverdueSweep(req: { now?: string; workspace_id?: string }) {
      if (req.now && !deps.testHooks)
        throw new AppError('application', 'A sweep at another time than now needs the test hooks.');
      const at = req.now ? new Date(req.now) : deps.now();
      if (Number.isNaN(at.getTime())) throw AppError.validation([{ path: 'now', message: 'must be an RFC 3339 time' }]);
      const ids = await service.overdueSweep(at, req.workspace_id);
      return { marked_overdue: ids.length, invoice_ids: ids };
    },
  };
}
