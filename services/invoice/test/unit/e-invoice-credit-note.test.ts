import test from 'ava';
import {
  BASE_URL,
  creditNoteOf,
  type EInvoiceCase,
  type EInvoiceItem,
  eInvoiceInput,
  invoiceDocOf,
} from '@invoice-platform/test-support/e-invoice';
import {
  creditNoteEInvoice,
  creditNoteEInvoiceInput,
  creditNoteEInvoiceProblems,
  creditNoteFacturX,
} from '../../src/domain/e-invoice/credit-note.ts';
import { toEn16931 } from '../../src/domain/e-invoice/en16931.ts';
import { eInvoiceXml } from '../../src/domain/e-invoice/xml.ts';

const formats = ['factur-x', 'xrechnung', 'peppol'] as const;

function invoice(format: (typeof formats)[number], c: EInvoiceCase = {}) {
  const input = eInvoiceInput({ ...c, format });
  return { ...invoiceDocOf(input), name: input.seller.name };
}

function noteXml(format: (typeof formats)[number], c: EInvoiceCase, items: EInvoiceItem[]) {
  const { doc, account, name } = invoice(format, c);
  const note = creditNoteOf(doc.currency, items);
  return { note, file: creditNoteEInvoice(doc, note, name, account, BASE_URL)! };
}

/** The amounts of a CII or UBL document, each as written. */
function amounts(xml: string): string[] {
  return [...xml.matchAll(/<(?:ram|cbc):\w*(?:Amount|Quantity)(?: [^>]*)?>([^<]*)</g)].map((m) => m[1]!);
}

/** A credit note per currency: its figures as computeTotals makes them, and what its XML must state. */
const currencyCases: { name: string; currency: string; items: EInvoiceItem[]; payable: string; tax: string }[] = [
  {
    name: 'EUR (2 minor units)',
    currency: 'EUR',
    items: [
      { description: 'Beratung', quantity: '2', price: '120', tax_rate: '19' },
      { description: 'Buch', quantity: '1', price: '24.99', tax_rate: '7' },
    ],
    // 240 + 45.60 + 24.99 + 1.7493 → 312.34 (tax 47.35, rounded once)
    payable: '312.34',
    tax: '47.35',
  },
  {
    name: 'JPY (0 minor units)',
    currency: 'JPY',
    items: [{ description: '作業', quantity: '3', price: '15000', tax_rate: '10' }],
    payable: '49500.00',
    tax: '4500.00',
  },
  {
    name: 'IDR (0 minor units), a fractional quantity',
    currency: 'IDR',
    items: [{ description: 'Jasa', quantity: '1.5', price: '333', tax_rate: '11' }],
    // 499.5 → 500 (rounded line), tax 55
    payable: '555.00',
    tax: '55.00',
  },
];

test('credit note e-invoice: type 381, BT-25/BT-26 name the invoice, amounts positive, totals the note figures, in every format and currency', (t) => {
  for (const c of currencyCases) {
    for (const format of formats) {
      const label = `${c.name} ${format}`;
      const { doc, account, name } = invoice(format, { currency: c.currency, items: c.items });
      const note = creditNoteOf(c.currency, c.items);
      const { xml } = creditNoteEInvoice(doc, note, name, account, BASE_URL)!;
      if (format === 'factur-x') {
        t.regex(
          xml,
          /<rsm:ExchangedDocument><ram:ID>CN-ws_einvoice-202612-1<\/ram:ID><ram:TypeCode>381<\/ram:TypeCode>/,
          label,
        );
        t.true(
          xml.includes(
            '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>RE-2026-0042</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20261125</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>',
          ),
          `${label}: BT-25, BT-26`,
        );
        t.true(
          xml.includes(`<ram:GrandTotalAmount>${c.payable}</ram:GrandTotalAmount><ram:DuePayableAmount>${c.payable}<`),
          label,
        );
        t.true(xml.includes(`<ram:TaxTotalAmount currencyID="${c.currency}">${c.tax}<`), label);
        t.false(xml.includes('DueDateDateTime'), `${label}: no due date`);
      } else {
        t.true(xml.includes('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"'), label);
        t.true(xml.endsWith('</CreditNote>\n'), label);
        t.true(
          xml.includes(
            '<cbc:ID>CN-ws_einvoice-202612-1</cbc:ID><cbc:IssueDate>2026-12-03</cbc:IssueDate><cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>',
          ),
          `${label}: BT-1, BT-2, BT-3 and no header due date`,
        );
        t.true(
          xml.includes(
            '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>RE-2026-0042</cbc:ID><cbc:IssueDate>2026-11-25</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>',
          ),
          `${label}: BT-25, BT-26`,
        );
        t.true(xml.includes(`<cbc:PayableAmount currencyID="${c.currency}">${c.payable}<`), label);
        t.true(xml.includes(`<cac:TaxTotal><cbc:TaxAmount currencyID="${c.currency}">${c.tax}<`), label);
        t.is(xml.match(/<cac:CreditNoteLine>/g)?.length, c.items.length, `${label}: one CreditNoteLine per line`);
        t.true(xml.includes('<cbc:CreditedQuantity unitCode='), label);
        t.false(/Invoice(Line|dQuantity|TypeCode)|<Invoice /.test(xml), `${label}: nothing of an Invoice`);
      }
      t.is(
        amounts(xml).filter((a) => a.startsWith('-')).length,
        0,
        `${label}: every amount and quantity positive (${amounts(xml).length} of them)`,
      );
    }
  }
});

