/**
 * Invoice arithmetic (docs/architecture.md#money; OpenAPI `Item` and the `generateInvoice` tax_rate
 * / discount_total).
 *
 * Every amount is decimal text in and out ('1500.50'), computed with decimal.js; no money figure
 * ever passes through a binary float. A JSON number from a request becomes text once, with
 * toDecimalString, before it reaches this module.
 *
 * The figures and how each is rounded. "round" is always half away from zero to the currency's
 * minor units (minorUnits below: ISO 4217, except IDR → 0, from the platform's one currency table,
 * common/contracts/currencies.ts), and every figure is rounded exactly once, from its exact value;
 * a sum of figures that are already rounded is exact.
 *
 *   line_amount_i    = round(quantity_i × price_i − discount_i)
 *                      The item discount (default 0) may not exceed quantity × price (exact values).
 *   subtotal         = Σ line_amount_i
 *                      Exact sum of the printed line amounts, so the printed table adds up.
 *   discount_total   = round(discount_total as given), default 0.
 *                      The given value may not exceed subtotal; with a subtotal of 0 it must be 0.
 *   discount_share_i = the discount_total split over the lines in proportion to line_amount_i, in
 *                      whole minor units by largest remainder: each line first gets
 *                      floor(D × L_i / S) units (D, L_i, S in minor units), then the units still
 *                      missing go one each to the lines with the largest remainders
 *                      (D × L_i mod S), ties to the earlier line. So Σ shares == discount_total
 *                      exactly, no share exceeds its line, and a line of 0 gets 0.
 *   tax_amount       = round(Σ (line_amount_i − discount_share_i) × effective_tax_rate_i / 100)
 *                      The sum is exact; it is rounded once, never line by line.
 *                      effective_tax_rate_i = item tax_rate ?? invoice tax_rate ?? 0.
 *   amount           = subtotal − discount_total + tax_amount   (exact: all three are rounded)
 *
 * Only +, − and × are used (and × 0.01 for "/ 100"), at decimal.js's maximum precision, so no
 * intermediate result is ever rounded implicitly. Inputs are limited to MAX_INPUT_LENGTH characters
 * (any JSON number fits), which bounds the work.
 */
import { Decimal } from 'decimal.js';
import { AppError, type FieldError } from '@invoice-platform/common/errors';
import { currencyMinorUnits, currencyRefusal } from '@invoice-platform/common/contracts/currencies';
import { exactMinorUnits } from '@invoice-platform/common/money';

/** OpenAPI `generateInvoice`: the currency when the request names none. */
export const DEFAULT_CURRENCY = 'IDR';

/** The longest decimal text accepted: the plain form of any finite double has at most 327 characters. */
export const MAX_INPUT_LENGTH = 400;

const Dec = Decimal.clone({ precision: 1e9, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -9e15, toExpPos: 9e15 });
type Dec = Decimal;

const ZERO = new Dec(0);
const HUNDREDTH = new Dec('0.01');
const QUANTITY_MIN = new Dec('0.01');
const QUANTITY_MAX = new Dec(999999);
const QUANTITY_DECIMALS = 2;
const RATE_MAX = new Dec(100);

export interface ItemInput {
  description?: string;
  quantity: string;
  price: string;
  discount?: string;
  unit?: string;
  tax_rate?: string;
}

export interface ComputedLine {
  description: string;
  quantity: string;
  price: string;
  discount: string;
  unit?: string;
  tax_rate?: string;
  line_amount: string;
  discount_share: string;
  effective_tax_rate: string;
}

export interface Totals {
  currency: string;
  lines: ComputedLine[];
  subtotal: string;
  discount_total: string;
  tax_rate: string;
  tax_amount: string;
  amount: string;
}

export interface TotalsInput {
  currency: string;
  items: ItemInput[];
  tax_rate?: string;
  discount_total?: string;
}

