import test from 'ava';
import { currencyMinorUnits, invoiceCurrencies } from '@invoice-platform/common/contracts/currencies';
import { AppError, type FieldError } from '@invoice-platform/common/errors';
import { computeTotals, minorUnits, toDecimalString, type ItemInput, type Totals } from '../../src/invoice-money.ts';

type Input = Parameters<typeof computeTotals>[0];

/** The figures a case checks: every money figure, per line and in total. */
function figures(totals: Totals) {
  return {
    lines: totals.lines.map((l) => l.line_amount),
    shares: totals.lines.map((l) => l.discount_share),
    subtotal: totals.subtotal,
    discount_total: totals.discount_total,
    tax_amount: totals.tax_amount,
    amount: totals.amount,
  };
}

const item = (quantity: string, price: string, extra: Partial<ItemInput> = {}): ItemInput => ({
  quantity,
  price,
  ...extra,
});

test('computeTotals: a single item, every field of the result', (t) => {
  // 2 × 1500.50 = 3001.00; tax 3001.00 × 10 / 100 = 300.10; amount 3001.00 − 0 + 300.10 = 3301.10
  const totals = computeTotals({
    currency: 'USD',
    tax_rate: '10',
    items: [{ description: 'Design work', quantity: '2', price: '1500.50', unit: 'hour' }],
  });
  t.deepEqual(totals, {
    currency: 'USD',
    lines: [
      {
        description: 'Design work',
        quantity: '2',
        price: '1500.5',
        discount: '0',
        unit: 'hour',
        line_amount: '3001.00',
        discount_share: '0.00',
        effective_tax_rate: '10',
      },
    ],
    subtotal: '3001.00',
    discount_total: '0.00',
    tax_rate: '10',
    tax_amount: '300.10',
    amount: '3301.10',
  });
});

