import test from 'ava';
import { eInvoiceInput } from '@invoice-platform/test-support/e-invoice';
import { toCii } from '../../src/domain/e-invoice/cii.ts';
import { toEn16931 } from '../../src/domain/e-invoice/en16931.ts';
import { toUbl } from '../../src/domain/e-invoice/ubl.ts';
import { eInvoiceXml } from '../../src/domain/e-invoice/xml.ts';
import { xmlClean, xmlEscape } from '../../src/domain/e-invoice/xml-text.ts';

test('xmlEscape: markup escaped, characters XML 1.0 cannot carry removed, everything else kept', (t) => {
  const cases: [string, string][] = [
    ['plain', 'plain'],
    ['A & B', 'A &amp; B'],
    ['<b>', '&lt;b&gt;'],
    [`"it's"`, '&quot;it&apos;s&quot;'],
    ['&amp;', '&amp;amp;'],
    ['a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg', 'abcdefg'],
    ['tab\tline\nreturn\r', 'tab\tline\nreturn\r'],
    ['\uFFFE\uFFFF', ''],
    ['lone \uD800 high, lone \uDC00 low', 'lone  high, lone  low'],
    ['😀 emoji (a surrogate pair) stays', '😀 emoji (a surrogate pair) stays'],
    ['Ärger, 咨询, परामर्श, خدمات', 'Ärger, 咨询, परामर्श, خدمات'],
  ];
  for (const [input, expected] of cases) t.is(xmlEscape(input), expected, JSON.stringify(input));
  t.is(xmlClean('  \u0001 name \u0002 '), 'name');
});

// eslint-disable-next-line no-control-regex -- exactly the characters XML 1.0 forbids
const forbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const hostile = 'A & B <c> "d" \'e\' \u0001 \uFFFE \uD800 😀';

test('the XML escapes every text it carries, and has no empty element (PEPPOL-EN16931-R008)', (t) => {
  for (const format of ['factur-x', 'xrechnung', 'peppol'] as const) {
    const { xml } = eInvoiceXml(
      eInvoiceInput({
        format,
        items: [{ description: hostile, quantity: '1', price: '10', tax_rate: '19' }],
        invoice: {
          customer_name: hostile,
          notes: `${hostile}\nline 2`,
          buyer_reference: '<ref>',
          purchase_order_reference: '\u0001',
        },
      }),
    );
    const escaped = 'A &amp; B &lt;c&gt; &quot;d&quot; &apos;e&apos;    😀'; // 3 characters removed, 4 spaces kept
    t.true(xml.includes(`>${escaped}<`), `${format}: the item name`);
    t.true(xml.includes(`>${escaped}\nline 2<`), `${format}: the note`);
    t.true(xml.includes('>&lt;ref&gt;<'), `${format}: the buyer reference`);
    t.false(forbidden.test(xml), `${format}: no character XML 1.0 forbids`);
    t.false(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(xml),
      `${format}: no lone surrogate`,
    );
    t.deepEqual(
      xml.match(/<([\w:]+)(?:\s[^>]*)?><\/\1>/g),
      null,
      `${format}: an order reference of nothing is left out`,
    );
    t.false(xml.includes('OrderReference'), format);
  }
});

