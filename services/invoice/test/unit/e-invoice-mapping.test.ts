import test from 'ava';
import { AppError } from '@invoice-platform/common/errors';
import { exactMinorUnits, sameAmount } from '@invoice-platform/common/money';
import { currencyMinorUnits } from '@invoice-platform/common/contracts/currencies';
import { type EInvoiceCase, eInvoiceInput, germanSeller } from '@invoice-platform/test-support/e-invoice';
import {
  allocateTax,
  type En16931Invoice,
  isIban,
  lineCategory,
  toEn16931,
  unitCode,
} from '../../src/domain/e-invoice/en16931.ts';
import type { EInvoiceInput } from '../../src/domain/e-invoice/input.ts';
import { eInvoiceXml } from '../../src/domain/e-invoice/xml.ts';

const exempt = { tax_category: 'E', tax_exemption_reason: 'Heilbehandlung, § 4 Nr. 14 UStG' } as const;
const reverseCharge = { tax_category: 'AE', tax_exemption_reason: 'Reverse charge' } as const;

/** The figures of a model in cents, summed as BR-CO-10/11/13/14/15 sum them. */
function sums(m: En16931Invoice) {
  const c = (a: string) => BigInt(a.replace('.', ''));
  return {
    lines: m.lines.reduce((s, l) => s + c(l.netAmount), 0n),
    allowances: m.allowances.reduce((s, a) => s + c(a.amount), 0n),
    taxable: m.vat.reduce((s, v) => s + c(v.taxableAmount), 0n),
    vat: m.vat.reduce((s, v) => s + c(v.taxAmount), 0n),
    c,
  };
}

/** What every model must satisfy: the stored figures, the EN 16931 sums, 2 decimals, and BR-CO-17 within one minor unit. */
function assertFigures(t: import('ava').ExecutionContext, input: EInvoiceInput, m: En16931Invoice) {
  const inv = input.invoice;
  const same = (a: string, b: string, what: string) => t.true(sameAmount(inv.currency, a, b), `${what}: ${a} = ${b}`);
  same(m.totals.lineTotal, inv.subtotal, 'BT-106 = subtotal');
  same(m.totals.allowanceTotal ?? '0', inv.discount_total, 'BT-107 = discount_total');
  same(m.totals.taxTotal, inv.tax_amount, 'BT-110 = tax_amount');
  same(m.totals.payable, inv.amount, 'BT-115 = amount');
  m.lines.forEach((l, i) => same(l.netAmount, inv.items[i]!.line_amount, `BT-131 of line ${i + 1}`));
  const s = sums(m);
  t.is(s.lines, s.c(m.totals.lineTotal), 'BR-CO-10');
  t.is(s.allowances, s.c(m.totals.allowanceTotal ?? '0.00'), 'BR-CO-11');
  t.is(s.c(m.totals.lineTotal) - s.allowances, s.c(m.totals.taxExclusive), 'BR-CO-13');
  t.is(s.taxable, s.c(m.totals.taxExclusive), 'the breakdown covers the taxable amount');
  t.is(s.vat, s.c(m.totals.taxTotal), 'BR-CO-14');
  t.is(s.c(m.totals.taxExclusive) + s.vat, s.c(m.totals.taxInclusive), 'BR-CO-15');
  const minorUnit = 10n ** BigInt(2 - currencyMinorUnits(inv.currency)!); // in cents
  for (const v of m.vat) {
    // |tax − taxable × rate / 100| < one minor unit, in cents × 100 × rate scale.
    const [whole, fraction = ''] = (v.rate ?? '0').split('.');
    const scale = 10n ** BigInt(fraction.length);
    const error = s.c(v.taxAmount) * 100n * scale - s.c(v.taxableAmount) * BigInt(whole! + fraction);
    t.true(
      (error < 0n ? -error : error) < minorUnit * 100n * scale,
      `BT-117 of ${v.category} ${v.rate}: ${v.taxAmount}`,
    );
  }
  const amounts = [
    ...Object.values(m.totals).filter((a) => a !== null),
    ...m.lines.flatMap((l) => [l.netAmount, ...l.allowances.map((a) => a.amount), ...l.charges.map((c) => c.amount)]),
    ...m.allowances.map((a) => a.amount),
    ...m.vat.flatMap((v) => [v.taxableAmount, v.taxAmount]),
  ];
  for (const a of amounts) t.regex(a, /^\d+\.\d{2}$/, 'BR-DEC: 2 decimals');
}

