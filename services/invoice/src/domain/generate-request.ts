import { AppError, type FieldError } from '@invoice-platform/common/errors';
import { addDays, isCalendarDate, localDate, overdueAt } from '@invoice-platform/common/dates';
import type { GenerateRequest } from '@invoice-platform/common/contracts/generate';
import { documentLanguages, isOneOf, recurringIntervals } from '@invoice-platform/common/contracts/values';
import {
  type EInvoiceFormat,
  electronicAddressJson,
  legalProfileJson,
  postalAddressJson,
  type TaxCategory,
} from '@invoice-platform/common/contracts/e-invoice';
import type { EInvoiceLine } from './e-invoice/input.ts';
import { type EInvoiceDraft, eInvoiceProblems } from './e-invoice/requirements.ts';
import type { InvoiceDoc, TemplateRef } from './invoice.ts';
import { computeTotals, DEFAULT_CURRENCY, type Totals } from '@invoice-platform/common/invoice-money';
import { type AllocatedNumber, formatInvoiceNumber } from './numbering.ts';
import type { WorkspaceInfo } from './workspace.ts';

/** Who may create an invoice: the public API, the dashboard (the admin API) and the recurring scheduler. */
export const invoiceSources = ['api', 'dashboard', 'recurring'] as const;

/**
 * Where an Idempotency-Key is kept on the invoice (`idempotency_scope`, unique per workspace).
 * Every key is kept under a prefix that names its source, so a key is never equal to the scope of
 * another source's key nor to the service's own forms (`none:{id}` of an invoice made without a
 * key, `expired:{id}` of a key older than 24 hours, `void:{id}`), whatever its text: an API key
 * `none:inv_…` would otherwise replay that invoice, and `expired:inv_…` collide with it.
 */
export function idempotencyScope(source: string, key: string): string {
  return source === 'dashboard' ? `dashboard ${key}` : `key ${key}`;
}

/** The service's own forms of `idempotency_scope`, which no key's scope takes (idempotencyScope). */
const internalScope = /^(none|expired|void):/;

/**
 * Where a release before the `key ` prefix kept an API or scheduler key: its bare text. Such
 * invoices are still read, so a retry across the upgrade replays (keys are kept 24 hours, after
 * which no such invoice is younger than the window and this read only retires them); a key with
 * an internal form's text has none, since that text is exactly the collision being closed. The
 * dashboard's keys kept their form. Null: no earlier form to read.
 */
export function legacyIdempotencyScope(source: string, key: string): string | null {
  return source === 'dashboard' || internalScope.test(key) ? null : key;
}

export interface GeneratePlan {
  totals: Totals;
  language: string;
  issueDate: Date;
  dueDate: string;
}

/**
 * Whether a refusal of validateGenerate is over the workspace's own data (its legal profile, paths
 * `workspace.…`), which a profile set since the workspace was read may lift.
 */
export function refusesWorkspaceData(err: unknown): boolean {
  if (!AppError.isKind(err, 'validation')) return false;
  const errors = (err.details?.errors ?? []) as FieldError[];
  return errors.some((e) => e.path.startsWith('workspace.'));
}

/**
 * The checks a generate request passes before anything is reserved, and what they settle: the
 * totals, the language, the issue and due dates. `recurringAvailable`: whether a recurring service
 * is deployed to create a new series.
 */
