import { LegalProfile as LegalProfileSchema } from '@invoice-platform/common/contracts/e-invoice';
import { fromMessage } from '@invoice-platform/common/contracts/json';
import { loadService } from '@invoice-platform/common/grpc/protos';
import type { SetLegalProfileRequest__Output } from '@invoice-platform/protos/invoiceplatform/accounts/v1/SetLegalProfileRequest';
import test from 'ava';
import { type LegalProfile, legalProfileErrors } from '../../src/domain/legal-profile.ts';

const full: LegalProfile = {
  legal_name: 'Muster GmbH',
  trading_name: 'Muster',
  vat_id: 'DE123456789',
  tax_registration_id: '201/113/40209',
  address: {
    line1: 'Hauptstraße 1',
    line2: 'Hinterhaus',
    city: 'Berlin',
    postal_code: '10115',
    region: 'BE',
    country: 'DE',
  },
  electronic_address: { scheme: '9930', id: 'DE123456789' },
  contact: { name: 'Buchhaltung', email: 'rechnung@muster.de', phone: '+49 30 123456' },
  e_invoice_payment_link: true,
};

const cases: [title: string, profile: unknown, errors: string[]][] = [
  ['every field', full, []],
  ['only the legal name', { legal_name: 'Muster GmbH' }, []],
  ['an empty contact', { legal_name: 'Muster GmbH', contact: {} }, []],
  ['EM scheme', { legal_name: 'M', electronic_address: { scheme: 'EM', id: 'a@b.de' } }, []],
  ['not an object', 'Muster', ['body must be an object']],
  ['null', null, ['body must be an object']],
  ['no legal name: one message, not two', {}, ['body.legal_name is required']],
  ['empty legal name', { legal_name: '' }, ['body.legal_name must not be empty']],
  ['a number for a name', { legal_name: 7 }, ['body.legal_name must be a string']],
  ['too long', { legal_name: 'x'.repeat(201) }, ['body.legal_name must be at most 200 characters']],
  ['unknown key', { legal_name: 'M', iban: 'DE89' }, ['body.iban is not allowed']],
  [
    'lower-case country',
    { legal_name: 'M', address: { ...full.address, country: 'de' } },
    ['body.address.country must be an ISO 3166-1 alpha-2 country code in upper case, e.g. DE'],
  ],
  [
    '3-letter country',
    { legal_name: 'M', address: { ...full.address, country: 'DEU' } },
    ['body.address.country must be an ISO 3166-1 alpha-2 country code in upper case, e.g. DE'],
  ],
  [
    'VAT id without its country prefix',
    { legal_name: 'M', vat_id: '123456789' },
    ['body.vat_id must be a VAT identifier with its 2-letter country prefix in upper case, e.g. DE123456789'],
  ],
  [
    'address without city and postal code, an unknown key in it',
    { legal_name: 'M', address: { line1: 'Hauptstraße 1', country: 'DE', street: 'x' } },
    ['body.address.city is required', 'body.address.postal_code is required', 'body.address.street is not allowed'],
  ],
  [
    'bad scheme, no id',
    { legal_name: 'M', electronic_address: { scheme: '99-30' } },
    [
      'body.electronic_address.id is required',
      'body.electronic_address.scheme must be an EAS scheme code: 2 to 4 digits or upper-case letters, e.g. 9930 or EM',
    ],
  ],
  [
    'email that is not one',
    { legal_name: 'M', contact: { email: 'rechnung at muster.de' } },
    ['body.contact.email must be a valid email address'],
  ],
  ['an address that is text', { legal_name: 'M', address: 'Berlin' }, ['body.address must be an object']],
  ['the payment link opted out', { legal_name: 'M', e_invoice_payment_link: false }, []],
  [
    'a payment link opt-in that is text',
    { legal_name: 'M', e_invoice_payment_link: 'yes' },
    ['body.e_invoice_payment_link must be true or false'],
  ],
];

for (const [title, profile, expected] of cases) {
  test(`legalProfileErrors: ${title}`, (t) => {
    t.deepEqual(
      legalProfileErrors(profile)
        .map((e) => `${e.path} ${e.message}`)
        .sort(),
      [...expected].sort(),
    );
  });
}

test('legalProfileErrors: paths under the root given', (t) => {
  t.deepEqual(legalProfileErrors({ legal_name: '' }, 'profile'), [
    { path: 'profile.legal_name', message: 'must not be empty' },
  ]);
});

// The gRPC handler maps accounts.v1.LegalProfile to the schema's JSON (contracts/json.ts), whose
// types check only the top level: a property of a part without its proto field would be lost on
// the wire, so each profile goes through the RPC's own encoding and must come back whole.
const { definition } = loadService(
  'invoiceplatform/accounts/v1/accounts.proto',
  'invoiceplatform.accounts.v1.AccountsService',
);
const method = definition.SetLegalProfile!;
const overTheWire = (profile: LegalProfile) => {
  const decoded = method.requestDeserialize(
    method.requestSerialize({ workspace_id: 'WS1', profile }),
  ) as SetLegalProfileRequest__Output;
  return fromMessage(LegalProfileSchema, decoded.profile!);
};

test('accounts.v1 carries every field of the LegalProfile schema, and leaves unset ones out', (t) => {
  t.deepEqual(overTheWire(full), full);
  for (const profile of [
    { legal_name: 'Muster GmbH' },
    { legal_name: 'M', contact: {} },
    { legal_name: 'M', address: { line1: 'a', city: 'b', postal_code: 'c', country: 'DE' } },
    { legal_name: 'M', e_invoice_payment_link: false },
  ])
    t.deepEqual(overTheWire(profile), profile);
});