test('credit note e-invoice: the model states the note figures to the minor unit, the corrected invoice, its reason and no due date', (t) => {
  const { doc, account, name } = invoice('xrechnung', { currency: 'JPY', items: currencyCases[1]!.items });
  const note = creditNoteOf('JPY', [{ description: '作業', quantity: '1', price: '15001', tax_rate: '10' }], {
    reason: '  二重請求  ',
  });
  const model = toEn16931(creditNoteEInvoiceInput(doc, note, name, account, BASE_URL)!);
  t.like(model, {
    typeCode: '381',
    number: 'CN-ws_einvoice-202612-1',
    issueDate: '2026-12-03',
    dueDate: null,
    deliveryDate: '2026-11-25',
    precedingInvoice: { number: 'RE-2026-0042', issueDate: '2026-11-25' },
    note: '二重請求',
    paymentReference: 'CN-ws_einvoice-202612-1',
    buyerReference: '04011000-12345-03',
    // 15001 + 1500.1 → tax 1500 (whole yen), payable 16501
    totals: {
      lineTotal: '15001.00',
      taxExclusive: '15001.00',
      taxTotal: '1500.00',
      taxInclusive: '16501.00',
      payable: '16501.00',
    },
  });
  t.is(note.amount, '16501');
  t.regex(model.paymentTerms!, /^Credit note for invoice RE-2026-0042 of 2026-11-25: /);
  t.deepEqual(
    model.seller,
    toEn16931(eInvoiceInput({ format: 'xrechnung', currency: 'JPY' })).seller,
    'the invoice seller',
  );
});

test('credit note e-invoice: issued on the workspace date, not the UTC one', (t) => {
  const { doc, account, name } = invoice('peppol');
  const note = {
    ...creditNoteOf('EUR', [{ quantity: '1', price: '10', tax_rate: '19' }]),
    created_at: new Date('2026-12-03T23:30:00Z'),
  };
  // 00:30 on 4 December in Berlin.
  t.is(creditNoteEInvoiceInput(doc, note, name, account, BASE_URL)!.invoice.issue_date, '2026-12-04');
  t.is(
    creditNoteEInvoiceInput({ ...doc, time_zone: 'America/New_York' }, note, name, account, BASE_URL)!.invoice
      .issue_date,
    '2026-12-03',
  );
});

test('credit note e-invoice: a line discount is written as the line allowance, and the discount total is the lines when the note has none', (t) => {
  const items = [{ description: 'Material', quantity: '3', price: '24.95', discount: '4.85', tax_rate: '19' }];
  const { doc, account, name } = invoice('factur-x', { items });
  const note = creditNoteOf('EUR', items);
  const withoutTotal = { ...note };
  delete withoutTotal.discount_total;
  const a = creditNoteEInvoice(doc, note, name, account, BASE_URL)!.xml;
  const b = creditNoteEInvoice(doc, withoutTotal, name, account, BASE_URL)!.xml;
  t.is(a, b);
  t.true(a.includes('<ram:ActualAmount>4.85</ram:ActualAmount><ram:ReasonCode>95</ram:ReasonCode>'));
  t.true(a.includes('<ram:DuePayableAmount>83.30</ram:DuePayableAmount>'), 'payable (74.85 − 4.85) × 1.19');
});

