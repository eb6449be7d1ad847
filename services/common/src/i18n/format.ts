import { currencyMinorUnits } from '../contracts/currencies.ts';
import { dateTimeFormat, numberFormat } from '../intl.ts';
import { type DocumentLanguage, localeOf } from './words.ts';

/**
 * How figures and dates read in a document language, for the PDFs and the public invoice page
 * alike. Formatting only: the invoice service computed and rounded every figure (docs/contracts.md §2.2).
 * Numbers arrive as plain decimal strings and are handed to Intl.NumberFormat as strings, which
 * formats the exact decimal (no binary float on the way), so "0.1" + nothing ever shows as 0.1.
 */

const decimalPattern = /^-?\d+(\.\d+)?$/;

export function isDecimal(value: string): boolean {
  return decimalPattern.test(value);
}

function fractionDigitsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

// The currencies Intl has display data for (a symbol, a name); for any other well-formed code it
// prints the code itself, which is the fallback formatMoney asks for explicitly.
let intlCurrencies: ReadonlySet<string> | undefined;
function intlKnows(currency: string): boolean {
  intlCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  return intlCurrencies.has(currency);
}

/**
 * Money in `currency`, with the minor units of the platform's one currency table
 * (contracts/currencies.ts: ISO 4217, IDR 0), never Intl's (CLDR's) digits: USD 2, JPY 0, KWD 3,
 * CLF 4, HUF 2. A value carrying more decimals than that is shown with all of them rather than
 * rounded again here (the invoice service rounded it), and a code outside the table with the
 * decimals it carries.
 *
 * The symbol is Intl's where it has one ("$", "€", "Rp"); for a code Intl has no data for (VED,
 * CLF, UYW, BOV, XAD, …) the code itself, placed as the locale places currencies and with the
 * locale's digits ("VED 1,234.50" in en, "1.234,50 VED" in de). Should Intl refuse the code
 * altogether, the code and the number in the locale's format.
 */
export function formatMoney(amount: string, currency: string, lang: DocumentLanguage): string {
  const digits = Math.max(currencyMinorUnits(currency) ?? 0, fractionDigitsOf(amount));
  const fraction = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  try {
    const fmt = numberFormat(localeOf[lang], {
      style: 'currency',
      currency,
      currencyDisplay: intlKnows(currency) ? 'symbol' : 'code',
      ...fraction,
    });
    return fmt.format(amount as unknown as number);
  } catch {
    return `${currency}\u00a0${numberFormat(localeOf[lang], fraction).format(amount as unknown as number)}`;
  }
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
  return dateTimeFormat(localeOf[lang], { dateStyle: 'medium', timeZone }).format(new Date(iso));
}

/** A YYYY-MM-DD date, already local: printed as is, never shifted by a zone. */
export function formatDate(ymd: string, lang: DocumentLanguage): string {
  return dateTimeFormat(localeOf[lang], { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${ymd}T00:00:00Z`));
}

export function isTimeZone(value: string): boolean {
  try {
    dateTimeFormat('en', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}
