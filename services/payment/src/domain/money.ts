/**
 * Amounts as the providers take them (docs/payments.md "Amounts"). The invoice keeps its amount as
 * decimal text rounded to its currency's minor units ('12.50', '1388750' for IDR); each provider
 * wants it in units of its own: Stripe an integer of its minor unit (which is not always ISO's),
 * Mollie and PayPal a decimal string with exactly the number of decimals they define for the
 * currency. Everything here is BigInt arithmetic on the text, never a binary float, and a
 * conversion that would have to round refuses instead: a payment must be for the exact amount.
 */
import { AppError } from '@invoice-platform/common/errors';

const decimalPattern = /^(\d{1,30})(?:\.(\d{1,12}))?$/;

/** `amount` (non-negative decimal text) as an integer count of 10^-digits; undefined when it would round. */
export function toUnits(amount: string, digits: number): bigint | undefined {
  const m = decimalPattern.exec(amount.trim());
  if (!m) return undefined;
  const whole = m[1]!;
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return undefined;
  return BigInt(whole + fraction.padEnd(digits, '0'));
}

/** Units of 10^-digits as fixed decimal text: 1250n, 2 → '12.50'; 1500n, 0 → '1500'. */
export function fromUnits(units: bigint, digits: number): string {
  if (units < 0n) throw new RangeError('a payment amount is never negative');
  const text = units.toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

function exact(amount: string, digits: number, currency: string, provider: string): bigint {
  const units = toUnits(amount, digits);
  if (units === undefined)
    throw new AppError(
      'application',
      `${provider} takes ${currency} with ${digits} decimal${digits === 1 ? '' : 's'}; the invoice amount ${amount} does not fit.`,
    );
  return units;
}

/**
 * Stripe's zero-decimal currencies (docs.stripe.com/currencies#zero-decimal): the amount is in
 * whole units. Every other currency Stripe settles for an invoice here is two-decimal at Stripe,
 * IDR included, although the invoice keeps IDR in whole rupiah.
 */
const stripeZeroDecimal = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

export function stripeDigits(currency: string): number {
  return stripeZeroDecimal.has(currency.toUpperCase()) ? 0 : 2;
}

/** Invoice amount → Stripe's integer `unit_amount` / `amount_total`. */
export function toStripeAmount(amount: string, currency: string): number {
  const units = exact(amount, stripeDigits(currency), currency.toUpperCase(), 'Stripe');
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) throw new AppError('application', 'The amount is too large for Stripe.');
  return Number(units);
}

export function fromStripeAmount(amount: number, currency: string): string {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`not a Stripe amount: ${amount}`);
  return fromUnits(BigInt(amount), stripeDigits(currency));
}

/**
 * Mollie's `amount.value`: "a string containing an exact monetary amount in the given currency",
 * with the currency's ISO 4217 decimals (JPY and ISK none, the rest of Mollie's list two).
 */
const mollieZeroDecimal = new Set(['JPY', 'ISK']);

export function mollieDigits(currency: string): number {
  return mollieZeroDecimal.has(currency.toUpperCase()) ? 0 : 2;
}

export function toMollieValue(amount: string, currency: string): string {
  const digits = mollieDigits(currency);
  return fromUnits(exact(amount, digits, currency.toUpperCase(), 'Mollie'), digits);
}

/** PayPal's currency codes: HUF, JPY and TWD "do not support decimals"; the others take two. */
const paypalZeroDecimal = new Set(['HUF', 'JPY', 'TWD']);

export function paypalDigits(currency: string): number {
  return paypalZeroDecimal.has(currency.toUpperCase()) ? 0 : 2;
}

export function toPaypalValue(amount: string, currency: string): string {
  const digits = paypalDigits(currency);
  return fromUnits(exact(amount, digits, currency.toUpperCase(), 'PayPal'), digits);
}