const figureCases: [string, EInvoiceCase, (t: import('ava').ExecutionContext, m: En16931Invoice) => void][] = [
  [
    'EUR, mixed categories and an invoice discount: one allowance per group, the sum of its shares',
    {
      items: [
        { description: 'Beratung', quantity: '10', price: '120', discount: '120', unit: 'hours', tax_rate: '19' },
        { description: 'Fachbuch', quantity: '4', price: '25', tax_rate: '7' },
        { description: 'Heilbehandlung', quantity: '1', price: '300', tax_rate: '0', ...exempt },
        { description: 'Bauleistung', quantity: '2', price: '500', tax_rate: '0', ...reverseCharge },
      ],
      discount_total: '124',
    },
    (t, m) => {
      t.deepEqual(
        m.vat.map((v) => [v.category, v.rate, v.taxableAmount, v.taxAmount, v.exemptionReason, v.exemptionReasonCode]),
        [
          ['S', '19', '1026.00', '194.94', null, null],
          ['S', '7', '95.00', '6.65', null, null],
          ['E', '0', '285.00', '0.00', exempt.tax_exemption_reason, null],
          ['AE', '0', '950.00', '0.00', 'Reverse charge', 'VATEX-EU-AE'],
        ],
      );
      t.deepEqual(
        m.allowances.map((a) => [a.category, a.rate, a.amount, a.reasonCode]),
        [
          ['S', '19', '54.00', '95'],
          ['S', '7', '5.00', '95'],
          ['E', '0', '15.00', '95'],
          ['AE', '0', '50.00', '95'],
        ],
      );
      t.deepEqual(m.lines[0]!.allowances, [{ amount: '120.00', reason: 'Discount', reasonCode: '95' }]);
      t.deepEqual(m.totals, {
        lineTotal: '2480.00',
        allowanceTotal: '124.00',
        taxExclusive: '2356.00',
        taxTotal: '201.59',
        taxInclusive: '2557.59',
        payable: '2557.59',
      });
    },
  ],
  [
    'IDR (0 decimals): amounts with .00, and the line rounded to whole rupiah as a rounding charge',
    {
      currency: 'IDR',
      items: [
        { description: 'Jasa', quantity: '3', price: '150000', unit: 'jam', tax_rate: '11' },
        { description: 'Barang', quantity: '1.5', price: '333', tax_rate: '11' },
        { description: 'Sewa', quantity: '2', price: '333.3', tax_rate: '11' },
      ],
      discount_total: '1001',
    },
    (t, m) => {
      t.deepEqual(
        m.lines.map((l) => [l.netAmount, l.charges, l.allowances]),
        [
          ['450000.00', [], []],
          // 1.5 × 333 = 499.5, stored as 500: + 0.50.
          ['500.00', [{ amount: '0.50', reason: 'Rounding', reasonCode: null }], []],
          // 2 × 333.3 = 666.6, stored as 667: + 0.40.
          ['667.00', [{ amount: '0.40', reason: 'Rounding', reasonCode: null }], []],
        ],
      );
      t.is(m.totals.lineTotal, '451167.00');
      t.is(m.totals.allowanceTotal, '1001.00');
      t.is(m.lines[0]!.unitCode, 'HUR');
    },
  ],
  [
    'JPY (0 decimals): a line rounded down to whole yen is a rounding allowance',
    { currency: 'JPY', items: [{ description: '作業', quantity: '0.25', price: '1001', tax_rate: '10' }] },
    (t, m) => {
      // 0.25 × 1001 = 250.25, stored as 250: − 0.25.
      t.deepEqual(m.lines[0]!.allowances, [{ amount: '0.25', reason: 'Rounding', reasonCode: null }]);
      t.deepEqual(m.totals, {
        lineTotal: '250.00',
        allowanceTotal: null,
        taxExclusive: '250.00',
        taxTotal: '25.00',
        taxInclusive: '275.00',
        payable: '275.00',
      });
    },
  ],
  [
    'EUR, a line discount with more decimals than cents: the allowance in cents, the line within half a cent',
    { items: [{ description: 'Schraube', quantity: '3', price: '0.333', discount: '0.015', tax_rate: '19' }] },
    (t, m) => {
      // 0.999 − 0.015 = 0.984, stored as 0.98. The allowance is 0.02 (BR-DEC-24), and 0.999 − 0.02 =
      // 0.979 rounds to the stored 0.98: no rounding line.
      t.is(m.lines[0]!.netAmount, '0.98');
      t.deepEqual(m.lines[0]!.allowances, [{ amount: '0.02', reason: 'Discount', reasonCode: '95' }]);
      t.deepEqual(m.lines[0]!.charges, []);
    },
  ],
  [
    'EUR, VAT rounded once: the groups take the extra cent by largest remainder and add up to tax_amount',
    {
      items: [
        { description: 'Beratung', quantity: '1', price: '101.6', tax_rate: '19' },
        { description: 'Fachbuch', quantity: '1', price: '102.2', tax_rate: '7' },
      ],
    },
    (t, m) => {
      // 19.304 + 7.154 = 26.458 → 26.46; floors 19.30 + 7.15, remainders equal: the earlier group gets it.
      t.deepEqual(
        m.vat.map((v) => v.taxAmount),
        ['19.31', '7.15'],
      );
      t.is(m.totals.taxTotal, '26.46');
    },
  ],
  [
    '100 lines, two rates, line and invoice discounts',
    {
      items: Array.from({ length: 100 }, (_, i) => ({
        description: `Position ${i + 1}`,
        quantity: String((i % 7) + 1),
        price: `${10 + i}.${String((i * 37) % 100).padStart(2, '0')}`,
        ...(i % 10 === 3 ? { discount: '1.5' } : {}),
        tax_rate: i % 3 === 0 ? '7' : '19',
      })),
      discount_total: '123.45',
    },
    (t, m) => {
      t.is(m.lines.length, 100);
      t.is(m.lines[99]!.id, '100');
      t.deepEqual(
        m.vat.map((v) => v.rate),
        ['7', '19'],
      );
      t.is(m.allowances.length, 2);
    },
  ],
];

