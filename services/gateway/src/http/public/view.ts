import { isInvoiceCurrency } from '@invoice-platform/common/contracts/currencies';
import {
  formatMoney,
  formatNumber,
  formatTimestampDate,
  isDecimal,
  isTimeZone,
  isZero,
} from '@invoice-platform/common/i18n/format';
import { documentWords, type LineWords } from '@invoice-platform/common/i18n/document';
import {
  type DocumentLanguage,
  directionOf,
  isDocumentLanguage,
  type WordKey,
  type Words,
  wordsFor,
} from '@invoice-platform/common/i18n/words';

/**
 * The fields of InvoiceService.GetPublicInvoice the page reads (docs/contracts.md §2.3: unset
 * optional fields are absent). Everything else the message carries (workspace id, file id,
 * template, payment account, event figures) never reaches the page.
 */
export interface PublicInvoice {
  id: string;
  invoice_number: string;
  customer_name: string;
  customer_email?: string;
  customer_tax_id?: string;
  currency?: string;
  subtotal?: string;
  discount_total?: string;
  tax_amount?: string;
  amount?: string;
  invoice_status: string;
  is_archived: boolean;
  is_recurring: boolean;
  recurring_interval: string;
  issue_date: string;
  due_date: string;
  paid_at?: string;
  pdf_url?: string;
  items: PublicLine[];
  notes?: string;
  custom_payment_notes?: string;
  footer_text?: string;
  document_language: string;
  payment_gateway?: string;
  /** factur-x | xrechnung | peppol when the invoice has an e-invoice (docs/e-invoicing.md). */
  e_invoice?: string;
  /** Set (true) on a test invoice only (docs/payments.md "Test mode"). */
  test_mode?: boolean;
  /** The balance (docs/money-trail.md); absent from an invoice service before it. */
  amount_credited?: string;
  amount_paid?: string;
  amount_due?: string;
  /** Its credit notes, oldest first: the page lists them with links to their PDFs. */
  credit_notes?: PublicCreditNote[];
}

/** What the page shows of a credit note: its number, date and amount, and its PDF by its id (the capability). */
export interface PublicCreditNote {
  id: string;
  credit_note_number: string;
  amount: string;
  created_at: string;
}

export interface PublicLine {
  description: string;
  quantity: string;
  price: string;
  discount?: string;
  unit?: string;
  line_amount: string;
  effective_tax_rate: string;
}

/** What the page shows of the workspace: the name the PDF prints as the seller, and its time zone for dates. */
export interface PublicWorkspace {
  name: string;
  time_zone: string;
}

export interface InvoicePageView {
  lang: DocumentLanguage;
  dir: 'ltr' | 'rtl';
  words: Words;
  id: string;
  seller: string;
  number: string;
  issueDate: string;
  dueDate: string;
  paidOn: string | null;
  /** unpaid | paid | overdue | cancelled, or whatever new status the service sends (shown, never payable). */
  status: string;
  statusWord: string;
  archived: boolean;
  /** A test invoice: the page says so beside its status, so a paid badge is never taken for money. */
  testMode: boolean;
  customer: { name: string; email: string | null; taxId: string | null };
  lines: LineWords[];
  hasLineDiscounts: boolean;
  subtotal: string;
  discountTotal: string | null;
  tax: string;
  total: string;
  recurring: string | null;
  notes: string | null;
  paymentNotes: string | null;
  footer: string | null;
  pdfUrl: string | null;
  /** The e-invoice XML's download, on the gateway's own route; null when the invoice has none. */
  eInvoicePath: string | null;
  /**
   * What was credited and paid and what is still due, once anything was (docs/money-trail.md):
   * null while the invoice's total is all there is to say.
   */
  balance: { credited: string | null; paid: string | null; due: string } | null;
  /** The credit notes, each with its PDF on the gateway's own route /p/credit-note/{id}/pdf. */
  creditNotes: { number: string; date: string; amount: string; pdfPath: string }[];
  /** A gateway is set, the invoice is unpaid or overdue, not archived, with something due: the Pay button shows (it charges amount_due). */
  payable: boolean;
  /** The state the customer reads first, beside the badges. */
  notice: { kind: 'paid' | 'cancelled' | 'archived' | 'overdue'; text: string } | null;
}

const payableStatuses = new Set(['unpaid', 'overdue']);

/**
 * Whether the page offers Pay: the same rule the Pay route's refusals follow (docs/public-page.md),
 * nothing due included (an invoice service before the balance sends no amount_due).
 */