export function validateGenerate(
  req: GenerateRequest,
  ws: WorkspaceInfo,
  now: Date,
  recurringAvailable: boolean,
): GeneratePlan {
  if (!isOneOf(invoiceSources, req.source))
    // Set by the platform's own callers, never by a client: another value is a caller's bug.
    throw new AppError('internal', `source must be one of: ${invoiceSources.join(', ')}`);
  const errors: { path: string; message: string }[] = [];
  if (!req.customer_name?.trim()) errors.push({ path: 'body.customer_name', message: 'is required' });
  const language = req.document_language || 'en';
  if (!isOneOf(documentLanguages, language))
    errors.push({ path: 'body.document_language', message: `must be one of: ${documentLanguages.join(', ')}` });
  if (req.due_date !== undefined && !isCalendarDate(req.due_date))
    errors.push({ path: 'body.due_date', message: 'must be a date (YYYY-MM-DD)' });
  const issueDate = req.source === 'recurring' && req.issue_date ? new Date(req.issue_date) : now;
  const isNewSeries = req.is_recurring && !req.series_id;
  if (isNewSeries) {
    if (!req.recurring_interval || !isOneOf(recurringIntervals, req.recurring_interval))
      errors.push({
        path: 'body.recurring_interval',
        message: `is required when is_recurring is true, one of: ${recurringIntervals.join(', ')}`,
      });
    if (!req.customer_email)
      errors.push({ path: 'body.customer_email', message: 'is required when is_recurring is true' });
    if (req.recurring_count !== undefined && (req.recurring_count < 2 || req.recurring_count > 121))
      errors.push({ path: 'body.recurring_count', message: 'must be between 2 and 121' });
    if (req.recurring_end_date !== undefined) {
      if (req.recurring_count !== undefined)
        errors.push({ path: 'body.recurring_end_date', message: 'is not allowed together with recurring_count' });
      else if (!isCalendarDate(req.recurring_end_date) || req.recurring_end_date <= localDate(now, ws.time_zone))
        errors.push({ path: 'body.recurring_end_date', message: 'must be a date in the future' });
    }
  }
  if (errors.length > 0) throw AppError.validation(errors);
  // Money rules (items, currency, discounts) report their own errors.
  const totals = computeTotals({
    currency: req.currency || DEFAULT_CURRENCY,
    items: req.items,
    tax_rate: req.tax_rate,
    discount_total: req.discount_total,
  });
  if (req.e_invoice) {
    // Before anything is reserved: a format whose data are incomplete uses no credit.
    const problems = eInvoiceProblems(eInvoiceDraft(req, ws, totals));
    if (problems.length > 0) throw AppError.validation(problems);
  }
  if (isNewSeries && !ws.features.includes('recurring')) {
    throw new AppError('forbidden', 'The workspace plan does not include recurring invoices.');
  }
  if (isNewSeries && !recurringAvailable)
    throw new AppError('not_implemented', 'Recurring invoices are not available yet.');
  const dueDate = req.due_date ?? addDays(localDate(issueDate, ws.time_zone), 14);
  return { totals, language, issueDate, dueDate };
}

/**
 * What a requested e-invoice would be made from, before the invoice exists: the request's fields,
 * the computed lines, the workspace's legal profile, and whether it names a payment account (its
 * number is read only when the XML is made) or offers online payment (the page's address comes
 * with the invoice id).
 */
function eInvoiceDraft(req: GenerateRequest, ws: WorkspaceInfo, totals: Totals): EInvoiceDraft {
  return {
    format: req.e_invoice as EInvoiceFormat,
    invoice: {
      currency: totals.currency,
      customer_name: req.customer_name,
      customer_tax_id: req.customer_tax_id ?? null,
      customer_address: postalAddressJson(req.customer_address as Record<string, unknown> | undefined),
      customer_electronic_address: electronicAddressJson(
        req.customer_electronic_address as Record<string, unknown> | undefined,
      ),
      buyer_reference: req.buyer_reference ?? null,
      purchase_order_reference: req.purchase_order_reference ?? null,
      tax_category: (req.tax_category as TaxCategory | undefined) ?? null,
      tax_exemption_reason: req.tax_exemption_reason ?? null,
      items: totals.lines.map((line, i) => ({
        effective_tax_rate: line.effective_tax_rate,
        ...eInvoiceItemFields(req.items[i]!),
      })),
    },
    seller: { profile: legalProfileJson(ws.legal_profile as Record<string, unknown> | null | undefined) },
    payment: {
      account: req.payment_account ? { account_number: '' } : null,
      url: req.payment_gateway ? 'the public invoice page' : null,
    },
  };
}