const cases: [string, Input, ReturnType<typeof figures>][] = [
  [
    // 100 × 10% (invoice rate) + 100 × 0% (override 0 is not "absent") + 200 × 20% = 10 + 0 + 40 = 50.00
    'per-item tax_rate overrides the invoice rate, including an override of 0',
    {
      currency: 'USD',
      tax_rate: '10',
      items: [item('1', '100'), item('2', '50', { tax_rate: '0' }), item('1', '200', { tax_rate: '20' })],
    },
    {
      lines: ['100.00', '100.00', '200.00'],
      shares: ['0.00', '0.00', '0.00'],
      subtotal: '400.00',
      discount_total: '0.00',
      tax_amount: '50.00',
      amount: '450.00',
    },
  ],
  [
    // Item discount: 4 × 25 − 10 = 90.00; 1 × 10 − 10 = 0.00 (discount equal to quantity × price is fine).
    // tax 90 × 10% = 9.00; amount 90 + 9 = 99.00
    'item discounts come off their line',
    {
      currency: 'USD',
      tax_rate: '10',
      items: [item('4', '25', { discount: '10' }), item('1', '10', { discount: '10' })],
    },
    {
      lines: ['90.00', '0.00'],
      shares: ['0.00', '0.00'],
      subtotal: '90.00',
      discount_total: '0.00',
      tax_amount: '9.00',
      amount: '99.00',
    },
  ],
  [
    // D = 1000 minor units over L = 1000, 2000, 3000 (S = 6000):
    //   1000×1000/6000 = 166 r 4000, 1000×2000/6000 = 333 r 2000, 1000×3000/6000 = 500 r 0
    //   floors 999, 1 unit missing → largest remainder (line 0) → 167, 333, 500 = 1000
    // tax (10 − 1.67 + 20 − 3.33 + 30 − 5) × 10% = 50 × 10% = 5.00; amount 60 − 10 + 5 = 55.00
    'invoice discount shared in proportion over 3 lines',
    {
      currency: 'USD',
      tax_rate: '10',
      discount_total: '10',
      items: [item('1', '10'), item('2', '10'), item('3', '10')],
    },
    {
      lines: ['10.00', '20.00', '30.00'],
      shares: ['1.67', '3.33', '5.00'],
      subtotal: '60.00',
      discount_total: '10.00',
      tax_amount: '5.00',
      amount: '55.00',
    },
  ],
  [
    // 10 units over three equal lines of 100: 3 r 100 each; floors 9, 1 missing, remainders tie →
    // earlier line: 4, 3, 3 = 10. (Rounding each share, 0.0333 → 0.03, would give 0.09, not 0.10.)
    // tax (0.96 + 0.97 + 0.97) × 10% = 0.29; amount 3.00 − 0.10 + 0.29 = 3.19
    'equal remainders: the extra minor unit goes to the earlier line, shares add up exactly',
    {
      currency: 'USD',
      tax_rate: '10',
      discount_total: '0.10',
      items: [item('1', '1'), item('1', '1'), item('1', '1')],
    },
    {
      lines: ['1.00', '1.00', '1.00'],
      shares: ['0.04', '0.03', '0.03'],
      subtotal: '3.00',
      discount_total: '0.10',
      tax_amount: '0.29',
      amount: '3.19',
    },
  ],
  [
    // 2 units over 100, 100, 100: 0 r 200 each; 2 missing → lines 0 and 1. Rounding each share
    // (0.0067 → 0.01) would give 0.03. tax (0.99 + 0.99 + 1.00) × 10% = 0.298 → 0.30
    'two missing units go to the first two of three tied lines',
    {
      currency: 'USD',
      tax_rate: '10',
      discount_total: '0.02',
      items: [item('1', '1'), item('1', '1'), item('1', '1')],
    },
    {
      lines: ['1.00', '1.00', '1.00'],
      shares: ['0.01', '0.01', '0.00'],
      subtotal: '3.00',
      discount_total: '0.02',
      tax_amount: '0.30',
      amount: '3.28',
    },
  ],
  [
    // D = 101 over L = 0, 5000, 5000 (S = 10000): 0 r 0, 50 r 5000, 50 r 5000; 1 missing → line 1.
    // A line of 0 gets 0. tax (0 + 49.49 + 49.50) × 10% = 9.899 → 9.90; amount 100 − 1.01 + 9.90 = 108.89
    'a line of value 0 gets no share of the invoice discount',
    {
      currency: 'USD',
      tax_rate: '10',
      discount_total: '1.01',
      items: [item('1', '0'), item('1', '50'), item('1', '50')],
    },
    {
      lines: ['0.00', '50.00', '50.00'],
      shares: ['0.00', '0.51', '0.50'],
      subtotal: '100.00',
      discount_total: '1.01',
      tax_amount: '9.90',
      amount: '108.89',
    },
  ],
  [
    // discount_total with more decimals than the currency is rounded once: 0.005 → 0.01 (half away).
    // tax (2.00 − 0.01) × 10% = 0.199 → 0.20; amount 2.00 − 0.01 + 0.20 = 2.19
    'discount_total rounded once to minor units',
    { currency: 'USD', tax_rate: '10', discount_total: '0.005', items: [item('1', '2')] },
    {
      lines: ['2.00'],
      shares: ['0.01'],
      subtotal: '2.00',
      discount_total: '0.01',
      tax_amount: '0.20',
      amount: '2.19',
    },
  ],
  [
    // discount_total equal to the subtotal: nothing left to tax. 50 − 50 + 0 = 0.00
    'discount_total equal to the subtotal',
    { currency: 'USD', tax_rate: '10', discount_total: '50', items: [item('1', '20'), item('1', '30')] },
    {
      lines: ['20.00', '30.00'],
      shares: ['20.00', '30.00'],
      subtotal: '50.00',
      discount_total: '50.00',
      tax_amount: '0.00',
      amount: '0.00',
    },
  ],
  [
    // IDR is printed in whole rupiah (override of ISO's 2): 3 × 15000.50 = 45001.5 → 45002 (half away);
    // tax 45002 × 11% = 4950.22 → 4950; amount 45002 + 4950 = 49952
    'IDR with 0 decimals',
    { currency: 'IDR', tax_rate: '11', items: [item('3', '15000.50')] },
    {
      lines: ['45002'],
      shares: ['0'],
      subtotal: '45002',
      discount_total: '0',
      tax_amount: '4950',
      amount: '49952',
    },
  ],
  [
    // 1.5 × 333 = 499.5 → 500; share of 7 = 7; tax (500 − 7) × 10% = 49.3 → 49; amount 500 − 7 + 49 = 542
    'JPY with 0 decimals',
    { currency: 'JPY', tax_rate: '10', discount_total: '7', items: [item('1.5', '333')] },
    {
      lines: ['500'],
      shares: ['7'],
      subtotal: '500',
      discount_total: '7',
      tax_amount: '49',
      amount: '542',
    },
  ],
  [
    // 3 × 1.2345 = 3.7035 → 3.704 (half away); tax 3.704 × 5% = 0.1852 → 0.185; amount 3.704 + 0.185 = 3.889
    'KWD with 3 decimals',
    { currency: 'KWD', tax_rate: '5', items: [item('3', '1.2345')] },
    {
      lines: ['3.704'],
      shares: ['0.000'],
      subtotal: '3.704',
      discount_total: '0.000',
      tax_amount: '0.185',
      amount: '3.889',
    },
  ],
  [
    // tax 1.25 × 10% = 0.125 exactly → 0.13 (half away from zero, not half to even: 0.12)
    'tax at exactly half a cent rounds up',
    { currency: 'USD', tax_rate: '10', items: [item('1', '1.25')] },
    {
      lines: ['1.25'],
      shares: ['0.00'],
      subtotal: '1.25',
      discount_total: '0.00',
      tax_amount: '0.13',
      amount: '1.38',
    },
  ],
  [
    // Three lines of 0.05 at 10%: per line 0.005 → 0.01, which would give 0.03. Once per figure:
    // 0.005 + 0.005 + 0.005 = 0.015 → 0.02. amount 0.15 + 0.02 = 0.17
    'tax is rounded once over the sum, not per line',
    { currency: 'USD', tax_rate: '10', items: [item('1', '0.05'), item('1', '0.05'), item('1', '0.05')] },
    {
      lines: ['0.05', '0.05', '0.05'],
      shares: ['0.00', '0.00', '0.00'],
      subtotal: '0.15',
      discount_total: '0.00',
      tax_amount: '0.02',
      amount: '0.17',
    },
  ],
  [
    // Line amounts at exactly half a minor unit: 3 × 0.335 = 1.005 → 1.01 (a binary float would give
    // 1.0049999… → 1.00); 0.5 × 0.01 = 0.005 → 0.01. No tax.
    'line amounts at exactly half a cent round away from zero',
    { currency: 'USD', items: [item('3', '0.335'), item('0.5', '0.01')] },
    {
      lines: ['1.01', '0.01'],
      shares: ['0.00', '0.00'],
      subtotal: '1.02',
      discount_total: '0.00',
      tax_amount: '0.00',
      amount: '1.02',
    },
  ],
  [
    'all prices zero',
    { currency: 'USD', tax_rate: '10', items: [item('1', '0'), item('5', '0', { tax_rate: '20' })] },
    {
      lines: ['0.00', '0.00'],
      shares: ['0.00', '0.00'],
      subtotal: '0.00',
      discount_total: '0.00',
      tax_amount: '0.00',
      amount: '0.00',
    },
  ],
  [
    // 999999 × 9999999.99 = 9999999990000 − 9999999.99 = 9999989990000.01
    // tax × 10% = 999998999000.001 → 999998999000.00; amount 10999988989000.01
    // The largest figures a client can be given (2^53 − 1 cents ≈ 9 × 10^13 USD) stay exact.
    'large quantity × price without precision loss',
    { currency: 'USD', tax_rate: '10', items: [item('999999', '9999999.99')] },
    {
      lines: ['9999989990000.01'],
      shares: ['0.00'],
      subtotal: '9999989990000.01',
      discount_total: '0.00',
      tax_amount: '999998999000.00',
      amount: '10999988989000.01',
    },
  ],
  [
    // Two such lines, discount 0.03 over L equal: 1 r x each, 1 missing → line 0: 0.02, 0.01.
    // subtotal 2 × 9999989990000.01 = 19999979980000.02
    // tax (9999989989999.99 + 9999989990000.00) × 10% = 1999997997999.999 → 1999997998000.00
    // amount 19999979980000.02 − 0.03 + 1999997998000.00 = 21999977977999.99
    'large lines with an invoice discount',
    {
      currency: 'USD',
      tax_rate: '10',
      discount_total: '0.03',
      items: [item('999999', '9999999.99'), item('999999', '9999999.99')],
    },
    {
      lines: ['9999989990000.01', '9999989990000.01'],
      shares: ['0.02', '0.01'],
      subtotal: '19999979980000.02',
      discount_total: '0.03',
      tax_amount: '1999997998000.00',
      amount: '21999977977999.99',
    },
  ],
];

