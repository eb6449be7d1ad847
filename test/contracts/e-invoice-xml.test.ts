/**
 * The e-invoice XML against an independent validator (issue 20 acceptance; docs/e-invoicing.md): a
 * table of invoices, each written as Factur-X CII, XRechnung UBL and Peppol BIS UBL, validated in
 * one run of the Mustang validator plus the Peppol BIS rules. No stack needed: the figures come from
 * computeTotals, as the invoice service computes them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'ava';
import { currencyMinorUnits } from '@invoice-platform/common/contracts/currencies';
import { documentLanguages } from '@invoice-platform/common/contracts/values';
import type { LegalProfile } from '@invoice-platform/common/contracts/e-invoice';
import { exactMinorUnits, sameAmount } from '@invoice-platform/common/money';
import type { EInvoiceInput } from '../../services/invoice/src/domain/e-invoice/input.ts';
import { eInvoiceProblems } from '../../services/invoice/src/domain/e-invoice/requirements.ts';
import { eInvoiceXml } from '../../services/invoice/src/domain/e-invoice/xml.ts';
import { type EInvoiceCase, type EInvoiceItem, eInvoiceInput, germanSeller } from '../support/e-invoice.ts';
import { validateEInvoices } from '../support/mustang.ts';

const formats = ['factur-x', 'xrechnung', 'peppol'] as const;

interface Language {
  currency: string;
  /** An item description in the language. */
  item: string;
  seller: LegalProfile;
  buyer: Pick<
    EInvoiceInput['invoice'],
    'customer_name' | 'customer_tax_id' | 'customer_address' | 'customer_electronic_address'
  >;
}

/**
 * A seller and a buyer in a country that speaks the language, with names in its script. Where the
 * country has no VAT ids, the seller has a tax registration and the buyer a local tax number, which
 * the XML leaves out (BR-CO-9: a VAT id has a country prefix).
 */
function language(
  country: string,
  currency: string,
  item: string,
  seller: [name: string, vatId: string | null, scheme: string, endpoint: string],
  buyer: [name: string, taxId: string, scheme: string, endpoint: string],
): Language {
  const [sellerName, vatId, sellerScheme, sellerEndpoint] = seller;
  const [buyerName, taxId, buyerScheme, buyerEndpoint] = buyer;
  return {
    currency,
    item,
    seller: {
      legal_name: sellerName,
      ...(vatId ? { vat_id: vatId } : { tax_registration_id: `${country}-TAX-0001` }),
      address: { line1: `${sellerName} 1`, city: 'City', postal_code: '10115', country },
      electronic_address: { scheme: sellerScheme, id: sellerEndpoint },
      contact: { name: 'Billing', phone: '+1 555 0100', email: 'billing@seller.example' },
    },
    buyer: {
      customer_name: buyerName,
      customer_tax_id: taxId,
      customer_address: { line1: `${buyerName} 2`, city: 'Town', postal_code: '20095', country },
      customer_electronic_address: { scheme: buyerScheme, id: buyerEndpoint },
    },
  };
}