/**
 * The number of decimals amounts in `currency` are rounded to: ISO 4217's minor units, with the
 * product's overrides (IDR → 0). Codes must be upper case, as ISO writes them. Throws a
 * ValidationError at body.currency for anything else.
 */
export function minorUnits(currency: string): number {
  const digits = lookupMinorUnits(currency);
  if (typeof digits === 'number') return digits;
  throw AppError.validation([{ path: 'body.currency', message: digits.message }]);
}

function lookupMinorUnits(currency: unknown): number | { message: string } {
  return currencyMinorUnits(currency) ?? { message: currencyRefusal(currency) ?? 'must be an ISO 4217 currency code' };
}

/**
 * The decimal text of a number, never in exponent form: 0.1 → '0.1', 1e-7 → '0.0000001',
 * 1e21 → '1000000000000000000000', -0 → '0'.
 *
 * For a JS number (e.g. from JSON.parse) this is the shortest decimal that reads back as the same
 * double, i.e. what the JSON text said up to trailing zeros ('0.10' and '0.1' parse to the same
 * double), not the double's binary expansion (0.1000000000000000055…). A string is normalized the
 * same way ('1500.50' → '1500.5', '1.5e3' → '1500'). Throws a RangeError for NaN, ±Infinity and
 * text that is not a decimal number.
 */
export function toDecimalString(value: number | string): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    return new Dec(String(value)).toFixed();
  }
  const match = typeof value === 'string' ? /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE]([+-]?\d+))?$/.exec(value) : null;
  // The exponent bound keeps '1e999999999' from becoming a gigabyte of zeros.
  if (!match || value.length > MAX_INPUT_LENGTH || Math.abs(Number(match[1] ?? 0)) > MAX_INPUT_LENGTH) {
    throw new RangeError(`not a decimal number: ${String(value).slice(0, 50)}`);
  }
  return new Dec(value).toFixed();
}

/** a + b in `currency`, as the currency's fixed decimal text (both must be exact amounts of it). */
export function addAmounts(currency: string, a: string, b: string): string {
  const x = exactMinorUnits(a, currency);
  const y = exactMinorUnits(b, currency);
  if (x === null || y === null) throw new RangeError(`not an amount in ${currency}: ${x === null ? a : b}`);
  return formatMinor(x + y, minorUnits(currency));
}

interface ParsedItem {
  description: string;
  quantity?: Dec;
  price?: Dec;
  discount?: Dec;
  taxRate?: Dec;
  unit?: string;
}

/**
 * Validates the input, then computes every line and total as described at the top of this file.
 * Throws one ValidationError listing every invalid field (paths body.currency, body.tax_rate,
 * body.discount_total, body.items, body.items[i].field); discount_total against the subtotal is
 * checked only once everything else is valid, since the subtotal needs valid items.
 */