for (const [title, input, expected] of cases) {
  test(`computeTotals: ${title}`, (t) => {
    const totals = computeTotals(input);
    t.deepEqual(figures(totals), expected);
    // The printed figures always add up, and the shares add up to discount_total.
    const cents = (s: string) => BigInt(s.replace('.', ''));
    t.is(
      totals.lines.reduce((sum, l) => sum + cents(l.line_amount), 0n),
      cents(totals.subtotal),
    );
    t.is(
      totals.lines.reduce((sum, l) => sum + cents(l.discount_share), 0n),
      cents(totals.discount_total),
    );
    t.is(cents(totals.subtotal) - cents(totals.discount_total) + cents(totals.tax_amount), cents(totals.amount));
  });
}

test('computeTotals: line fields are normalized, description defaults to Item', (t) => {
  const totals = computeTotals({
    currency: 'EUR',
    tax_rate: '7.50',
    items: [
      { quantity: '1.50', price: '10.000', discount: '0.50', tax_rate: '19.0' },
      { description: '', quantity: '1', price: '1' },
      { description: '   ', quantity: '1', price: '1', unit: 'pcs' },
    ],
  });
  t.deepEqual(
    totals.lines.map((l) => [l.description, l.quantity, l.price, l.discount, l.tax_rate, l.effective_tax_rate, l.unit]),
    [
      ['Item', '1.5', '10', '0.5', '19', '19', undefined],
      ['Item', '1', '1', '0', undefined, '7.5', undefined],
      ['Item', '1', '1', '0', undefined, '7.5', 'pcs'],
    ],
  );
  t.is(totals.tax_rate, '7.5');
  t.false('unit' in totals.lines[0]!);
  t.false('tax_rate' in totals.lines[1]!);
});