for (const [title, c, check] of figureCases) {
  test(`EN 16931 figures: ${title}`, (t) => {
    const input = eInvoiceInput(c);
    const model = toEn16931(input);
    assertFigures(t, input, model);
    check(t, model);
  });
}

test('allocateTax: largest remainder, exact sums, ties to the earlier group, and null when the total cannot be split', (t) => {
  const g = (taxable: number, rate: string) => ({ taxable: BigInt(taxable), rate });
  const cases: [bigint, ReturnType<typeof g>[], bigint[] | null][] = [
    [2646n, [g(10160, '19'), g(10220, '7')], [1931n, 715n]], // 1930.4 + 715.4 → 2645.8
    [2645n, [g(10160, '19'), g(10220, '7')], [1930n, 715n]],
    [2647n, [g(10160, '19'), g(10220, '7')], [1931n, 716n]], // each group at most one unit over
    [2648n, [g(10160, '19'), g(10220, '7')], null],
    [2644n, [g(10160, '19'), g(10220, '7')], null],
    [34n, [g(100, '0'), g(333, '10')], [0n, 34n]], // a 0 % group never takes a unit
    [35n, [g(100, '0'), g(333, '10')], null],
    [75n, [g(1000, '7.5')], [75n]],
    [120n, [g(333, '12.25'), g(333, '24')], [40n, 80n]], // 40.7925 + 79.92: the larger remainder first
    [121n, [g(333, '12.25'), g(333, '24')], [41n, 80n]],
    [0n, [g(0, '19')], [0n]],
  ];
  for (const [total, groups, expected] of cases) t.deepEqual(allocateTax(total, groups), expected, `${total}`);
});

