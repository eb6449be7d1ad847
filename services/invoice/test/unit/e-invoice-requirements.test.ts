import test from 'ava';
import type { LegalProfile } from '@invoice-platform/common/contracts/e-invoice';
import { type EInvoiceCase, eInvoiceInput, germanSeller } from '@invoice-platform/test-support/e-invoice';
import { eInvoiceProblems } from '../../src/domain/e-invoice/requirements.ts';

const formats = ['factur-x', 'xrechnung', 'peppol'] as const;
const paths = (c: EInvoiceCase) => eInvoiceProblems(eInvoiceInput(c)).map((p) => p.path);
const item = (fields: Record<string, string>) => ({ description: 'Posten', quantity: '1', price: '100', ...fields });
const frenchBuyer = {
  customer_name: 'Société Exemple',
  customer_tax_id: 'FR40303265045',
  customer_address: { line1: '1 rue de la Paix', city: 'Paris', postal_code: '75002', country: 'FR' },
  customer_electronic_address: { scheme: '0009', id: '30326504500014' },
};
const dutch: LegalProfile = {
  ...germanSeller,
  vat_id: 'NL123456789B01',
  address: { line1: 'Damrak 1', city: 'Amsterdam', postal_code: '1012 LG', country: 'NL' },
  electronic_address: { scheme: '0106', id: '12345678' },
};

test('the complete German B2B invoice passes every format', (t) => {
  for (const format of formats) t.deepEqual(paths({ format }), [], format);
});

test('without a legal profile, each seller field a format needs is named, with how to set it', (t) => {
  t.deepEqual(paths({ format: 'factur-x', profile: null }), [
    'workspace.legal_profile.legal_name',
    'workspace.legal_profile.address',
    'workspace.legal_profile.vat_id',
  ]);
  t.deepEqual(paths({ format: 'xrechnung', profile: null }), [
    'workspace.legal_profile.legal_name',
    'workspace.legal_profile.address',
    'workspace.legal_profile.vat_id',
    'workspace.legal_profile.electronic_address',
    'workspace.legal_profile.contact.name',
    'workspace.legal_profile.contact.phone',
    'workspace.legal_profile.contact.email',
  ]);
  for (const problem of eInvoiceProblems(eInvoiceInput({ format: 'xrechnung', profile: null })))
    t.regex(problem.message, /Set it with `invoicectl workspace set-profile`\.$/, problem.path);
});