/** The e-invoice fields of a request item that were given (docs/e-invoicing.md). */
function eInvoiceItemFields(item: GenerateRequest['items'][number]): Partial<EInvoiceLine> {
  const fields: Partial<EInvoiceLine> = {};
  if (item.unit_code) fields.unit_code = item.unit_code;
  if (item.tax_category) fields.tax_category = item.tax_category as TaxCategory;
  if (item.tax_exemption_reason) fields.tax_exemption_reason = item.tax_exemption_reason;
  return fields;
}

/** The request's fields an invoice keeps as they were given, null when absent. */
const keptAsGiven = [
  'customer_email',
  'customer_tax_id',
  'notes',
  'custom_payment_notes',
  'footer_text',
  'payment_gateway',
  'payment_account',
  'series_id',
  'occurrence_date',
  'recurring_count',
  'recurring_end_date',
  'request_fingerprint',
  'buyer_reference',
  'purchase_order_reference',
  'tax_exemption_reason',
] as const satisfies readonly (keyof GenerateRequest & keyof InvoiceDoc)[];

type KeptAsGiven = { [F in (typeof keptAsGiven)[number]]: NonNullable<GenerateRequest[F]> | null };

function asGiven(req: GenerateRequest): KeptAsGiven {
  return Object.fromEntries(keptAsGiven.map((field) => [field, req[field] ?? null])) as KeptAsGiven;
}

/**
 * The invoice a generate stores, before its series, file and response are added: the request's
 * fields kept as given, and what the checks (`plan`), the workspace, the number and the template
 * settled.
 */
export function newInvoice(
  id: string,
  req: GenerateRequest,
  ws: WorkspaceInfo,
  plan: GeneratePlan,
  number: AllocatedNumber,
  template: TemplateRef | null,
  now: Date,
): InvoiceDoc {
  const { totals } = plan;
  return {
    ...asGiven(req),
    _id: id,
    workspace_id: ws.id,
    invoice_number: formatInvoiceNumber(ws.id, number.period, number.seq),
    number_period: number.period,
    number_seq: number.seq,
    customer_name: req.customer_name.trim(),
    currency: totals.currency,
    // The e-invoice fields of each item ride along with its computed figures.
    items: totals.lines.map((line, i) => ({ ...line, ...eInvoiceItemFields(req.items[i]!) })),
    subtotal: totals.subtotal,
    discount_total: totals.discount_total,
    tax_rate: totals.tax_rate,
    tax_amount: totals.tax_amount,
    amount: totals.amount,
    invoice_status: 'unpaid',
    is_archived: false,
    archived_at: null,
    is_recurring: req.is_recurring,
    recurring_interval: req.is_recurring ? (req.recurring_interval ?? 'none') : 'none',
    issue_date: plan.issueDate,
    due_date: plan.dueDate,
    overdue_at: overdueAt(plan.dueDate, ws.time_zone),
    paid_at: null,
    document_language: plan.language,
    template,
    requested_template: req.template ?? null,
    customer_address: postalAddressJson(req.customer_address as Record<string, unknown> | undefined),
    customer_electronic_address: electronicAddressJson(
      req.customer_electronic_address as Record<string, unknown> | undefined,
    ),
    tax_category: (req.tax_category as TaxCategory | undefined) ?? null,
    e_invoice: (req.e_invoice as EInvoiceFormat | undefined) ?? null,
    seller_profile: legalProfileJson(ws.legal_profile as Record<string, unknown> | null | undefined),
    source: req.source,
    occurrence_scope: req.series_id && req.occurrence_date ? `${req.series_id}:${req.occurrence_date}` : id,
    series_pending: false,
    idempotency_scope: req.idempotency_key ? idempotencyScope(req.source, req.idempotency_key) : `none:${id}`,
    generate_response: {},
    pdf_status: 'processing',
    pdf_file_id: null,
    pdf_wanted_sequence: 1,
    amount_received: '0',
    payments: [],
    // Decided once, from the workspace at generate: a later change of the mark alters no invoice.
    test_mode: ws.test_mode === true,
    test_payments: [],
    time_zone: ws.time_zone,
    version: 1,
    created_at: now,
    updated_at: now,
  };
}