export function isPayable(
  inv: Pick<PublicInvoice, 'payment_gateway' | 'invoice_status' | 'is_archived' | 'amount_due'>,
): boolean {
  const nothingDue = inv.amount_due !== undefined && isDecimal(inv.amount_due) && isZero(inv.amount_due);
  return Boolean(inv.payment_gateway) && payableStatuses.has(inv.invoice_status) && !inv.is_archived && !nothingDue;
}

/** The language the page speaks: the invoice's document language, English for anything unknown. */
export function pageLanguage(inv: Pick<PublicInvoice, 'document_language'>): DocumentLanguage {
  return isDocumentLanguage(inv.document_language) ? inv.document_language : 'en';
}

/**
 * The path of {base_url}, without a trailing slash ('' at the root): the gateway may be served
 * under a prefix (`https://example.com/billing`), and the page's own links must keep it.
 */
export function publicBasePath(publicBaseUrl: string): string {
  return new URL(publicBaseUrl).pathname.replace(/\/+$/, '');
}

/**
 * The invoice as the customer reads it, formatted in its document language with the same words
 * and formatting as the PDF (common/i18n), and no field the PDF does not print. `publicBaseUrl`:
 * {base_url} (PUBLIC_BASE_URL), whose path prefix the page's links keep.
 */
export function buildInvoicePageView(
  inv: PublicInvoice,
  workspace: PublicWorkspace,
  publicBaseUrl: string,
): InvoicePageView {
  const lang = pageLanguage(inv);
  const words = wordsFor(lang);
  const timeZone = isTimeZone(workspace.time_zone) ? workspace.time_zone : 'UTC';
  const currency = isInvoiceCurrency(inv.currency) ? inv.currency : undefined;
  const figures = documentWords(inv, { lang, timeZone, currency });
  const money = (v: string) => (currency ? formatMoney(v, currency, lang) : formatNumber(v, lang));
  const some = (v: string | undefined) => (v && isDecimal(v) && !isZero(v) ? money(v) : null);
  const basePath = publicBasePath(publicBaseUrl);
  const word = (key: string): string | undefined => (key in words ? words[key as WordKey] : undefined);
  const status = inv.invoice_status;
  let notice: InvoicePageView['notice'] = null;
  if (status === 'paid') notice = { kind: 'paid', text: words.notice_paid };
  else if (status === 'cancelled') notice = { kind: 'cancelled', text: words.notice_cancelled };
  else if (inv.is_archived) notice = { kind: 'archived', text: words.notice_archived };
  else if (status === 'overdue') notice = { kind: 'overdue', text: words.notice_overdue };
  const pdfUrl = inv.pdf_url && /^https?:\/\//i.test(inv.pdf_url) ? inv.pdf_url : null;
  return {
    lang,
    dir: directionOf(lang),
    words,
    id: inv.id,
    seller: workspace.name,
    number: inv.invoice_number,
    issueDate: figures.issue_date,
    dueDate: figures.due_date,
    paidOn: status === 'paid' ? figures.paid_at : null,
    status,
    statusWord: word(`state_${status}`) ?? status,
    archived: inv.is_archived,
    testMode: inv.test_mode === true,
    customer: {
      name: inv.customer_name,
      email: inv.customer_email || null,
      taxId: inv.customer_tax_id || null,
    },
    lines: figures.items,
    hasLineDiscounts: figures.has_line_discounts,
    subtotal: figures.subtotal,
    discountTotal: figures.discount_total,
    tax: figures.tax_amount,
    total: figures.total,
    recurring: figures.recurring,
    notes: inv.notes || null,
    paymentNotes: inv.custom_payment_notes || null,
    footer: inv.footer_text || null,
    pdfUrl,
    eInvoicePath: inv.e_invoice ? `${basePath}/p/invoice/${encodeURIComponent(inv.id)}/e-invoice` : null,
    balance:
      (some(inv.amount_credited) || some(inv.amount_paid)) && inv.amount_due && isDecimal(inv.amount_due)
        ? { credited: some(inv.amount_credited), paid: some(inv.amount_paid), due: money(inv.amount_due) }
        : null,
    creditNotes: (inv.credit_notes ?? []).map((note) => ({
      number: note.credit_note_number,
      date: Number.isNaN(Date.parse(note.created_at)) ? '' : formatTimestampDate(note.created_at, timeZone, lang),
      amount: isDecimal(note.amount) ? money(note.amount) : '',
      pdfPath: `${basePath}/p/credit-note/${encodeURIComponent(note.id)}/pdf`,
    })),
    payable: isPayable(inv),
    notice,
  };
}