export function computeTotals(input: TotalsInput): Totals {
  const errors: FieldError[] = [];

  const digits = lookupMinorUnits(input.currency);
  if (typeof digits !== 'number') errors.push({ path: 'body.currency', message: digits.message });

  const invoiceRate = readDecimal(input.tax_rate, 'body.tax_rate', errors, { min: ZERO, max: RATE_MAX }) ?? ZERO;
  const discountTotal = readDecimal(input.discount_total, 'body.discount_total', errors, { min: ZERO }) ?? ZERO;

  const rawItems: unknown = input.items;
  const items: ParsedItem[] = [];
  if (!Array.isArray(rawItems) || rawItems.length === 0) {
    errors.push({ path: 'body.items', message: 'must have at least 1 item' });
  } else {
    rawItems.forEach((raw: unknown, i) => items.push(readItem(raw, `body.items[${i}]`, errors)));
  }

  if (errors.length > 0 || typeof digits !== 'number') throw AppError.validation(errors);

  // Past validation every item has its quantity and price.
  const lineMinor = items.map((item) =>
    toMinor(item.quantity!.times(item.price!).minus(item.discount ?? ZERO), digits),
  );
  const subtotalMinor = lineMinor.reduce((sum, line) => sum + line, 0n);

  if (discountTotal.greaterThan(fromMinorDecimal(subtotalMinor, digits))) {
    throw AppError.validation([{ path: 'body.discount_total', message: 'must not exceed the subtotal' }]);
  }
  const discountMinor = toMinor(discountTotal, digits);
  const shares = allocate(discountMinor, lineMinor);

  let taxExact = ZERO; // in minor units
  const lines = items.map((item, i): ComputedLine => {
    const rate = item.taxRate ?? invoiceRate;
    taxExact = taxExact.plus(new Dec((lineMinor[i]! - shares[i]!).toString()).times(rate));
    const line: ComputedLine = {
      description: item.description,
      quantity: item.quantity!.toFixed(),
      price: item.price!.toFixed(),
      discount: (item.discount ?? ZERO).toFixed(),
      line_amount: formatMinor(lineMinor[i]!, digits),
      discount_share: formatMinor(shares[i]!, digits),
      effective_tax_rate: rate.toFixed(),
    };
    if (item.unit !== undefined) line.unit = item.unit;
    if (item.taxRate !== undefined) line.tax_rate = item.taxRate.toFixed();
    return line;
  });
  const taxMinor = BigInt(taxExact.times(HUNDREDTH).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed());
  checkWithinSafeRange(lineMinor, subtotalMinor - discountMinor + taxMinor, subtotalMinor, digits, input.currency);

  return {
    currency: input.currency,
    lines,
    subtotal: formatMinor(subtotalMinor, digits),
    discount_total: formatMinor(discountMinor, digits),
    tax_rate: invoiceRate.toFixed(),
    tax_amount: formatMinor(taxMinor, digits),
    amount: formatMinor(subtotalMinor - discountMinor + taxMinor, digits),
  };
}

/**
 * Clients read amounts as JSON numbers: a figure past 2^53 minor units would come back rounded (or
 * as null past the double range). Every line and total must stay within it.
 */
export const MAX_MINOR = BigInt(Number.MAX_SAFE_INTEGER);

function checkWithinSafeRange(
  lineMinor: bigint[],
  amountMinor: bigint,
  subtotalMinor: bigint,
  digits: number,
  currency: string,
): void {
  const limit = `${formatMinor(MAX_MINOR, digits)} ${currency}`;
  const errors: FieldError[] = lineMinor.flatMap((line, i) =>
    line > MAX_MINOR ? [{ path: `body.items[${i}]`, message: `quantity × price must be at most ${limit}` }] : [],
  );
  if (errors.length === 0 && (subtotalMinor > MAX_MINOR || amountMinor > MAX_MINOR))
    errors.push({ path: 'body.items', message: `the invoice total (with tax) must be at most ${limit}` });
  if (errors.length > 0) throw AppError.validation(errors, 'The invoice amounts are too large.');
}

function readItem(raw: unknown, path: string, errors: FieldError[]): ParsedItem {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    errors.push({ path, message: 'must be an object' });
    return { description: 'Item' };
  }
  const item = raw as Record<string, unknown>;
  const before = errors.length;

  const parsed: ParsedItem = { description: 'Item' };
  if (typeof item.description === 'string') {
    if (item.description.trim() !== '') parsed.description = item.description;
  } else if (item.description !== undefined && item.description !== null) {
    errors.push({ path: `${path}.description`, message: 'must be a string' });
  }
  if (typeof item.unit === 'string') parsed.unit = item.unit;
  else if (item.unit !== undefined && item.unit !== null)
    errors.push({ path: `${path}.unit`, message: 'must be a string' });

  const quantity = readDecimal(item.quantity, `${path}.quantity`, errors, {
    required: true,
    min: QUANTITY_MIN,
    max: QUANTITY_MAX,
    decimals: QUANTITY_DECIMALS,
  });
  const price = readDecimal(item.price, `${path}.price`, errors, { required: true, min: ZERO });
  const discount = readDecimal(item.discount, `${path}.discount`, errors, { min: ZERO });
  const taxRate = readDecimal(item.tax_rate, `${path}.tax_rate`, errors, { min: ZERO, max: RATE_MAX });

  if (quantity) parsed.quantity = quantity;
  if (price) parsed.price = price;
  if (discount) parsed.discount = discount;
  if (taxRate) parsed.taxRate = taxRate;

  if (errors.length === before && quantity && price && discount?.greaterThan(quantity.times(price))) {
    errors.push({ path: `${path}.discount`, message: 'must not exceed quantity × price' });
  }
  return parsed;
}