test('computeTotals: a JSON number where text is expected is read exactly (defensive)', (t) => {
  // 0.1 × 3: as doubles 0.30000000000000004; as decimals 0.30
  const input = { currency: 'USD', items: [{ quantity: 3, price: 0.1 }] } as unknown as Input;
  t.is(computeTotals(input).subtotal, '0.30');
});

function validationErrors(t: import('ava').ExecutionContext, fn: () => unknown): FieldError[] {
  const err = t.throws(fn);
  t.true(AppError.isKind(err, 'validation'), String(err));
  t.is((err as AppError).status, 400);
  return ((err as AppError).details?.errors ?? []) as FieldError[];
}

const refusals: [string, Input, FieldError[]][] = [
  [
    // 2 × 10 = 20.00 < 20.01
    'an item discount larger than quantity × price names the item',
    {
      currency: 'USD',
      items: [item('1', '5'), item('1', '5'), item('2', '10', { discount: '20.01' })],
    },
    [{ path: 'body.items[2].discount', message: 'must not exceed quantity × price' }],
  ],
  [
    // subtotal 100.00 < 100.01
    'discount_total larger than the subtotal',
    { currency: 'USD', discount_total: '100.01', items: [item('1', '60'), item('1', '40')] },
    [{ path: 'body.discount_total', message: 'must not exceed the subtotal' }],
  ],
  [
    // The given value is compared, not its rounding: 100.004 > 100.00 even though it rounds to 100.00
    'discount_total above the subtotal by less than a minor unit',
    { currency: 'USD', discount_total: '100.004', items: [item('1', '100')] },
    [{ path: 'body.discount_total', message: 'must not exceed the subtotal' }],
  ],
  [
    'a discount_total with a subtotal of 0',
    { currency: 'USD', discount_total: '0.01', items: [item('1', '0')] },
    [{ path: 'body.discount_total', message: 'must not exceed the subtotal' }],
  ],
  [
    'an unknown currency',
    { currency: 'ABC', items: [item('1', '1')] },
    [{ path: 'body.currency', message: 'must be an ISO 4217 currency code' }],
  ],
  [
    'a lower-case currency',
    { currency: 'usd', items: [item('1', '1')] },
    [{ path: 'body.currency', message: 'must be an ISO 4217 currency code' }],
  ],
  [
    'a withdrawn currency (BGN, euro since 2026-01-01)',
    { currency: 'BGN', items: [item('1', '1')] },
    [{ path: 'body.currency', message: 'must be an ISO 4217 currency code' }],
  ],
  [
    'an ISO code without minor units (gold)',
    { currency: 'XAU', items: [item('1', '1')] },
    [{ path: 'body.currency', message: 'must be an ISO 4217 currency code with minor units' }],
  ],
  ['no items', { currency: 'USD', items: [] }, [{ path: 'body.items', message: 'must have at least 1 item' }]],
  [
    'every invalid field at once',
    {
      currency: 'XYZ',
      tax_rate: '100.01',
      discount_total: '-1',
      items: [
        item('0', '1'),
        item('1000000', '-0.01', { discount: '-1' }),
        item('1.005', 'abc', { tax_rate: '-0.5' }),
        item('0.01', '1', { tax_rate: '101', discount: '1e2' }),
        { price: '1' } as ItemInput,
        'not an item' as unknown as ItemInput,
        item('2', '5', { discount: '10.01' }),
      ],
    },
    [
      { path: 'body.currency', message: 'must be an ISO 4217 currency code' },
      { path: 'body.tax_rate', message: 'must be at most 100' },
      { path: 'body.discount_total', message: 'must be at least 0' },
      { path: 'body.items[0].quantity', message: 'must be at least 0.01' },
      { path: 'body.items[1].quantity', message: 'must be at most 999999' },
      { path: 'body.items[1].price', message: 'must be at least 0' },
      { path: 'body.items[1].discount', message: 'must be at least 0' },
      { path: 'body.items[2].quantity', message: 'must have at most 2 decimals' },
      { path: 'body.items[2].price', message: 'must be a decimal number' },
      { path: 'body.items[2].tax_rate', message: 'must be at least 0' },
      { path: 'body.items[3].discount', message: 'must be a decimal number' },
      { path: 'body.items[3].tax_rate', message: 'must be at most 100' },
      { path: 'body.items[4].quantity', message: 'is required' },
      { path: 'body.items[5]', message: 'must be an object' },
      { path: 'body.items[6].discount', message: 'must not exceed quantity × price' },
    ],
  ],
];