test('XRechnung: every missing field of the request is named in one answer', (t) => {
  const problems = eInvoiceProblems(
    eInvoiceInput({
      format: 'xrechnung',
      invoice: { buyer_reference: null, customer_address: null, customer_electronic_address: null },
      payment: { account: null, url: null },
      items: [item({ tax_rate: '0', tax_category: 'E' })],
    }),
  );
  t.deepEqual(
    problems.map((p) => p.path),
    [
      'body.customer_address',
      'body.items[0].tax_exemption_reason',
      'body.customer_electronic_address',
      'body.buyer_reference',
      'body.payment_account',
    ],
  );
  t.regex(problems[0]!.message, /buyer's postal address/);
  t.regex(problems[3]!.message, /Leitweg-ID \(BR-DE-15\)/);
  t.regex(problems[4]!.message, /payment_account .* or a payment_gateway/);
});

const cases: [string, EInvoiceCase, string[]][] = [
  [
    'an address without a city',
    { invoice: { customer_address: { line1: 'Weg 1', city: ' ', postal_code: '1', country: 'DE' } } },
    ['body.customer_address.city'],
  ],
  [
    'the seller without a VAT id or tax registration',
    { profile: { ...germanSeller, vat_id: undefined, tax_registration_id: undefined } },
    ['workspace.legal_profile.vat_id'],
  ],
  ['the seller with a tax registration only', { profile: { ...germanSeller, vat_id: undefined } }, []],
  ['S at 0 %', { items: [item({ tax_rate: '0', tax_category: 'S' })] }, ['body.items[0].tax_category']],
  [
    'Z above 0 %',
    { items: [item({ tax_rate: '19' }), item({ tax_rate: '7', tax_category: 'Z' })] },
    ['body.items[1].tax_category'],
  ],
  [
    'the invoice category E on a line above 0 %',
    { invoice: { tax_category: 'E', tax_exemption_reason: 'Exempt' }, items: [item({ tax_rate: '19' })] },
    ['body.items[0].tax_category'],
  ],
  [
    'E without a reason',
    { items: [item({ tax_rate: '19' }), item({ tax_rate: '0' }), item({ tax_rate: '0', tax_category: 'E' })] },
    ['body.items[2].tax_exemption_reason'],
  ],
  [
    'E with the invoice reason',
    { invoice: { tax_exemption_reason: 'Exempt' }, items: [item({ tax_rate: '0', tax_category: 'E' })] },
    [],
  ],
  [
    'the invoice category AE without any reason',
    { invoice: { tax_category: 'AE' }, items: [item({ tax_rate: '0' })] },
    ['body.tax_exemption_reason'],
  ],
  [
    'two lines taking the invoice category E, without any reason: named once',
    { invoice: { tax_category: 'E' }, items: [item({ tax_rate: '0' }), item({ tax_rate: '0' })] },
    ['body.tax_exemption_reason'],
  ],
  [
    'AE without the buyer VAT id',
    {
      invoice: { customer_tax_id: null },
      items: [item({ tax_rate: '0', tax_category: 'AE', tax_exemption_reason: 'Reverse charge' })],
    },
    ['body.customer_tax_id'],
  ],
  [
    'AE with a local tax number',
    {
      invoice: { customer_tax_id: '01.234.567.8-901.000' },
      items: [item({ tax_rate: '0', tax_category: 'AE', tax_exemption_reason: 'Reverse charge' })],
    },
    ['body.customer_tax_id'],
  ],
  [
    'K with a seller without VAT id',
    {
      profile: { ...germanSeller, vat_id: undefined },
      invoice: frenchBuyer,
      items: [item({ tax_rate: '0', tax_category: 'K', tax_exemption_reason: 'Intra-community supply' })],
    },
    ['workspace.legal_profile.vat_id'],
  ],
  [
    'O next to another category',
    {
      items: [
        item({ tax_rate: '19' }),
        item({ tax_rate: '0', tax_category: 'O', tax_exemption_reason: 'Not subject' }),
      ],
    },
    ['body.items[1].tax_category'],
  ],
  [
    'O with a VAT id but no tax registration',
    {
      profile: { ...germanSeller, tax_registration_id: undefined },
      items: [item({ tax_rate: '0', tax_category: 'O', tax_exemption_reason: 'Not subject' })],
    },
    ['workspace.legal_profile.tax_registration_id'],
  ],
  ['a 3-decimal currency', { currency: 'KWD' }, ['body.currency']],
  ['a 4-decimal currency (CLF)', { currency: 'CLF' }, ['body.currency']],
  [
    'an electronic address scheme outside the EAS list',
    { invoice: { customer_electronic_address: { scheme: 'XX01', id: '1' } } },
    ['body.customer_electronic_address.scheme'],
  ],
];
for (const [title, c, expected] of cases) {
  test(`factur-x: ${title}`, (t) => t.deepEqual(paths({ ...c, format: 'factur-x' }), expected));
}

test('a currency with more than 2 decimals is refused in plain words, for every format', (t) => {
  for (const currency of ['KWD', 'BHD', 'JOD', 'OMR', 'TND', 'IQD', 'LYD']) {
    for (const format of formats) {
      const problems = eInvoiceProblems(eInvoiceInput({ format, currency, items: [item({ tax_rate: '5' })] }));
      t.deepEqual(problems, [
        {
          path: 'body.currency',
          message: `${currency} amounts have 3 decimals, but e-invoice amounts have at most 2 (EN 16931 BR-DEC), so a ${format} e-invoice cannot state them exactly`,
        },
      ]);
    }
  }
  for (const currency of ['IDR', 'JPY', 'EUR', 'USD']) t.deepEqual(paths({ currency }), [], currency);
});

const xrechnungCases: [string, EInvoiceCase, string[]][] = [
  ['no buyer reference', { invoice: { buyer_reference: null } }, ['body.buyer_reference']],
  [
    'no contact phone',
    { profile: { ...germanSeller, contact: { name: 'A', email: 'a@b.example' } } },
    ['workspace.legal_profile.contact.phone'],
  ],
  [
    'a phone of 2 digits',
    { profile: { ...germanSeller, contact: { ...germanSeller.contact, phone: '12' } } },
    ['workspace.legal_profile.contact.phone'],
  ],
  [
    'no seller electronic address',
    { profile: { ...germanSeller, electronic_address: undefined } },
    ['workspace.legal_profile.electronic_address'],
  ],
  ['no payment instructions', { payment: { account: null, url: null } }, ['body.payment_account']],
  ['an online payment page only', { payment: { account: null, url: 'https://pay.example/i/1' } }, []],
  [
    'an e-mail electronic address (EM)',
    { invoice: { customer_electronic_address: { scheme: 'EM', id: 'ap@buyer.example' } } },
    [],
  ],
];
for (const [title, c, expected] of xrechnungCases) {
  test(`xrechnung: ${title}`, (t) => t.deepEqual(paths({ ...c, format: 'xrechnung' }), expected));
}

const peppolCases: [string, EInvoiceCase, string[]][] = [
  [
    'an e-mail electronic address (EM)',
    { invoice: { customer_electronic_address: { scheme: 'EM', id: 'ap@buyer.example' } } },
    ['body.customer_electronic_address.scheme'],
  ],
  [
    'no buyer electronic address',
    { invoice: { customer_electronic_address: null } },
    ['body.customer_electronic_address'],
  ],
  [
    'a foreign buyer with an order reference only',
    { invoice: { ...frenchBuyer, buyer_reference: null, purchase_order_reference: 'PO-1' } },
    [],
  ],
  [
    'a foreign buyer with neither reference',
    { invoice: { ...frenchBuyer, buyer_reference: null } },
    ['body.buyer_reference'],
  ],
  [
    'German seller and buyer: the buyer reference even with an order reference',
    { invoice: { buyer_reference: null, purchase_order_reference: 'PO-1' } },
    ['body.buyer_reference'],
  ],
  [
    'German seller and buyer: the seller contact',
    { profile: { ...germanSeller, contact: undefined } },
    [
      'workspace.legal_profile.contact.name',
      'workspace.legal_profile.contact.phone',
      'workspace.legal_profile.contact.email',
    ],
  ],
  [
    'a foreign buyer: no seller contact needed',
    { invoice: frenchBuyer, profile: { ...germanSeller, contact: undefined } },
    [],
  ],
  [
    'a GLN with a wrong check digit',
    { invoice: { customer_electronic_address: { scheme: '0088', id: '4000000000007' } } },
    ['body.customer_electronic_address.id'],
  ],
  ['a valid GLN', { invoice: { customer_electronic_address: { scheme: '0088', id: '4000000000006' } } }, []],
  [
    'a Belgian enterprise number with a wrong check',
    { invoice: { customer_electronic_address: { scheme: '0208', id: '0123456748' } } },
    ['body.customer_electronic_address.id'],
  ],
  [
    'a valid Belgian enterprise number',
    { invoice: { customer_electronic_address: { scheme: '0208', id: '0123456749' } } },
    [],
  ],
  [
    'a Dutch seller and buyer paid online only',
    {
      profile: dutch,
      invoice: {
        customer_address: { line1: 'Kalverstraat 2', city: 'Amsterdam', postal_code: '1012 PC', country: 'NL' },
      },
      payment: { account: null, url: 'https://pay.example/i/1' },
    },
    ['body.payment_account'],
  ],
  [
    'a Dutch seller, a German buyer, paid online only',
    { profile: dutch, payment: { account: null, url: 'https://pay.example/i/1' } },
    [],
  ],
  [
    'a Dutch seller without payment instructions',
    { profile: dutch, payment: { account: null, url: null } },
    ['body.payment_account'],
  ],
];
for (const [title, c, expected] of peppolCases) {
  test(`peppol: ${title}`, (t) => t.deepEqual(paths({ ...c, format: 'peppol' }), expected));
}