test('unit codes: unit_code first, then a common unit label (any case), else C62', (t) => {
  const cases: [string | undefined, string | undefined, string][] = [
    ['MTK', 'hours', 'MTK'],
    [undefined, 'hours', 'HUR'],
    [undefined, ' Jam ', 'HUR'],
    [undefined, 'h', 'HUR'],
    [undefined, 'hari', 'DAY'],
    [undefined, 'Days', 'DAY'],
    [undefined, 'month', 'MON'],
    [undefined, 'kg', 'KGM'],
    [undefined, 'pcs', 'H87'],
    [undefined, 'units', 'H87'],
    [undefined, 'bundle', 'C62'],
    [undefined, undefined, 'C62'],
  ];
  for (const [unit_code, unit, expected] of cases)
    t.is(unitCode({ unit_code, unit }), expected, `${unit_code} ${unit}`);
});

test('tax category: the line, else the invoice, else S above 0 % and Z at 0 %', (t) => {
  t.is(lineCategory({ tax_category: 'AE', effective_tax_rate: '0' }, { tax_category: 'E' }), 'AE');
  t.is(lineCategory({ effective_tax_rate: '0' }, { tax_category: 'E' }), 'E');
  t.is(lineCategory({ effective_tax_rate: '0.5' }, { tax_category: null }), 'S');
  t.is(lineCategory({ effective_tax_rate: '0' }, { tax_category: null }), 'Z');
});

test('payment instructions: an IBAN is code 58, another account number 30, a payment page 68 with its URL in the terms', (t) => {
  t.true(isIban('DE02 1203 0000 0000 2020 51'));
  t.true(isIban('nl91abna0417164300'));
  t.false(isIban('DE03 1203 0000 0000 2020 51'), 'check digits');
  t.false(isIban('1234567890'));
  const model = (payment: Partial<EInvoiceInput['payment']>) => toEn16931(eInvoiceInput({ payment }));
  const account = (account_number: string) => ({ account_name: 'Muster', account_number, bank_name: 'Bank' });
  t.deepEqual(model({ account: account('de02 1203 0000 0000 2020 51') }).payment, {
    code: '58',
    name: 'SEPA credit transfer',
    accountId: 'DE02120300000000202051',
    accountName: 'Muster',
    iban: true,
  });
  t.like(model({ account: account('0123456789') }).payment, { code: '30', accountId: '0123456789', iban: false });
  const online = model({ account: null, url: 'https://pay.example/i/1' });
  t.like(online.payment, { code: '68', name: 'Online payment service', accountId: null });
  t.is(model({ account: null }).payment, null);
});

test('BT-20: the public page link, a capability, is in the payment terms only when the seller opts in', (t) => {
  const url = 'https://pay.example/p/invoice/inv_0123456789';
  const cases: [what: string, optIn: boolean | undefined, account: boolean, terms: string | null][] = [
    ['online payment, no opt-in', undefined, false, null],
    ['online payment, opted out', false, false, null],
    ['online payment, opted in', true, false, `Online payment: ${url}`],
    ['online payment and an account, opted in', true, true, `Online payment: ${url}`],
    ['online payment and an account, no opt-in', undefined, true, null],
  ];
  for (const [what, optIn, withAccount, terms] of cases) {
    for (const format of ['factur-x', 'xrechnung', 'peppol'] as const) {
      const input = eInvoiceInput({
        format,
        profile: { ...germanSeller, ...(optIn === undefined ? {} : { e_invoice_payment_link: optIn }) },
        payment: { url, ...(withAccount ? {} : { account: null }) },
      });
      const m = toEn16931(input);
      t.is(m.paymentTerms, terms, `${what} (${format})`);
      t.is(m.payment!.code, withAccount ? '58' : '68', `${what} (${format}): the payment means stay`);
      t.is(eInvoiceXml(input).xml.includes(url), terms !== null, `${what} (${format}): the link in the XML`);
    }
  }
});