interface Bounds {
  required?: boolean;
  min?: Dec;
  max?: Dec;
  decimals?: number;
}

/**
 * Reads an optional decimal field: plain decimal text ('12', '-3.50'), or a finite JS number from
 * a caller that skipped toDecimalString. Absent (undefined or null) gives undefined, or
 * 'is required' when required. Records the first problem found and then gives undefined.
 */
function readDecimal(value: unknown, path: string, errors: FieldError[], bounds: Bounds): Dec | undefined {
  if (value === undefined || value === null) {
    if (bounds.required) errors.push({ path, message: 'is required' });
    return undefined;
  }
  let text: string | undefined;
  if (typeof value === 'number' && Number.isFinite(value)) text = toDecimalString(value);
  else if (typeof value === 'string' && value.length <= MAX_INPUT_LENGTH && /^-?\d+(?:\.\d+)?$/.test(value)) {
    text = value;
  }
  if (text === undefined) {
    errors.push({ path, message: 'must be a decimal number' });
    return undefined;
  }
  const number = new Dec(text);
  let message: string | undefined;
  if (bounds.min && number.lessThan(bounds.min)) message = `must be at least ${bounds.min.toFixed()}`;
  else if (bounds.max && number.greaterThan(bounds.max)) message = `must be at most ${bounds.max.toFixed()}`;
  else if (bounds.decimals !== undefined && number.decimalPlaces() > bounds.decimals) {
    message = `must have at most ${bounds.decimals} decimals`;
  }
  if (message) {
    errors.push({ path, message });
    return undefined;
  }
  return number.isZero() ? ZERO : number; // no '-0' in the output
}

/** Rounds half away from zero to `digits` decimals and gives the result in minor units. */
function toMinor(value: Dec, digits: number): bigint {
  return BigInt(
    value
      .times(new Dec(`1e${digits}`))
      .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
      .toFixed(),
  );
}

function fromMinorDecimal(minor: bigint, digits: number): Dec {
  return new Dec(`${minor}e-${digits}`);
}

/** Minor units as fixed decimal text: 150050n, 2 → '1500.50'; 1500n, 0 → '1500'; 5n, 3 → '0.005'. */
/** `minor` units as fixed decimal text with `digits` decimals (1250n, 2 → '12.50'). */
export function formatMinor(minor: bigint, digits: number): string {
  const sign = minor < 0n ? '-' : '';
  const text = (minor < 0n ? -minor : minor).toString().padStart(digits + 1, '0');
  if (digits === 0) return sign + text;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * Splits `total` minor units over `weights` (non-negative minor units) in proportion, by largest
 * remainder: the result adds up to `total` exactly. Needs total ≤ Σ weights, or total = 0.
 */
function allocate(total: bigint, weights: bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (total === 0n || sum === 0n) return weights.map(() => 0n);
  const shares = weights.map((w) => (total * w) / sum);
  let missing = total - shares.reduce((a, b) => a + b, 0n);
  const byRemainder = weights
    .map((w, index) => ({ index, remainder: (total * w) % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  // Σ remainders = missing × sum and each remainder < sum, so more than `missing` lines have a
  // remainder > 0: the units below never go to a line whose remainder (or weight) is 0.
  for (const { index } of byRemainder) {
    if (missing === 0n) break;
    shares[index]! += 1n;
    missing -= 1n;
  }
  return shares;
}