for (const [title, input, expected] of refusals) {
  test(`computeTotals refuses ${title}`, (t) => {
    t.deepEqual(
      validationErrors(t, () => computeTotals(input)),
      expected,
    );
  });
}

const minorUnitCases: [string, number][] = [
  ['USD', 2],
  ['EUR', 2],
  ['IDR', 0], // ISO says 2; product override (common/contracts/currencies.ts)
  ['JPY', 0],
  ['KRW', 0],
  ['VND', 0],
  ['CLP', 0],
  ['ISK', 0],
  ['UGX', 0],
  ['XAF', 0],
  ['XOF', 0],
  ['KWD', 3],
  ['BHD', 3],
  ['OMR', 3],
  ['JOD', 3],
  ['IQD', 3],
  ['LYD', 3],
  ['TND', 3],
  ['CLF', 4],
  ['UYW', 4],
  ['HUF', 2], // CLDR (Intl) says 0
  ['XCG', 2], // new in 2025, not yet known to every library
  ['VED', 2], // Intl lacks VED, BOV, XAD, CLF and UYW
  ['BOV', 2],
  ['XAD', 2],
];
for (const [currency, digits] of minorUnitCases) {
  test(`minorUnits(${currency}) = ${digits}`, (t) => t.is(minorUnits(currency), digits));
}

test('minorUnits is the common currency table, code for code', (t) => {
  t.deepEqual(
    invoiceCurrencies.map((currency) => minorUnits(currency)),
    invoiceCurrencies.map((currency) => currencyMinorUnits(currency)),
  );
});

for (const [currency, message] of [
  ['ABC', 'must be an ISO 4217 currency code'],
  ['usd', 'must be an ISO 4217 currency code'],
  ['', 'must be an ISO 4217 currency code'],
  ['US', 'must be an ISO 4217 currency code'],
  ['USDX', 'must be an ISO 4217 currency code'],
  ['constructor', 'must be an ISO 4217 currency code'],
  ['BGN', 'must be an ISO 4217 currency code'],
  ['HRK', 'must be an ISO 4217 currency code'],
  ['XXX', 'must be an ISO 4217 currency code with minor units'],
  ['XAU', 'must be an ISO 4217 currency code with minor units'],
] as const) {
  test(`minorUnits refuses ${JSON.stringify(currency)}`, (t) => {
    const errors = validationErrors(t, () => minorUnits(currency));
    t.deepEqual(errors, [{ path: 'body.currency', message }]);
  });
}

