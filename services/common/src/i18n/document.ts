import {
  formatDate,
  formatMoney,
  formatNumber,
  formatPercent,
  formatTimestampDate,
  isDecimal,
  isZero,
} from './format.ts';
import { type DocumentLanguage, type WordKey, wordsFor } from './words.ts';

/** An invoice line as the invoice service computed it: decimal text, no floats. */
export interface LineFigures {
  description: string;
  quantity: string;
  unit?: string | null | undefined;
  price: string;
  discount?: string | null | undefined;
  effective_tax_rate: string;
  line_amount: string;
}

/** A line as the PDF templates and the public page print it. */
export interface LineWords {
  description: string;
  quantity: string;
  unit: string | null;
  unit_price: string;
  discount: string | null;
  tax_rate: string;
  amount: string;
}

/** The figures of an invoice both its PDF and its public page print. */
export interface DocumentFigures {
  issue_date: string;
  due_date: string;
  paid_at?: string | null | undefined;
  subtotal?: string | undefined;
  discount_total?: string | undefined;
  tax_amount?: string | undefined;
  amount?: string | undefined;
  is_recurring: boolean;
  recurring_interval: string;
  items: LineFigures[];
}

/** Those figures in one language, as both print them. */
export interface DocumentWords {
  issue_date: string;
  due_date: string;
  /** Null when `paid_at` is unset. */
  paid_at: string | null;
  items: LineWords[];
  has_line_discounts: boolean;
  subtotal: string;
  /** Null when there is no invoice-level discount. */
  discount_total: string | null;
  tax_amount: string;
  total: string;
  /** "Recurring · Monthly", null for a one-off invoice. */
  recurring: string | null;
}

/**
 * The invoice's dates, lines and totals in `lang`, the same on the PDF and the public page: dates
 * as calendar days in the workspace's time zone, amounts in `currency` (plain numbers without
 * one). A figure that is not what it should be prints empty instead of failing the whole document;
 * the pdf service has validated its request before, so only the page can meet one.
 */
export function documentWords(
  doc: DocumentFigures,
  opts: { lang: DocumentLanguage; timeZone: string; currency: string | undefined },
): DocumentWords {
  const { lang, timeZone, currency } = opts;
  const words = wordsFor(lang);
  const money = (v: string | null | undefined): string => {
    if (v === undefined || v === null || !isDecimal(v)) return '';
    return currency ? formatMoney(v, currency, lang) : formatNumber(v, lang);
  };
  const nonZero = (v: string | null | undefined) => (v && isDecimal(v) && !isZero(v) ? money(v) : null);
  const items = doc.items.map((item): LineWords => ({
    description: item.description || 'Item',
    quantity: isDecimal(item.quantity) ? formatNumber(item.quantity, lang) : '',
    unit: item.unit || null,
    unit_price: money(item.price),
    discount: nonZero(item.discount),
    tax_rate: isDecimal(item.effective_tax_rate) ? formatPercent(item.effective_tax_rate, lang) : '',
    amount: money(item.line_amount),
  }));
  const intervalKey = `interval_${doc.recurring_interval}`;
  return {
    issue_date: safe(() => formatTimestampDate(doc.issue_date, timeZone, lang)),
    due_date: safe(() => formatDate(doc.due_date, lang)),
    paid_at: doc.paid_at ? safe(() => formatTimestampDate(doc.paid_at!, timeZone, lang)) : null,
    items,
    has_line_discounts: items.some((i) => i.discount !== null),
    subtotal: money(doc.subtotal),
    discount_total: nonZero(doc.discount_total),
    tax_amount: money(doc.tax_amount),
    total: money(doc.amount),
    recurring:
      doc.is_recurring && intervalKey in words ? `${words.recurring} · ${words[intervalKey as WordKey]}` : null,
  };
}

function safe(format: () => string): string {
  try {
    return format();
  } catch {
    return '';
  }
}