const languages: Record<(typeof documentLanguages)[number], Language> = {
  en: language(
    'US',
    'USD',
    'Consulting services',
    ['Acme Consulting LLC', null, '0088', '4000000000006'],
    ['Globex Corp.', '12-3456789', '0088', '4500000000001'],
  ),
  id: language(
    'ID',
    'IDR',
    'Jasa konsultasi',
    ['PT Maju Jaya', null, '0088', '8000000000002'],
    ['CV Sentosa Abadi', '01.234.567.8-901.000', '0088', '8900000000005'],
  ),
  es: language(
    'ES',
    'EUR',
    'Servicios de consultoría',
    ['Soluciones Ibéricas S.L.', 'ESB12345674', '9920', 'ESB12345674'],
    ['Compañía Añil S.A.', 'ESA87654321', '9920', 'ESA87654321'],
  ),
  fr: language(
    'FR',
    'EUR',
    'Prestations de conseil « été »',
    ['Conseil & Associés SARL', 'FR40303265045', '0009', '30326504500014'],
    ['Société Générale d’Études', 'FR23334175221', '0009', '33417522100025'],
  ),
  de: language(
    'DE',
    'EUR',
    'Beratungsleistung (Stunden)',
    ['Musterfirma GmbH', 'DE123456789', '9930', 'DE123456789'],
    ['Beispiel AG', 'DE987654321', '9930', 'DE987654321'],
  ),
  nl: language(
    'NL',
    'EUR',
    'Adviesdiensten',
    ['Adviesbureau De Vries B.V.', 'NL123456789B01', '0106', '12345678'],
    ['Bakkerij Jansen B.V.', 'NL987654321B01', '0106', '87654321'],
  ),
  it: language(
    'IT',
    'EUR',
    'Servizi di consulenza',
    ['Consulenze Rossi S.r.l.', 'IT12345678903', '0088', '8712345000004'],
    ['Bianchi & Figli S.p.A.', 'IT98765432109', '0088', '3761234500007'],
  ),
  pt: language(
    'PT',
    'EUR',
    'Serviços de consultoria',
    ['Consultoria Lusitana Lda.', 'PT123456789', '0088', '5600000000007'],
    ['Padaria São João Lda.', 'PT987654321', '0088', '5901234123457'],
  ),
  zh: language(
    'CN',
    'USD',
    '咨询服务',
    ['上海咨询有限公司', null, '0088', '6900000000007'],
    ['北京贸易有限公司', '91110000100000000X', '0088', '3012345000000'],
  ),
  ja: language(
    'JP',
    'JPY',
    'コンサルティング業務',
    ['株式会社サンプル', null, '0188', '1234567890123'],
    ['有限会社テスト', 'T9876543210987', '0188', '9876543210987'],
  ),
  hi: language(
    'IN',
    'USD',
    'परामर्श सेवाएँ',
    ['भारत परामर्श प्रा. लि.', null, '0088', '8900000000005'],
    ['दिल्ली ट्रेडर्स', '07AAACB1234C1Z5', '0088', '4000000000006'],
  ),
  ar: language(
    'AE',
    'USD',
    'خدمات استشارية',
    ['شركة الاستشارات المحدودة', null, '0088', '3012345000000'],
    ['مؤسسة التجارة', '100123456700003', '0088', '8712345000004'],
  ),
};

const exempt = { tax_category: 'E', tax_exemption_reason: 'Steuerfrei nach § 4 Nr. 21 UStG' } as const;
const reverseCharge = {
  tax_category: 'AE',
  tax_exemption_reason: 'Steuerschuldnerschaft des Leistungsempfängers',
} as const;