test('CII: the Factur-X EN 16931 guideline, BT-23 only for the UBL formats, dates as 102', (t) => {
  const xml = toCii(toEn16931(eInvoiceInput()));
  t.true(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice '));
  t.true(xml.includes('<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID>'));
  t.false(xml.includes('BusinessProcessSpecifiedDocumentContextParameter'));
  t.true(xml.includes('<ram:IssueDateTime><udt:DateTimeString format="102">20261125</udt:DateTimeString>'));
  t.true(xml.includes('<ram:DueDateDateTime><udt:DateTimeString format="102">20261209</udt:DateTimeString>'));
  t.true(xml.includes('<ram:TypeCode>58</ram:TypeCode><ram:Information>SEPA credit transfer</ram:Information>'));
  t.true(xml.includes('<ram:IBANID>DE02120300000000202051</ram:IBANID>'));
  t.true(xml.includes('<ram:ID schemeID="VA">DE123456789</ram:ID>'));
  t.true(xml.includes('<ram:ID schemeID="FC">30/123/45678</ram:ID>'));
  t.true(xml.includes('<ram:BilledQuantity unitCode="HUR">10</ram:BilledQuantity>'));
});

test('UBL: the CustomizationID of each format, the Peppol BIS process, amounts with their currency', (t) => {
  const model = toEn16931(eInvoiceInput({ format: 'xrechnung' }));
  const xrechnung = toUbl(model, 'xrechnung');
  t.true(
    xrechnung.includes(
      '<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID><cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>',
    ),
  );
  t.true(
    toUbl(model, 'peppol').includes(
      '<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>',
    ),
  );
  t.true(xrechnung.includes('<cbc:PayableAmount currencyID="EUR">1428.00</cbc:PayableAmount>'));
  t.true(xrechnung.includes('<cbc:PaymentMeansCode name="SEPA credit transfer">58</cbc:PaymentMeansCode>'));
  t.true(xrechnung.includes('<cbc:BuyerReference>04011000-12345-03</cbc:BuyerReference>'));
});

test('not subject to VAT (O): no rate on the lines; the UBL breakdown rate 0 (BR-DE-14), none in CII', (t) => {
  const model = toEn16931(
    eInvoiceInput({ items: [{ quantity: '1', price: '10', tax_category: 'O', tax_exemption_reason: 'Not subject' }] }),
  );
  const cii = toCii(model);
  t.false(cii.includes('RateApplicablePercent'));
  t.true(cii.includes('<ram:ExemptionReason>Not subject</ram:ExemptionReason>'));
  t.true(cii.includes('<ram:ExemptionReasonCode>VATEX-EU-O</ram:ExemptionReasonCode>'));
  const ubl = toUbl(model, 'xrechnung');
  t.true(ubl.includes('<cac:ClassifiedTaxCategory><cbc:ID>O</cbc:ID><cac:TaxScheme>'));
  t.true(
    ubl.includes(
      '<cac:TaxCategory><cbc:ID>O</cbc:ID><cbc:Percent>0</cbc:Percent><cbc:TaxExemptionReasonCode>VATEX-EU-O',
    ),
  );
  t.false(ubl.includes('DE123456789</cbc:CompanyID>'), 'no seller VAT id (BR-O-2)');
});

test('the serialisers are template-string fast: 100 lines well under a millisecond each', (t) => {
  const input = eInvoiceInput({
    items: Array.from({ length: 100 }, (_, i) => ({
      description: `Position ${i + 1} & more`,
      quantity: String((i % 7) + 1),
      price: `${10 + i}.25`,
      tax_rate: i % 3 ? '19' : '7',
    })),
    discount_total: '100',
  });
  const median = (f: () => void) => {
    for (let i = 0; i < 20; i++) f();
    const times = Array.from({ length: 50 }, () => {
      const start = process.hrtime.bigint();
      f();
      return Number(process.hrtime.bigint() - start) / 1e6;
    }).sort((a, b) => a - b);
    return times[25]!;
  };
  const model = toEn16931(input);
  const mapping = median(() => toEn16931(input));
  const cii = median(() => toCii(model));
  const ubl = median(() => toUbl(model, 'peppol'));
  t.log(`100 lines, median ms: mapping ${mapping.toFixed(3)}, CII ${cii.toFixed(3)}, UBL ${ubl.toFixed(3)}`);
  // Loose bounds (a loaded CI machine): a regression to a DOM or a library is 10–100× slower.
  t.true(mapping + cii < 5, `mapping + CII ${mapping + cii} ms`);
  t.true(ubl < 5, `UBL ${ubl} ms`);
});
