/**
 * Credit notes (docs/money-trail.md "Credit notes"): what a note credits, checked against its
 * invoice before anything is reserved and again inside the write that stores it. Pure: the use
 * case (service/credit-notes.ts) does the reserving, numbering, rendering and storing.
 */
import { AppError, type FieldError } from '@invoice-platform/common/errors';
import { computeTotals, formatMinor, type ItemInput, minorUnits } from '@invoice-platform/common/invoice-money';
import { exactMinorUnits } from '@invoice-platform/common/money';
import type { TaxCategory } from '@invoice-platform/common/contracts/e-invoice';
import { balanceOf } from './balance.ts';
import { creditNoteEInvoiceProblems } from './e-invoice/credit-note.ts';
import type { EInvoiceLine } from './e-invoice/input.ts';
import type { CreditNoteDoc, InvoiceDoc } from './invoice.ts';

export type { CreditNoteDoc };
import type { AllocatedNumber } from './numbering.ts';
import type { InvoiceStatus } from './status.ts';

/** An invoice holds at most this many credit notes, and this many credited lines in all, so its document stays bounded. */
export const maxCreditNotesPerInvoice = 100;
export const maxCreditedLinesPerInvoice = 1000;
export const maxReasonLength = 500;
/** The longest description of a line a note without items makes from the invoice's descriptions. */
const maxBalanceDescription = 200;

/** docs/money-trail.md: CN-{workspace id}-{YYYYMM}-{seq}, seq zero-padded to 4 digits as an invoice's. */
export function formatCreditNoteNumber(workspaceId: string, period: string, seq: number): string {
  return `CN-${workspaceId}-${period}-${String(seq).padStart(4, '0')}`;
}

/**
 * Where a credit note lives (store/models.ts credit_note_refs): its invoice, found by the note's
 * id through an index, and its Idempotency-Key, unique per workspace. Written before the note's
 * credit and number are held; the note itself exists only once its invoice holds it.
 */
export interface CreditNoteRefDoc {
  _id: string;
  workspace_id: string;
  invoice_id: string;
  /** The key in its source's namespace (idempotencyScope); `none:{id}` without one, `expired:{id}` after 24 h. */
  idempotency_scope: string;
  request_fingerprint: string | null;
  created_at: Date;
}

/** An item as IssueCreditNote takes it: a generate's (contracts/items.ts generateItem). */
export type CreditItemInput = ItemInput & {
  unit_code?: string;
  tax_category?: string;
  tax_exemption_reason?: string;
};

export interface CreditNoteRequest {
  workspace_id: string;
  invoice_id: string;
  source: string;
  idempotency_key?: string;
  request_fingerprint?: string;
  reason: string;
  /** Empty: the whole amount still creditable. */
  items: CreditItemInput[];
}

/** The figures a note credits, decided before anything is reserved. */
export interface CreditNoteTotals {
  items: EInvoiceLine[];
  subtotal: string;
  discount_total: string;
  tax_rate: string;
  tax_amount: string;
  amount: string;
}

/** Who may issue a credit note: the public API and the dashboard (the admin API). */
export const creditNoteSources = ['api', 'dashboard'] as const;

/** amount − amount_credited, in minor units: what notes may still credit (payments do not lower it). */
export function creditableMinor(invoice: InvoiceDoc): bigint {
  const units = (value: string) => exactMinorUnits(value, invoice.currency)!;
  return units(invoice.amount) - units(balanceOf(invoice).amount_credited);
}

/** The same as decimal text. */
export function creditable(invoice: InvoiceDoc): string {
  return formatMinor(creditableMinor(invoice), minorUnits(invoice.currency));
}

/**
 * The refusals that depend on the invoice as it is now, before anything is reserved and again in
 * the write that stores the note (a concurrent note may have been stored in between): a cancelled
 * invoice, one that holds its most notes or lines, nothing left to credit, a note past what is
 * left (400 naming body.items).
 */