/** Each case once per format. */
const cases: Record<string, EInvoiceCase> = {
  ...Object.fromEntries(
    documentLanguages.map((lang) => {
      const c = languages[lang];
      const zeroDecimals = c.currency === 'IDR' || c.currency === 'JPY';
      const rate = { IDR: '11', JPY: '10' }[c.currency] ?? '20';
      return [
        `lang-${lang}-${c.currency}`,
        {
          currency: c.currency,
          items: [
            {
              description: c.item,
              quantity: '12',
              price: zeroDecimals ? '150000' : '95.5',
              unit: 'hours',
              tax_rate: rate,
            },
            { description: `${c.item} (2)`, quantity: '1', price: zeroDecimals ? '80000' : '49.99', tax_rate: rate },
          ],
          invoice: { document_language: lang, ...c.buyer, notes: `${c.item}: 2026-11` },
          profile: c.seller,
        } satisfies EInvoiceCase,
      ];
    }),
  ),
  'mixed-categories': {
    items: [
      { description: 'Beratung', quantity: '10', price: '120', unit: 'hours', tax_rate: '19' },
      { description: 'Fachbuch', quantity: '4', price: '25', tax_rate: '7' },
      { description: 'Heilbehandlung', quantity: '1', price: '300', tax_rate: '0', ...exempt },
      { description: 'Bauleistung', quantity: '2', price: '500', tax_rate: '0', ...reverseCharge },
    ],
  },
  'invoice-discount': {
    items: [
      { description: 'Lizenz', quantity: '3', price: '199.99', tax_rate: '19' },
      { description: 'Support', quantity: '7', price: '45.5', unit: 'hours', tax_rate: '19' },
      { description: 'Schulung', quantity: '1', price: '350', unit: 'day', tax_rate: '19' },
    ],
    discount_total: '99.99',
  },
  'invoice-discount-two-rates': {
    items: [
      { description: 'Beratung', quantity: '10', price: '100', tax_rate: '19' },
      { description: 'Fachbuch', quantity: '10', price: '100', tax_rate: '7' },
    ],
    discount_total: '100',
  },
  'line-discount': {
    items: [
      { description: 'Beratung', quantity: '10', price: '120', discount: '120', unit: 'hours', tax_rate: '19' },
      { description: 'Material', quantity: '3', price: '24.95', discount: '4.85', unit: 'pcs', tax_rate: '19' },
    ],
  },
  'hundred-lines': {
    items: Array.from({ length: 100 }, (_, i): EInvoiceItem => ({
      description: `Position ${i + 1}`,
      quantity: String((i % 7) + 1),
      price: `${10 + i}.${String((i * 37) % 100).padStart(2, '0')}`,
      ...(i % 10 === 3 ? { discount: '1.5' } : {}),
      unit: i % 2 ? 'hours' : 'pcs',
      tax_rate: '19',
    })),
    discount_total: '123.45',
    invoice: { purchase_order_reference: 'PO-2026-777' },
  },
  'intra-community-K': {
    items: [{ description: 'Maschine', quantity: '1', price: '12500', tax_rate: '0' }],
    invoice: {
      tax_category: 'K',
      tax_exemption_reason: 'Steuerfreie innergemeinschaftliche Lieferung',
      customer_name: 'Société Générale d’Études',
      customer_tax_id: 'FR40303265045',
      customer_address: { line1: '1 rue de la Paix', city: 'Paris', postal_code: '75002', country: 'FR' },
      customer_electronic_address: { scheme: '0009', id: '30326504500014' },
    },
  },
  'export-G': {
    items: [{ description: 'Software licence', quantity: '5', price: '800', tax_rate: '0', tax_category: 'G' }],
    invoice: {
      tax_exemption_reason: 'Steuerfreie Ausfuhrlieferung',
      customer_name: 'Globex Corp.',
      customer_tax_id: null,
      customer_address: { line1: '1 Main St', city: 'Springfield', postal_code: '12345', country: 'US' },
      customer_electronic_address: { scheme: '0088', id: '4500000000001' },
    },
  },
  'zero-rated-Z-and-S': {
    items: [
      { description: 'Zeitschrift', quantity: '2', price: '15', tax_rate: '0', tax_category: 'Z' },
      { description: 'Beratung', quantity: '1', price: '100', tax_rate: '19' },
    ],
  },
  'not-subject-O': {
    items: [{ description: 'Durchlaufender Posten', quantity: '1', price: '250', tax_rate: '0' }],
    invoice: { tax_category: 'O', tax_exemption_reason: 'Nicht steuerbarer Umsatz' },
  },
  'canary-islands-L': {
    items: [{ description: 'Servicio', quantity: '2', price: '150', tax_rate: '7', tax_category: 'L' }],
  },
  'account-not-an-IBAN': {
    payment: { account: { account_name: 'Musterfirma GmbH', account_number: '0123456789', bank_name: 'Musterbank' } },
  },
  'online-payment-only': {
    payment: { account: null, url: 'https://pay.example/invoices/inv_0123456789?lang=de&src=xml' },
  },
  // The page link in BT-20 only with the seller's opt-in (docs/e-invoicing.md).
  'online-payment-link-opted-in': {
    profile: { ...germanSeller, e_invoice_payment_link: true },
    payment: { account: null, url: 'https://pay.example/invoices/inv_0123456789?lang=de&src=xml' },
  },
  'seller-without-VAT-id': {
    profile: { ...germanSeller, vat_id: undefined, trading_name: 'Muster & Söhne' },
  },
  'idr-fractional-quantity': {
    currency: 'IDR',
    items: [
      { description: 'Jasa', quantity: '1.5', price: '333', unit: 'jam', tax_rate: '11' },
      { description: 'Barang', quantity: '3', price: '333.33', tax_rate: '11' },
    ],
  },
  'jpy-fractional-quantity': {
    currency: 'JPY',
    items: [{ description: '作業', quantity: '0.5', price: '1999', unit: 'hours', tax_rate: '10' }],
  },
  'eur-price-with-3-decimals': {
    items: [{ description: 'Schraube', quantity: '3', price: '0.333', unit_code: 'H87', tax_rate: '19' }],
  },
  'texts-to-escape': {
    items: [
      {
        description: 'A & B <c> "d" \'e\' \u0001\u0007 \uFFFE \uD800 😀 ﷺ',
        quantity: '1',
        price: '10',
        tax_rate: '19',
      },
    ],
    invoice: {
      customer_name: 'Ärger & <Co> "KG"',
      notes: 'Zeile 1\nZeile 2\u0000 & mehr',
      buyer_reference: '<ref>&amp;',
    },
  },
  // The two known differences from Mustang's re-calculation (an arithmetic warning each, listed in
  // docs/e-invoicing.md), where the XML states the API's tax_amount:
  // VAT in whole yen, 100.1 → 100; Mustang computes 100.10.
  'jpy-vat-in-whole-yen': {
    currency: 'JPY',
    items: [{ description: '作業', quantity: '1', price: '1001', tax_rate: '10' }],
  },
  // tax_amount rounded once (26.458 → 26.46) where Mustang rounds per rate (19.30 + 7.15 = 26.45).
  'vat-rounded-once': {
    items: [
      { description: 'Beratung', quantity: '1', price: '101.6', tax_rate: '19' },
      { description: 'Fachbuch', quantity: '1', price: '102.2', tax_rate: '7' },
    ],
  },
};

