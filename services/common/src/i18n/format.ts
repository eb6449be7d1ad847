import { type DocumentLanguage, localeOf } from './words.ts';

/**
 * How figures and dates read in a document language, for the PDFs and the public invoice page
 * alike. Formatting only: the invoice service computed and rounded every figure (docs/contracts.md §2.2).
 * Numbers arrive as plain decimal strings and are handed to Intl.NumberFormat as strings, which
 * formats the exact decimal (no binary float on the way), so "0.1" + nothing ever shows as 0.1.
 */

const decimalPattern = /^-?\d+(\.\d+)?$/;

// Building an Intl.NumberFormat costs far more than using one: keep them per option set.
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    fmt = new Intl.NumberFormat(locale, options);
    if (formatters.size > 1000) formatters.clear();
    formatters.set(key, fmt);
  }
  return fmt;
}

export function isDecimal(value: string): boolean {
  return decimalPattern.test(value);
}

function fractionDigitsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** The currency's minor digits as Intl (CLDR) knows them: IDR 0, JPY 0, USD 2, KWD 3. */
export function currencyDigits(currency: string): number {
  return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

export function isCurrencyCode(value: string): boolean {
  if (!/^[A-Z]{3}$/.test(value)) return false;
  return (Intl.supportedValuesOf('currency') as string[]).includes(value);
}

/**
 * Money with the currency's minor digits. A value carrying more decimals than that (the invoice
 * service and CLDR may disagree, e.g. ISO 4217 gives IDR 2 digits, CLDR 0) is shown with all of
 * them rather than rounded again here.
 */
export function formatMoney(amount: string, currency: string, lang: DocumentLanguage): string {
  const digits = Math.max(currencyDigits(currency), fractionDigitsOf(amount));
  const fmt = numberFormat(localeOf[lang], {
    style: 'currency',
    currency,
    currencyDisplay: 'symbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return fmt.format(amount as unknown as number);
}

/** Quantities and plain numbers: as many decimals as given, grouped per locale. */
export function formatNumber(value: string, lang: DocumentLanguage): string {
  const fmt = numberFormat(localeOf[lang], { maximumFractionDigits: Math.min(20, fractionDigitsOf(value)) });
  return fmt.format(value as unknown as number);
}

/** "11" → "11%" (or "11 %" where the locale spaces it). */
export function formatPercent(rate: string, lang: DocumentLanguage): string {
  const fmt = numberFormat(localeOf[lang], {
    style: 'percent',
    maximumFractionDigits: Math.min(20, fractionDigitsOf(rate)),
  });
  return fmt.format(shiftDecimalLeft(rate, 2) as unknown as number);
}

/** Moves the decimal point `places` to the left in text, so no float is involved. */
export function shiftDecimalLeft(value: string, places: number): string {
  const negative = value.startsWith('-');
  const digits = negative ? value.slice(1) : value;
  const [int = '0', frac = ''] = digits.split('.');
  const padded = int.padStart(places + 1, '0');
  const newInt = padded.slice(0, padded.length - places).replace(/^0+(?=\d)/, '');
  const newFrac = (padded.slice(padded.length - places) + frac).replace(/0+$/, '');
  return `${negative ? '-' : ''}${newInt}${newFrac ? `.${newFrac}` : ''}`;
}

export function isZero(value: string): boolean {
  return /^-?0*(\.0*)?$/.test(value);
}

/** An RFC 3339 timestamp as a calendar date in the document's time zone (docs/architecture.md#times). */
export function formatTimestampDate(iso: string, timeZone: string, lang: DocumentLanguage): string {
  return new Intl.DateTimeFormat(localeOf[lang], { dateStyle: 'medium', timeZone }).format(new Date(iso));
}

/** A YYYY-MM-DD date, already local: printed as is, never shifted by a zone. */
export function formatDate(ymd: string, lang: DocumentLanguage): string {
  return new Intl.DateTimeFormat(localeOf[lang], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${ymd}T00:00:00Z`),
  );
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}
