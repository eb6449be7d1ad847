import { formatNumber, formatPercent, isDecimal, isZero } from './format.ts';
import type { DocumentLanguage } from './words.ts';

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

/**
 * One line in `lang`, the same on the PDF and the public page. `money` formats an amount in the
 * invoice's currency. A figure that is not decimal text prints empty instead of failing the whole
 * document; the pdf service has validated its request before, so only the page can meet one.
 */
export function lineWords(item: LineFigures, lang: DocumentLanguage, money: (value: string) => string): LineWords {
  return {
    description: item.description || 'Item',
    quantity: isDecimal(item.quantity) ? formatNumber(item.quantity, lang) : '',
    unit: item.unit || null,
    unit_price: money(item.price),
    discount: item.discount && isDecimal(item.discount) && !isZero(item.discount) ? money(item.discount) : null,
    tax_rate: isDecimal(item.effective_tax_rate) ? formatPercent(item.effective_tax_rate, lang) : '',
    amount: money(item.line_amount),
  };
}