test('e-invoice XML: every case of the table in every format passes the Mustang and Peppol rules, with the API figures', async (t) => {
  t.timeout(10 * 60_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'e-invoice-xml-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));

  const written: { file: string; name: string; input: EInvoiceInput; xml: string }[] = [];
  for (const [name, c] of Object.entries(cases)) {
    for (const format of formats) {
      const input = eInvoiceInput({ ...c, format });
      t.deepEqual(eInvoiceProblems(input), [], `${name} ${format}: the requirements accept it`);
      const { xml } = eInvoiceXml(input);
      const file = path.join(dir, `${name}-${format}.xml`);
      writeFileSync(file, xml);
      written.push({ file, name: `${name} ${format}`, input, xml });
    }
  }

  const started = Date.now();
  const results = await validateEInvoices(written.map((w) => w.file));
  t.log(`validated ${written.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  let explainedWarnings = 0;
  results.forEach((result, i) => {
    const { name, input, xml } = written[i]!;
    const inv = input.invoice;
    t.deepEqual(result.errors, [], `${name}: no errors`);
    // The public page link (a capability) in BT-20 only with the seller's opt-in.
    const link = input.payment.url?.split('&')[0];
    if (link)
      t.is(
        xml.includes(link),
        input.seller.profile?.e_invoice_payment_link === true,
        `${name}: the page link in BT-20`,
      );
    const figures = input.format === 'factur-x' ? ciiFigures(xml) : ublFigures(xml);
    t.true(
      sameAmount(inv.currency, figures.lineTotal, inv.subtotal),
      `${name}: line total ${figures.lineTotal} = subtotal ${inv.subtotal}`,
    );
    t.true(
      sameAmount(inv.currency, figures.taxTotal, inv.tax_amount),
      `${name}: tax total ${figures.taxTotal} = tax_amount ${inv.tax_amount}`,
    );
    t.true(
      sameAmount(inv.currency, figures.payable, inv.amount),
      `${name}: payable ${figures.payable} = amount ${inv.amount}`,
    );
    // Mustang re-calculates the VAT rounded per rate, to cents; the platform rounds tax_amount once,
    // to the currency's minor units. Where the two differ, its one warning must say exactly that.
    const recalculated = recalculatedPayableCents(input);
    const payableCents =
      exactMinorUnits(inv.amount, inv.currency)! * 10n ** BigInt(2 - currencyMinorUnits(inv.currency)!);
    // The French rules (Mustang runs them on a French seller's CII, as warnings) want the SIREN
    // (BT-30) and the legal payment mentions as coded notes: data the legal profile does not hold
    // yet. docs/e-invoicing.md lists them.
    const french = result.warnings.filter((w) => /^BR-FR-(05\/BT-22|10\/BT-30) : /.test(w));
    if (french.length > 0) t.true(name === 'lang-fr-EUR factur-x', `${name}: French rules only on the French CII`);
    const warnings = result.warnings.filter((w) => !french.includes(w));
    if (recalculated === payableCents) {
      t.deepEqual(warnings, [], `${name}: no warnings`);
      t.true(result.valid, `${name}: valid`);
    } else {
      explainedWarnings++;
      t.is(warnings.length, 1, `${name}: one warning`);
      t.true(
        warnings[0]!.startsWith(
          `Arithmetical issue:Payable total in XML is ${cents(payableCents)}, but calculated total is ${cents(recalculated)} `,
        ),
        `${name}: ${warnings[0]}`,
      );
    }
  });
  t.is(
    explainedWarnings,
    2 * formats.length,
    'only jpy-vat-in-whole-yen and vat-rounded-once differ from the re-calculation',
  );
});

test('e-invoice requirements: a currency with 3 decimals is refused for every format, naming body.currency', (t) => {
  for (const currency of ['KWD', 'BHD', 'JOD', 'OMR', 'TND', 'IQD', 'LYD']) {
    for (const format of formats) {
      const problems = eInvoiceProblems(
        eInvoiceInput({ format, currency, items: [{ quantity: '1', price: '10.125', tax_rate: '5' }] }),
      );
      t.deepEqual(
        problems.map((p) => p.path),
        ['body.currency'],
        `${currency} ${format}`,
      );
      t.regex(problems[0]!.message, /at most 2 \(EN 16931 BR-DEC\)/);
    }
  }
});

function cents(value: bigint): string {
  const text = value.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/**
 * The payable amount as Mustang re-calculates it, in cents: the taxable amount (subtotal −
 * discount_total) plus, per tax rate, the rate's taxable amount × rate / 100 rounded half up to cents.
 */
function recalculatedPayableCents(input: EInvoiceInput): bigint {
  const inv = input.invoice;
  const toCents = (amount: string) =>
    exactMinorUnits(amount, inv.currency)! * 10n ** BigInt(2 - currencyMinorUnits(inv.currency)!);
  const byRate = new Map<string, bigint>();
  for (const line of inv.items) {
    const rate = line.effective_tax_rate;
    byRate.set(rate, (byRate.get(rate) ?? 0n) + toCents(line.line_amount) - toCents(line.discount_share));
  }
  let total = toCents(inv.subtotal) - toCents(inv.discount_total);
  for (const [rate, taxable] of byRate) {
    const [whole, fraction = ''] = rate.split('.');
    const scale = 10n ** BigInt(fraction.length);
    const divisor = 100n * scale;
    const exact = taxable * BigInt(whole! + fraction); // × rate × scale
    total += (exact + divisor / 2n) / divisor;
  }
  return total;
}

function ciiFigures(xml: string): { lineTotal: string; taxTotal: string; payable: string } {
  const summation =
    /<ram:SpecifiedTradeSettlementHeaderMonetarySummation>(.*?)<\/ram:SpecifiedTradeSettlementHeaderMonetarySummation>/s.exec(
      xml,
    )![1]!;
  return {
    lineTotal: /<ram:LineTotalAmount>([^<]*)</.exec(summation)![1]!,
    taxTotal: /<ram:TaxTotalAmount currencyID="[A-Z]{3}">([^<]*)</.exec(summation)![1]!,
    payable: /<ram:DuePayableAmount>([^<]*)</.exec(summation)![1]!,
  };
}

function ublFigures(xml: string): { lineTotal: string; taxTotal: string; payable: string } {
  const totals = /<cac:LegalMonetaryTotal>(.*?)<\/cac:LegalMonetaryTotal>/s.exec(xml)![1]!;
  return {
    lineTotal: /<cbc:LineExtensionAmount currencyID="[A-Z]{3}">([^<]*)</.exec(totals)![1]!,
    taxTotal: /<cac:TaxTotal><cbc:TaxAmount currencyID="[A-Z]{3}">([^<]*)</.exec(xml)![1]!,
    payable: /<cbc:PayableAmount currencyID="[A-Z]{3}">([^<]*)</.exec(totals)![1]!,
  };
}
