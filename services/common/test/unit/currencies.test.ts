import test from 'ava';
import {
  currencyMinorUnits,
  currencyRefusal,
  invoiceCurrencies,
  ISO_4217_MINOR_UNITS,
  isInvoiceCurrency,
  MINOR_UNIT_OVERRIDES,
  NO_MINOR_UNIT_CODES,
} from '../../src/contracts/currencies.ts';
import { paymentProviders, providerSpecs } from '../../src/payment-providers.ts';

// [code, minor units the platform rounds and prints with, why it is in the table]
const lookups: [string, number, string][] = [
  ['USD', 2, 'ISO 2'],
  ['EUR', 2, 'ISO 2'],
  ['IDR', 0, 'ISO 2, the product override'],
  ['JPY', 0, 'ISO 0'],
  ['KWD', 3, 'ISO 3'],
  ['BHD', 3, 'ISO 3'],
  ['IQD', 3, 'ISO 3, CLDR 0'],
  ['HUF', 2, 'ISO 2, CLDR 0'],
  ['CLF', 4, 'ISO 4, a funds code Intl lacks'],
  ['UYW', 4, 'ISO 4, a funds code Intl lacks'],
  ['UYI', 0, 'ISO 0, a funds code Intl lacks'],
  ['VED', 2, "Venezuela's current bolívar, which Intl lacks"],
  ['BOV', 2, 'a funds code Intl lacks'],
  ['XAD', 2, 'the Arab Accounting Dinar, which Intl lacks'],
  ['XCG', 2, 'the Caribbean guilder (2025)'],
  ['ZWG', 2, 'Zimbabwe Gold'],
];
for (const [code, digits, why] of lookups) {
  test(`${code} is an invoice currency with ${digits} minor units (${why})`, (t) => {
    t.is(currencyMinorUnits(code), digits);
    t.true(isInvoiceCurrency(code));
    t.is(currencyRefusal(code), undefined);
    t.true(invoiceCurrencies.includes(code));
  });
}

// [value, refusal message]
const refusals: [unknown, string][] = [
  ['XAU', 'must be an ISO 4217 currency code with minor units'],
  ['XXX', 'must be an ISO 4217 currency code with minor units'],
  ['XDR', 'must be an ISO 4217 currency code with minor units'],
  ['ABC', 'must be an ISO 4217 currency code'],
  ['HRK', 'must be an ISO 4217 currency code'], // withdrawn 2023 (the euro)
  ['BGN', 'must be an ISO 4217 currency code'], // withdrawn 2026-01-01 (the euro)
  ['ANG', 'must be an ISO 4217 currency code'], // replaced by XCG
  ['usd', 'must be an ISO 4217 currency code'],
  ['Usd', 'must be an ISO 4217 currency code'],
  ['', 'must be an ISO 4217 currency code'],
  ['US', 'must be an ISO 4217 currency code'],
  ['USDX', 'must be an ISO 4217 currency code'],
  ['constructor', 'must be an ISO 4217 currency code'],
  [undefined, 'must be an ISO 4217 currency code'],
  [null, 'must be an ISO 4217 currency code'],
  [840, 'must be an ISO 4217 currency code'],
];
for (const [value, message] of refusals) {
  test(`${JSON.stringify(value) ?? 'undefined'} is not an invoice currency`, (t) => {
    t.is(currencyMinorUnits(value), undefined);
    t.false(isInvoiceCurrency(value));
    t.is(currencyRefusal(value), message);
    t.false(invoiceCurrencies.includes(value as string));
  });
}

test('the accepted codes: every ISO code with minor units, upper case, sorted, no duplicate', (t) => {
  t.is(invoiceCurrencies.length, 165);
  t.deepEqual([...invoiceCurrencies], [...ISO_4217_MINOR_UNITS.keys()]);
  t.deepEqual([...invoiceCurrencies], [...invoiceCurrencies].sort());
  t.is(new Set(invoiceCurrencies).size, invoiceCurrencies.length);
  for (const code of invoiceCurrencies) t.regex(code, /^[A-Z]{3}$/);
  t.true(Object.isFrozen(invoiceCurrencies));
});

test('minor units are 0 to 4; the overrides only change codes of the table', (t) => {
  for (const [code, digits] of ISO_4217_MINOR_UNITS) t.true([0, 2, 3, 4].includes(digits), code);
  for (const [code, digits] of MINOR_UNIT_OVERRIDES) {
    t.true(ISO_4217_MINOR_UNITS.has(code), code);
    t.is(currencyMinorUnits(code), digits);
  }
  t.is(ISO_4217_MINOR_UNITS.get('IDR'), 2, 'the table itself stays ISO');
});

test('the codes without minor units are kept apart from the table', (t) => {
  t.is(NO_MINOR_UNIT_CODES.size, 13);
  for (const code of NO_MINOR_UNIT_CODES) t.false(ISO_4217_MINOR_UNITS.has(code), code);
});

test('the table holds what Intl does not: every code Intl lacks is still an invoice currency', (t) => {
  const intl = new Set<string>(Intl.supportedValuesOf('currency'));
  const lacking = invoiceCurrencies.filter((code) => !intl.has(code));
  for (const code of ['VED', 'CLF', 'UYW', 'BOV', 'XAD']) t.true(lacking.includes(code), code);
  for (const code of lacking) t.true(isInvoiceCurrency(code), code);
});

// A provider's list names only codes of the one table (Mollie's BGN, withdrawn on 2026-01-01 when
// Bulgaria adopted the euro, is gone from it).
for (const provider of paymentProviders) {
  test(`every currency ${provider} takes is an invoice currency`, (t) => {
    t.deepEqual(
      providerSpecs[provider].currencies.filter((code) => !isInvoiceCurrency(code)),
      [],
    );
  });
}