export function assertCreditable(invoice: InvoiceDoc, totals: CreditNoteTotals | null): void {
  if (invoice.invoice_status === 'cancelled')
    throw new AppError(
      'application',
      `Invoice ${invoice.invoice_number} is cancelled: a cancelled invoice cannot be credited.`,
      { invoice_status: invoice.invoice_status },
    );
  const notes = invoice.credit_notes ?? [];
  if (notes.length >= maxCreditNotesPerInvoice)
    throw new AppError(
      'application',
      `Invoice ${invoice.invoice_number} already has ${maxCreditNotesPerInvoice} credit notes, the most an invoice can have.`,
      { limit: maxCreditNotesPerInvoice },
    );
  const lines = notes.reduce((sum, n) => sum + n.items.length, 0) + (totals?.items.length ?? 0);
  if (lines > maxCreditedLinesPerInvoice)
    throw AppError.validation(
      [
        {
          path: 'body.items',
          message: `an invoice's credit notes can have at most ${maxCreditedLinesPerInvoice} lines in all`,
        },
      ],
      `Invoice ${invoice.invoice_number}'s credit notes can have at most ${maxCreditedLinesPerInvoice} lines in all.`,
    );
  const left = creditableMinor(invoice);
  const digits = minorUnits(invoice.currency);
  if (left <= 0n)
    throw new AppError(
      'application',
      `Invoice ${invoice.invoice_number} is fully credited: nothing is left to credit.`,
      { amount_credited: invoice.amount },
    );
  if (totals && exactMinorUnits(totals.amount, invoice.currency)! > left) {
    const message = `the lines total ${totals.amount} ${invoice.currency} with tax, more than the ${formatMinor(left, digits)} ${invoice.currency} still creditable`;
    throw AppError.validation(
      [{ path: 'body.items', message }],
      `The credit note cannot be issued: ${message} on invoice ${invoice.invoice_number}.`,
    );
  }
}

/**
 * What a request credits on `invoice` as it is now, or the refusal (every check made before
 * anything is reserved, so a refusal uses no credit and writes nothing). With items: their lines,
 * as a generate computes them, in the invoice's currency, each line's tax_rate else the invoice's.
 * Without: the whole amount still creditable (creditRest).
 */
export function planCreditNote(
  req: CreditNoteRequest,
  invoice: InvoiceDoc,
): { reason: string; totals: CreditNoteTotals } {
  const errors: FieldError[] = [];
  const reason = typeof req.reason === 'string' ? req.reason.trim() : '';
  if (!reason) errors.push({ path: 'body.reason', message: 'is required' });
  else if (reason.length > maxReasonLength)
    errors.push({ path: 'body.reason', message: `must be at most ${maxReasonLength} characters` });
  if (errors.length > 0) throw AppError.validation(errors);
  assertCreditable(invoice, null);

  let totals: CreditNoteTotals;
  if (req.items.length > 0) {
    const computed = computeTotals({ currency: invoice.currency, items: req.items, tax_rate: invoice.tax_rate });
    totals = {
      items: computed.lines.map((line, i) => ({ ...line, ...eInvoiceFields(req.items[i]!) })),
      subtotal: computed.subtotal,
      discount_total: computed.discount_total,
      tax_rate: computed.tax_rate,
      tax_amount: computed.tax_amount,
      amount: computed.amount,
    };
    if (exactMinorUnits(totals.amount, invoice.currency) === 0n)
      throw AppError.validation([{ path: 'body.items', message: 'must credit more than 0' }]);
  } else {
    totals = creditRest(invoice);
  }
  assertCreditable(invoice, totals);
  // The invoice's e-invoice format asks the same of the note's lines as of its own.
  const problems = creditNoteEInvoiceProblems(invoice, totals.items);
  if (problems.length > 0) throw AppError.validation(problems);
  return { reason, totals };
}

/** The e-invoice fields of a request item that were given (docs/e-invoicing.md). */
function eInvoiceFields(item: CreditItemInput): Partial<EInvoiceLine> {
  const fields: Partial<EInvoiceLine> = {};
  if (item.unit_code) fields.unit_code = item.unit_code;
  if (item.tax_category) fields.tax_category = item.tax_category as TaxCategory;
  if (item.tax_exemption_reason) fields.tax_exemption_reason = item.tax_exemption_reason;
  return fields;
}

/**
 * The whole amount still creditable, as lines (docs/money-trail.md "Credit notes"):
 *
 * - On an invoice nothing was credited from: its own lines, discount and tax rate, computed as
 *   its generate computed them, so the note is the invoice to the minor unit, VAT group by VAT
 *   group (a full reversal).
 * - Else one line per VAT group of the invoice (rate, category, exemption reason) that is left,
 *   the rest split over them in proportion to what the earlier notes left of each. A group's gross
 *   share is net + VAT with the VAT the floor or the ceiling of net × rate (what EN 16931's
 *   per-group check accepts), so the note adds up to exactly what was left, whatever the earlier
 *   notes rounded.
 */
