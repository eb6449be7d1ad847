import { generateItem } from '@invoice-platform/common/contracts/items';
import { documentLanguages, isOneOf } from '@invoice-platform/common/contracts/values';
import { AppError, type FieldError } from '@invoice-platform/common/errors';
import { computeTotals } from '@invoice-platform/common/invoice-money';
import type { Invoice__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/Invoice';
import { replaceableNow } from './occurrences.ts';
import type { ContentItem, OccurrenceDoc, SeriesContent, SeriesDoc } from './records.ts';

/**
 * Editing a series' content (the dashboard's "edit series", docs/architecture.md#recurring): the
 * customer, items, currency, tax, discount, notes and language follow-ups are made from. Until a
 * first edit a follow-up copies the first invoice; from it on the series keeps its whole content,
 * the first invoice's with the edits on top, and the follow-ups generated after it use that.
 * Invoices already generated never change.
 */

/** What may be edited, in the order the refusal names them. */
export const contentFields = [
  'customer_name',
  'customer_email',
  'items',
  'currency',
  'tax_rate',
  'discount_total',
  'notes',
  'document_language',
] as const satisfies readonly (keyof SeriesContent)[];

/** An edit as asked: each field unset (keeps its value) or its new value; notes '' removes them. */
export interface ContentEditInput {
  customer_name?: string | undefined;
  customer_email?: string | undefined;
  items?: ContentItem[] | undefined;
  currency?: string | undefined;
  tax_rate?: string | undefined;
  discount_total?: string | undefined;
  notes?: string | undefined;
  document_language?: string | undefined;
}

/** An edit checked field by field: the fields it sets. */
export type ContentEdit = Partial<SeriesContent>;

/** The bounds of a generate body (OpenAPI `generateInvoice`), for callers other than the gateway. */
const MAX_NAME = 200;
const MAX_EMAIL = 254;
const MAX_NOTES = 5000;
const MAX_ITEMS = 500;
const emailShape = /^[^\s@]+@[^\s@]+$/;

/**
 * Checks what can be checked of an edit on its own (OpenAPI `generateInvoice` rules, paths as in
 * a body); the money rules need the whole content and are checked by editedContent.
 */
export function checkContentEdit(input: ContentEditInput): ContentEdit {
  const edit: ContentEdit = {};
  for (const field of contentFields) if (input[field] !== undefined) Object.assign(edit, { [field]: input[field] });
  if (Object.keys(edit).length === 0)
    throw AppError.validation(
      [{ path: 'body', message: `must set at least one of: ${contentFields.join(', ')}` }],
      'The edit changes nothing: give at least one field.',
    );
  const errors: FieldError[] = [];
  if (edit.customer_name !== undefined) {
    edit.customer_name = edit.customer_name.trim();
    if (edit.customer_name === '') errors.push({ path: 'body.customer_name', message: 'must not be blank' });
    else if (edit.customer_name.length > MAX_NAME)
      errors.push({ path: 'body.customer_name', message: `must be at most ${MAX_NAME} characters` });
  }
  if (
    edit.customer_email !== undefined &&
    (!emailShape.test(edit.customer_email) || edit.customer_email.length > MAX_EMAIL)
  )
    // Follow-ups are emailed there: a series always has one.
    errors.push({ path: 'body.customer_email', message: 'must be a valid email address' });
  if (edit.items !== undefined) {
    if (edit.items.length === 0) errors.push({ path: 'body.items', message: 'must have at least 1 item' });
    if (edit.items.length > MAX_ITEMS)
      errors.push({ path: 'body.items', message: `must have at most ${MAX_ITEMS} items` });
  }
  if (typeof edit.notes === 'string') {
    if (edit.notes.length > MAX_NOTES)
      errors.push({ path: 'body.notes', message: `must be at most ${MAX_NOTES} characters` });
    if (edit.notes === '') edit.notes = null;
  }
  if (edit.document_language !== undefined && !isOneOf(documentLanguages, edit.document_language))
    errors.push({ path: 'body.document_language', message: `must be one of: ${documentLanguages.join(', ')}` });
  if (errors.length > 0) throw AppError.validation(errors);
  return edit;
}

/**
 * The content follow-ups copy while the series has not been edited: the first invoice's, sent to
 * the series' customer_email (what domain/follow-up-request.ts has always sent).
 */
export function contentOfFirstInvoice(
  series: Pick<SeriesDoc, 'customer_email'>,
  first: Invoice__Output,
): SeriesContent {
  return {
    customer_name: first.customer_name,
    customer_email: series.customer_email,
    items: first.items.map((line) => contentItem(generateItem(line))),
    currency: first.currency ?? '',
    tax_rate: first.tax_rate || '0',
    discount_total: first.discount_total || '0',
    notes: first.notes || null,
    document_language: first.document_language,
  };
}

/** A line without its unset fields (none is stored as undefined). */
export function contentItem(item: {
  description?: string | undefined;
  quantity?: string | undefined;
  price?: string | undefined;
  discount?: string | undefined;
  unit?: string | undefined;
  tax_rate?: string | undefined;
  unit_code?: string | undefined;
  tax_category?: string | undefined;
  tax_exemption_reason?: string | undefined;
}): ContentItem {
  const line: ContentItem = {
    description: item.description ?? '',
    quantity: item.quantity ?? '',
    price: item.price ?? '',
  };
  if (item.discount) line.discount = item.discount;
  if (item.unit) line.unit = item.unit;
  if (item.tax_rate) line.tax_rate = item.tax_rate;
  if (item.unit_code) line.unit_code = item.unit_code;
  if (item.tax_category) line.tax_category = item.tax_category;
  if (item.tax_exemption_reason) line.tax_exemption_reason = item.tax_exemption_reason;
  return line;
}

/**
 * The content after the edit, and its total (the figure the series shows as `amount`), by the
 * invoice service's own arithmetic (common/invoice-money.ts): a ValidationError naming the field when a
 * generate of it would be refused (currency, discount over the subtotal, …).
 */
export function editedContent(base: SeriesContent, edit: ContentEdit): { content: SeriesContent; amount: string } {
  const content: SeriesContent = { ...base, ...edit };
  const { amount } = computeTotals(content);
  return { content, amount };
}

/** The content as recurring.v1 SeriesContent (unset notes left out). */
export function contentView(content: SeriesContent) {
  return { ...content, notes: content.notes ?? undefined };
}

/** A completed series has no occurrence left to generate: an edit would change no invoice. */
export function nothingToEdit(series: Pick<SeriesDoc, 'status'>): AppError | null {
  if (series.status !== 'completed') return null;
  return new AppError(
    'application',
    'The series is completed: no occurrence is left to generate, so an edit would change no invoice. ' +
      'Extend the series first, then edit it.',
    { status: series.status },
  );
}

/**
 * The edit on the series and its occurrences as they are: the fields it sets. Every occurrence
 * not generated yet must be `held` by the edit (no scheduler worker is making one from the old
 * content meanwhile); one added since the hold is a conflict, decided again.
 */
export function planContentEdit(
  series: SeriesDoc,
  occurrences: readonly OccurrenceDoc[],
  held: readonly string[],
  base: SeriesContent,
  edit: ContentEdit,
): Partial<SeriesDoc> {
  const refusal = nothingToEdit(series);
  if (refusal) throw refusal;
  if (occurrences.filter(replaceableNow).some((o) => !held.includes(o._id)))
    throw new AppError('conflict', 'The series is being changed concurrently. Retry shortly.');
  const { content, amount } = editedContent(base, edit);
  return {
    content,
    customer_name: content.customer_name,
    customer_email: content.customer_email,
    currency: content.currency,
    amount,
    document_language: content.document_language,
  };
}