test('the seller: no VAT id on an invoice not subject to VAT, and the tax registration as its identifier then', (t) => {
  const s = toEn16931(eInvoiceInput()).seller;
  t.like(s, { vatId: 'DE123456789', identifier: null, taxRegistrationId: '30/123/45678' });
  const o = toEn16931(
    eInvoiceInput({ items: [{ quantity: '1', price: '10', tax_category: 'O', tax_exemption_reason: 'Not subject' }] }),
  );
  t.like(o.seller, { vatId: null, identifier: '30/123/45678' });
  t.is(o.buyer.vatId, null, 'BR-O-4');
  t.is(o.lines[0]!.rate, null, 'BR-O-5');
  t.like(o.vat[0], { category: 'O', rate: null, exemptionReasonCode: 'VATEX-EU-O' });
  const local = toEn16931(eInvoiceInput({ invoice: { customer_tax_id: '01.234.567.8-901.000' } }));
  t.is(local.buyer.vatId, null, 'a tax number without a country prefix is no VAT id (BR-CO-9)');
});

test('BT-23, BT-72 and the deliver-to country of an intra-community supply', (t) => {
  t.is(toEn16931(eInvoiceInput({ format: 'factur-x' })).businessProcess, null);
  t.is(
    toEn16931(eInvoiceInput({ format: 'xrechnung' })).businessProcess,
    'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
  );
  const k = toEn16931(
    eInvoiceInput({
      format: 'peppol',
      items: [{ quantity: '1', price: '10', tax_category: 'K', tax_exemption_reason: 'Intra-community supply' }],
    }),
  );
  t.is(k.deliveryDate, '2026-11-25');
  t.is(k.deliverTo?.country, 'DE');
  t.is(toEn16931(eInvoiceInput()).deliverTo, null);
});

test('eInvoiceXml: factur-x.xml for Factur-X, the invoice number and format otherwise', (t) => {
  t.is(eInvoiceXml(eInvoiceInput({ format: 'factur-x' })).filename, 'factur-x.xml');
  t.is(eInvoiceXml(eInvoiceInput({ format: 'xrechnung' })).filename, 'RE-2026-0042-xrechnung.xml');
  t.is(
    eInvoiceXml(eInvoiceInput({ format: 'peppol', invoice: { invoice_number: 'INV/2026 #7' } })).filename,
    'INV_2026_7-peppol.xml',
  );
});

test('eInvoiceXml refuses (internal error) an input the requirements refuse, or figures that do not add up', (t) => {
  const internal = (input: EInvoiceInput, message: RegExp) => {
    const err = t.throws(() => eInvoiceXml(input), { instanceOf: AppError });
    t.is(err?.kind, 'internal');
    t.regex(err!.message, message);
  };
  internal(eInvoiceInput({ format: 'xrechnung', invoice: { buyer_reference: null } }), /body\.buyer_reference/);
  const input = eInvoiceInput({ items: [{ quantity: '1', price: '100', tax_rate: '19' }] });
  internal({ ...input, invoice: { ...input.invoice, subtotal: '100.01' } }, /subtotal/);
  internal({ ...input, invoice: { ...input.invoice, tax_amount: '19.02', amount: '119.02' } }, /tax_amount/);
  internal({ ...input, invoice: { ...input.invoice, amount: '119.01' } }, /amount/);
  t.is(exactMinorUnits(eInvoiceXml(input).xml.match(/<ram:DuePayableAmount>([^<]*)/)![1]!, 'EUR'), 11900n);
});
