/**
 * Amounts as decimal text, compared exactly: the one comparison of money every service uses
 * (docs/architecture.md#money). Plain BigInt arithmetic on the text, never a binary float; the
 * currency's minor units come from the platform's one currency table (contracts/currencies.ts).
 */
import { currencyMinorUnits } from './contracts/currencies.ts';

/** Longer text is refused before any arithmetic: no amount the platform handles comes near it. */
const MAX_AMOUNT_LENGTH = 400;
const amountPattern = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * `value` as a whole number of `currency`'s minor units ('12.5' and '12.500' USD → 1250n). Null
 * when it is not plain decimal text, would need rounding ('12.505' USD), or the currency is unknown.
 */
export function exactMinorUnits(value: string, currency: string): bigint | null {
  const digits = currencyMinorUnits(currency);
  if (digits === undefined || value.length > MAX_AMOUNT_LENGTH) return null;
  const m = amountPattern.exec(value);
  if (!m) return null;
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return null;
  const units = BigInt(m[2]! + fraction.padEnd(digits, '0'));
  return m[1] ? -units : units;
}

/** True when both are the same number of `currency`'s minor units; false when either is not one. */
export function sameAmount(currency: string, a: string, b: string): boolean {
  const x = exactMinorUnits(a, currency);
  return x !== null && x === exactMinorUnits(b, currency);
}