test('credit note e-invoice: file names, the Factur-X XML for the PDF, and none for an invoice without e-invoice', (t) => {
  const items = [{ quantity: '1', price: '10', tax_rate: '19' }];
  t.is(noteXml('factur-x', {}, items).file.filename, 'factur-x.xml');
  t.is(noteXml('xrechnung', {}, items).file.filename, 'CN-ws_einvoice-202612-1-xrechnung.xml');
  t.is(noteXml('peppol', {}, items).file.filename, 'CN-ws_einvoice-202612-1-peppol.xml');

  const facturX = invoice('factur-x');
  const note = creditNoteOf('EUR', items);
  t.is(
    creditNoteFacturX(facturX.doc, note, facturX.name, facturX.account, BASE_URL),
    creditNoteEInvoice(facturX.doc, note, facturX.name, facturX.account, BASE_URL)!.xml,
  );
  const ubl = invoice('xrechnung');
  t.is(creditNoteFacturX(ubl.doc, note, ubl.name, ubl.account, BASE_URL), null, 'a UBL invoice: no XML in the PDF');
  const plain = { ...facturX.doc, e_invoice: null };
  t.is(creditNoteEInvoice(plain, note, facturX.name, facturX.account, BASE_URL), null);
  t.is(creditNoteFacturX(plain, note, facturX.name, facturX.account, BASE_URL), null);
  t.deepEqual(creditNoteEInvoiceProblems(plain, [{ effective_tax_rate: '0', tax_category: 'S' }]), []);
});

test('credit note e-invoice: figures that do not add up are an internal error, not a wrong XML', (t) => {
  const { doc, account, name } = invoice('peppol');
  const note = creditNoteOf('EUR', [{ quantity: '1', price: '10', tax_rate: '19' }]);
  const error = t.throws(() => creditNoteEInvoice(doc, { ...note, amount: '11.91' }, name, account, BASE_URL));
  t.like(error, { kind: 'internal', message: 'e-invoice: subtotal − discount_total + tax_amount ≠ amount' });
});

test("credit note e-invoice requirements: the note's lines are checked as a generate's, against the invoice's format", (t) => {
  const cases: {
    name: string;
    format: (typeof formats)[number];
    c?: EInvoiceCase;
    items: EInvoiceItem[];
    paths: string[];
  }[] = [
    {
      name: 'a standard-rated line',
      format: 'xrechnung',
      items: [{ quantity: '1', price: '10', tax_rate: '19' }],
      paths: [],
    },
    {
      name: 'S with a rate of 0',
      format: 'peppol',
      items: [{ quantity: '1', price: '10', tax_rate: '0', tax_category: 'S' }],
      paths: ['body.items[0].tax_category'],
    },
    {
      name: 'exempt without a reason',
      format: 'factur-x',
      items: [
        { quantity: '1', price: '10', tax_rate: '19' },
        { quantity: '1', price: '10', tax_rate: '0', tax_category: 'E' },
      ],
      paths: ['body.items[1].tax_exemption_reason'],
    },
    {
      name: 'reverse charge with a rate',
      format: 'xrechnung',
      items: [
        { quantity: '1', price: '10', tax_rate: '19', tax_category: 'AE', tax_exemption_reason: 'Reverse charge' },
      ],
      paths: ['body.items[0].tax_category'],
    },
    {
      name: 'a line of the invoice category O',
      format: 'factur-x',
      c: {
        items: [{ quantity: '1', price: '10', tax_rate: '0' }],
        invoice: { tax_category: 'O', tax_exemption_reason: 'Nicht steuerbar' },
      },
      items: [{ quantity: '1', price: '10', tax_rate: '0' }],
      paths: [],
    },
    {
      name: 'S mixed into an O invoice',
      format: 'factur-x',
      c: {
        items: [{ quantity: '1', price: '10', tax_rate: '0' }],
        invoice: { tax_category: 'O', tax_exemption_reason: 'Nicht steuerbar' },
      },
      items: [
        { quantity: '1', price: '10', tax_rate: '0' },
        { quantity: '1', price: '10', tax_rate: '19', tax_category: 'S' },
      ],
      paths: ['body.tax_category'],
    },
  ];
  for (const c of cases) {
    const { doc } = invoice(c.format, c.c);
    const lines = creditNoteOf(doc.currency, c.items, { tax_rate: doc.tax_rate }).items;
    t.deepEqual(
      creditNoteEInvoiceProblems(doc, lines).map((p) => p.path),
      c.paths,
      c.name,
    );
  }
});

test('an invoice e-invoice is unchanged by credit notes: type 380, its due date, no reference to a preceding invoice', (t) => {
  for (const format of formats) {
    const { xml } = eInvoiceXml(eInvoiceInput({ format }));
    t.false(/InvoiceReferencedDocument|BillingReference|CreditNote/.test(xml), format);
    t.true(
      format === 'factur-x'
        ? xml.includes('<ram:TypeCode>380</ram:TypeCode>')
        : xml.includes('<cbc:InvoiceTypeCode>380<'),
      format,
    );
    t.true(
      xml.includes(format === 'factur-x' ? '<ram:DueDateDateTime>' : '<cbc:DueDate>2026-12-09</cbc:DueDate>'),
      format,
    );
  }
});