// Every accepted code computes: one line of 1234.5 at 10 % tax, rounded to its minor units.
const perCurrencyTotals: [string, string][] = [
  ['VED', '1357.95'], // 1234.50 + 123.45
  ['CLF', '1357.9500'], // 1234.5000 + 123.4500
  ['UYW', '1357.9500'],
  ['XAD', '1357.95'],
  ['KWD', '1357.950'],
  ['JPY', '1359'], // 1235 (half away from zero) + 123.5 → 124
  ['IDR', '1359'],
];
for (const [currency, amount] of perCurrencyTotals) {
  test(`computeTotals in ${currency}: the amount with its minor units`, (t) => {
    const totals = computeTotals({ currency, tax_rate: '10', items: [item('1', '1234.5')] });
    t.is(totals.amount, amount);
    t.is(totals.currency, currency);
  });
}

const decimalCases: [number | string, string][] = [
  [0.1, '0.1'],
  [0.1 + 0.2, '0.30000000000000004'], // the double's shortest text, not a "fixed" 0.3
  [1e-7, '0.0000001'],
  [1.5e-10, '0.00000000015'],
  [1e21, '1000000000000000000000'],
  [123456789012345680000, '123456789012345680000'],
  [-0, '0'],
  [0, '0'],
  [100, '100'],
  [-2.5, '-2.5'],
  [1500.5, '1500.5'],
  [999999999.99, '999999999.99'],
  [5e-324, `0.${'0'.repeat(323)}5`],
  [Number.MAX_VALUE, `17976931348623157${'0'.repeat(292)}`],
  ['1500.50', '1500.5'],
  ['007', '7'],
  ['-0', '0'],
  ['1.5e3', '1500'],
  ['1E-7', '0.0000001'],
  ['.5', '0.5'],
];
const label = (value: number | string) =>
  typeof value === 'string' ? JSON.stringify(value) : Object.is(value, -0) ? '-0' : String(value);
for (const [value, expected] of decimalCases) {
  test(`toDecimalString(${label(value)})`, (t) => t.is(toDecimalString(value), expected));
}

for (const value of [NaN, Infinity, -Infinity, 'abc', '', '1.2.3', '0x10', '1e999999999', ' 1', '1,5']) {
  test(`toDecimalString refuses ${label(value)}`, (t) => {
    t.throws(() => toDecimalString(value), { instanceOf: RangeError });
  });
}

const largeRefusals: [string, Input, FieldError[]][] = [
  [
    // 999999 × 10^12 IDR ≈ 10^18, past 2^53 − 1 (IDR has no minor units here)
    'a line past 2^53 − 1 minor units names the line',
    { currency: 'IDR', items: [item('1', '5'), item('999999', '1000000000000')] },
    [{ path: 'body.items[1]', message: 'quantity × price must be at most 9007199254740991 IDR' }],
  ],
  [
    // 100 × 10^12 USD = 10^14 USD = 10^16 cents, past 2^53 − 1 cents
    'in a two-decimal currency the limit is in cents',
    { currency: 'USD', items: [item('100', '1000000000000')] },
    [{ path: 'body.items[0]', message: 'quantity × price must be at most 90071992547409.91 USD' }],
  ],
  [
    // Each line fits; 10 of them do not.
    'lines that fit but add up past the limit name the items',
    { currency: 'IDR', items: Array.from({ length: 10 }, () => item('1000', '1000000000000')) },
    [{ path: 'body.items', message: 'the invoice total (with tax) must be at most 9007199254740991 IDR' }],
  ],
  [
    // The subtotal fits; with 100% tax the amount does not.
    'tax that takes the amount past the limit names the items',
    { currency: 'IDR', tax_rate: '100', items: [item('5000', '1000000000000')] },
    [{ path: 'body.items', message: 'the invoice total (with tax) must be at most 9007199254740991 IDR' }],
  ],
];

for (const [title, input, expected] of largeRefusals) {
  test(`computeTotals: ${title}`, (t) => {
    t.deepEqual(
      validationErrors(t, () => computeTotals(input)),
      expected,
    );
  });
}

test('computeTotals: figures up to 2^53 − 1 minor units are accepted, exactly', (t) => {
  const totals = computeTotals({ currency: 'IDR', items: [item('1', '9007199254740991')] });
  t.is(totals.amount, '9007199254740991');
  t.is(Number(totals.amount), Number.MAX_SAFE_INTEGER);
});