export function creditRest(invoice: InvoiceDoc): CreditNoteTotals {
  const currency = invoice.currency;
  const digits = minorUnits(currency);
  const left = creditableMinor(invoice);
  if ((invoice.credit_notes ?? []).length === 0) {
    const mirror = computeTotals({
      currency,
      items: invoice.items.map((line) => ({
        description: line.description,
        quantity: line.quantity,
        price: line.price,
        discount: line.discount,
        unit: line.unit,
        tax_rate: line.tax_rate,
      })),
      tax_rate: invoice.tax_rate,
      discount_total: invoice.discount_total,
    });
    // Always so for an invoice computeTotals made; the rest below covers any other.
    if (exactMinorUnits(mirror.amount, currency) === left)
      return {
        items: mirror.lines.map((line, i) => ({ ...line, ...eInvoiceFieldsOf(invoice.items[i]!) })),
        subtotal: mirror.subtotal,
        discount_total: mirror.discount_total,
        tax_rate: mirror.tax_rate,
        tax_amount: mirror.tax_amount,
        amount: mirror.amount,
      };
  }
  const groups = vatGroups(invoice);
  const shares = splitByWeight(
    left,
    groups.map((g) => g.weight),
  );
  const items: EInvoiceLine[] = [];
  let subtotal = 0n;
  let tax = 0n;
  groups.forEach((g, i) => {
    const gross = shares[i]!;
    if (gross === 0n) return;
    const split = splitGross(gross, g.rate);
    if (!split)
      throw new AppError(
        'application',
        `The ${formatMinor(left, digits)} ${currency} still creditable cannot be split into net and tax at ${g.rate.text}%; credit it with items.`,
      );
    const net = formatMinor(split.net, digits);
    items.push({
      description: g.description,
      quantity: '1',
      price: net,
      discount: '0',
      tax_rate: g.rate.text,
      line_amount: net,
      discount_share: formatMinor(0n, digits),
      effective_tax_rate: g.rate.text,
      ...g.fields,
    });
    subtotal += split.net;
    tax += split.tax;
  });
  return {
    items,
    subtotal: formatMinor(subtotal, digits),
    discount_total: formatMinor(0n, digits),
    tax_rate: invoice.tax_rate,
    tax_amount: formatMinor(tax, digits),
    amount: formatMinor(subtotal + tax, digits),
  };
}

function eInvoiceFieldsOf(line: EInvoiceLine): Partial<EInvoiceLine> {
  const fields: Partial<EInvoiceLine> = {};
  if (line.unit_code) fields.unit_code = line.unit_code;
  if (line.tax_category) fields.tax_category = line.tax_category;
  if (line.tax_exemption_reason) fields.tax_exemption_reason = line.tax_exemption_reason;
  return fields;
}

/** A tax rate in percent as units / 10^scale ('19' → 19/1, '7.5' → 75/10). */
interface Rate {
  text: string;
  units: bigint;
  scale: bigint;
}

function readRate(text: string): Rate {
  const [whole, fraction = ''] = text.split('.');
  return { text, units: BigInt(whole! + fraction), scale: 10n ** BigInt(fraction.length) };
}

interface VatGroup {
  rate: Rate;
  fields: Partial<EInvoiceLine>;
  description: string;
  /** What is left of the group, gross (net left × (100 + rate)), the weight of its share. */
  weight: bigint;
}

/**
 * The invoice's VAT groups in the order of their first line, each with what the earlier notes left
 * of its net (their lines of the same rate, category and reason taken off, never below 0). When
 * the notes took every group's net (they credited at other rates), the invoice's own nets weigh.
 */
function vatGroups(invoice: InvoiceDoc): VatGroup[] {
  const currency = invoice.currency;
  const units = (value: string) => exactMinorUnits(value, currency)!;
  const keyOf = (line: EInvoiceLine) =>
    JSON.stringify(
      [
        readRate(line.effective_tax_rate).units * (10n ** 12n / readRate(line.effective_tax_rate).scale),
        line.tax_category ?? null,
        line.tax_exemption_reason ?? null,
      ].map(String),
    );
  const groups = new Map<
    string,
    { rate: Rate; fields: Partial<EInvoiceLine>; descriptions: string[]; net: bigint; credited: bigint }
  >();
  for (const line of invoice.items) {
    const key = keyOf(line);
    let g = groups.get(key);
    if (!g) {
      const fields: Partial<EInvoiceLine> = {};
      if (line.tax_category) fields.tax_category = line.tax_category;
      if (line.tax_exemption_reason) fields.tax_exemption_reason = line.tax_exemption_reason;
      g = { rate: readRate(line.effective_tax_rate), fields, descriptions: [], net: 0n, credited: 0n };
      groups.set(key, g);
    }
    g.descriptions.push(line.description);
    g.net += units(line.line_amount) - units(line.discount_share);
  }
  for (const note of invoice.credit_notes ?? [])
    for (const line of note.items) {
      const g = groups.get(keyOf(line));
      if (g) g.credited += units(line.line_amount) - units(line.discount_share);
    }
  const gross = (net: bigint, rate: Rate) => net * (100n * rate.scale + rate.units);
  const list = [...groups.values()];
  const left = list.map((g) => gross(g.net > g.credited ? g.net - g.credited : 0n, g.rate));
  const weights = left.some((w) => w > 0n) ? left : list.map((g) => gross(g.net, g.rate));
  return list.map((g, i) => ({
    rate: g.rate,
    fields: g.fields,
    description: balanceDescription(invoice.invoice_number, g.descriptions),
    // Every rate is scaled alike before weighing: the scales differ between groups.
    weight: weights[i]! * (10n ** 12n / g.rate.scale),
  }));
}

