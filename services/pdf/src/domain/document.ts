import { currencyRefusal } from '@invoice-platform/common/contracts/currencies';
import { AppError, type FieldError } from '@invoice-platform/common/errors';
import { formatPercent, isDecimal, isTimeZone } from '@invoice-platform/common/i18n/format';
import { documentWords, type DocumentWords } from '@invoice-platform/common/i18n/document';
import {
  type DocumentLanguage,
  directionOf,
  documentLanguages,
  isDocumentLanguage,
  type WordKey,
  type Words,
  wordsFor,
} from '@invoice-platform/common/i18n/words';
import type { DocumentParty__Output } from '@invoice-platform/protos/invoiceplatform/pdf/v1/DocumentParty';
import type { DocumentPaymentAccount__Output } from '@invoice-platform/protos/invoiceplatform/pdf/v1/DocumentPaymentAccount';
import type { InvoiceDocument__Output } from '@invoice-platform/protos/invoiceplatform/pdf/v1/InvoiceDocument';
import type { RenderRequest__Output } from '@invoice-platform/protos/invoiceplatform/pdf/v1/RenderRequest';

// The pdf.v1 messages as @grpc/proto-loader delivers them (docs/contracts.md §2.3): unset optional
// scalars are absent, unset messages null, repeated fields []. The generated types say so already.
export type DocumentParty = DocumentParty__Output;
export type DocumentPaymentAccount = DocumentPaymentAccount__Output;
export type InvoiceDocument = InvoiceDocument__Output;
export type RenderRequest = RenderRequest__Output;

export const statusMarkings = ['UNPAID', 'PAID', 'OVERDUE', 'CANCELLED'] as const;
export type StatusMarking = (typeof statusMarkings)[number];

const timestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

function validTimestamp(v: string): boolean {
  return timestampPattern.test(v) && !Number.isNaN(Date.parse(v));
}
function validDate(v: string): boolean {
  return datePattern.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
}

/** Checks what the document printer relies on; a bad document is a ValidationError (pdf.proto Render). */
export function validateRenderRequest(req: RenderRequest): {
  document: InvoiceDocument;
  language: DocumentLanguage;
  marking: StatusMarking;
} {
  const errors: FieldError[] = [];
  const bad = (path: string, message: string) => errors.push({ path, message });
  if (!req.workspace_id) bad('workspace_id', 'is required');
  if (!req.invoice_id) bad('invoice_id', 'is required');
  if (!isDocumentLanguage(req.document_language)) {
    bad('document_language', `must be one of ${documentLanguages.join(', ')}`);
  }
  if (!(statusMarkings as readonly string[]).includes(req.status_marking)) {
    bad('status_marking', `must be one of ${statusMarkings.join(', ')}`);
  }
  if (req.factur_x_xml !== undefined && req.factur_x_xml.trim() === '') {
    bad('factur_x_xml', "must be the invoice's Factur-X XML when set");
  }
  const doc = req.document;
  if (!doc) {
    bad('document', 'is required');
  } else {
    if (!doc.invoice_number) bad('document.invoice_number', 'is required');
    if (!validTimestamp(doc.issue_date)) bad('document.issue_date', 'must be an RFC 3339 timestamp');
    if (!validDate(doc.due_date)) bad('document.due_date', 'must be a date YYYY-MM-DD');
    if (doc.paid_at && !validTimestamp(doc.paid_at)) bad('document.paid_at', 'must be an RFC 3339 timestamp');
    // The invoice service's own table (common/contracts/currencies.ts), not Intl's list: every
    // currency an invoice can be in prints, Intl's data or not (VED, CLF, UYW, BOV, XAD, …).
    const currency = currencyRefusal(doc.currency);
    if (currency) bad('document.currency', currency);
    if (!isTimeZone(doc.time_zone)) bad('document.time_zone', 'must be an IANA time zone');
    if (!doc.customer?.name) bad('document.customer.name', 'is required');
    for (const f of ['subtotal', 'discount_total', 'tax_rate', 'tax_amount', 'amount'] as const) {
      if (!isDecimal(doc[f])) bad(`document.${f}`, 'must be a decimal number');
    }
    if (doc.items.length === 0) bad('document.items', 'must not be empty');
    doc.items.forEach((item, i) => {
      for (const f of ['quantity', 'price', 'line_amount', 'effective_tax_rate'] as const) {
        if (!isDecimal(item[f])) bad(`document.items.${i}.${f}`, 'must be a decimal number');
      }
      if (item.discount !== undefined && !isDecimal(item.discount)) {
        bad(`document.items.${i}.discount`, 'must be a decimal number');
      }
    });
  }
  if (errors.length > 0) throw AppError.validation(errors, 'The document is invalid.');
  return {
    document: doc as InvoiceDocument,
    language: req.document_language as DocumentLanguage,
    marking: req.status_marking as StatusMarking,
  };
}

/** What a template receives: the InvoiceDocument fields as sent, plus words and formatted values. */
export interface TemplateData extends InvoiceDocument {
  words: Words;
  lang: DocumentLanguage;
  dir: 'ltr' | 'rtl';
  status_marking: StatusMarking;
  view: DocumentView;
}

/** The words and formatted figures the templates print (`view.*`). */
export interface DocumentView extends DocumentWords {
  status: { marking: StatusMarking; word: string; css: string };
  seller: DocumentParty;
  customer: DocumentParty;
  tax_rate: string;
  currency: string;
  payment_account: DocumentPaymentAccount | null;
  payment_url: string | null;
  has_payment: boolean;
}

/** Formats the document for the templates in `lang` (the plain layout passes 'en'). */
export function buildTemplateData(doc: InvoiceDocument, lang: DocumentLanguage, marking: StatusMarking): TemplateData {
  const words = wordsFor(lang);
  const party = (p: DocumentParty | null): DocumentParty => ({
    name: p?.name ?? '',
    email: p?.email || undefined,
    tax_id: p?.tax_id || undefined,
    address_lines: (p?.address_lines ?? []).filter((l) => l.trim() !== ''),
  });
  const figures = documentWords(doc, { lang, timeZone: doc.time_zone, currency: doc.currency });
  const paymentAccount = doc.payment_account ?? null;
  const paymentUrl = doc.payment_gateway && doc.payment_url ? doc.payment_url : null;
  const view: DocumentView = {
    status: {
      marking,
      word: words[`status_${marking.toLowerCase()}` as WordKey],
      css: marking.toLowerCase(),
    },
    issue_date: figures.issue_date,
    due_date: figures.due_date,
    paid_at: figures.paid_at,
    seller: party(doc.seller),
    customer: party(doc.customer),
    items: figures.items,
    has_line_discounts: figures.has_line_discounts,
    subtotal: figures.subtotal,
    discount_total: figures.discount_total,
    tax_rate: formatPercent(doc.tax_rate, lang),
    tax_amount: figures.tax_amount,
    total: figures.total,
    currency: doc.currency,
    recurring: figures.recurring,
    payment_account: paymentAccount,
    payment_url: paymentUrl,
    has_payment: Boolean(paymentAccount || paymentUrl || doc.custom_payment_notes),
  };
  return { ...doc, words, lang, dir: directionOf(lang), status_marking: marking, view };
}