/** The line's text: the invoice's line descriptions it credits the rest of, else the invoice number. */
function balanceDescription(invoiceNumber: string, descriptions: string[]): string {
  const text = `${invoiceNumber}: ${[...new Set(descriptions)].join('; ')}`;
  return text.length <= maxBalanceDescription ? text : `${text.slice(0, maxBalanceDescription - 1)}…`;
}

/**
 * `total` split in proportion to `weights` by largest remainder (ties to the earlier), so the
 * shares add up to `total` exactly; all to the first when every weight is 0.
 */
export function splitByWeight(total: bigint, weights: bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map((_, i) => (i === 0 ? total : 0n));
  const shares = weights.map((w) => (total * w) / sum);
  let missing = total - shares.reduce((a, b) => a + b, 0n);
  const order = weights
    .map((w, index) => ({ index, remainder: (total * w) % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (missing === 0n) break;
    shares[index]! += 1n;
    missing -= 1n;
  }
  return shares;
}

/**
 * A gross amount (minor units) as net + tax at `rate`, the tax the floor or the ceiling of
 * net × rate / 100; the net as large as that allows. Null when no such split exists (only at a
 * rate of 100% and more, where net + tax skips values).
 */
export function splitGross(gross: bigint, rate: Rate): { net: bigint; tax: bigint } | null {
  const base = 100n * rate.scale;
  const approx = (gross * base) / (base + rate.units);
  for (const net of [approx + 1n, approx, approx - 1n, approx - 2n]) {
    if (net < 0n || net > gross) continue;
    const exact = net * rate.units;
    const floor = exact / base;
    const ceil = exact % base === 0n ? floor : floor + 1n;
    const tax = gross - net;
    if (tax >= floor && tax <= ceil) return { net, tax };
  }
  return null;
}

/** splitGross with the rate as text, for the tables of its tests. */
export function splitGrossAt(gross: bigint, rate: string) {
  return splitGross(gross, readRate(rate));
}

/**
 * The note a request makes, before its file and its answer are added: the plan's figures, its
 * number, and the key it replays by.
 */
export function newCreditNote(
  id: string,
  req: CreditNoteRequest,
  invoice: InvoiceDoc,
  plan: { reason: string; totals: CreditNoteTotals },
  number: AllocatedNumber,
  idempotencyScope: string | null,
  now: Date,
): CreditNoteDoc {
  return {
    id,
    credit_note_number: formatCreditNoteNumber(invoice.workspace_id, number.period, number.seq),
    number_period: number.period,
    number_seq: number.seq,
    reason: plan.reason,
    ...plan.totals,
    currency: invoice.currency,
    created_at: now,
    source: req.source,
    idempotency_scope: idempotencyScope,
    request_fingerprint: req.request_fingerprint ?? null,
    issue_response: { credits_remaining: null },
    pdf_file_id: null,
    pdf_status: 'processing',
  };
}

/**
 * The move a note makes when it brings amount_due to 0 on an invoice still to be collected
 * (`after`: the invoice with the note): paid when payments cover the rest, else cancelled; null
 * when something is still due, or the invoice is paid already.
 */
export function statusAfterCredit(after: InvoiceDoc): InvoiceStatus | null {
  if (after.invoice_status !== 'unpaid' && after.invoice_status !== 'overdue') return null;
  const balance = balanceOf(after);
  if (exactMinorUnits(balance.amount_due, after.currency) !== 0n) return null;
  return exactMinorUnits(balance.amount_paid, after.currency)! > 0n ? 'paid' : 'cancelled';
}

/** The note of `id` on the invoice, if it holds it. */
export function creditNoteOf(invoice: InvoiceDoc, id: string): CreditNoteDoc | undefined {
  return (invoice.credit_notes ?? []).find((n) => n.id === id);
}
