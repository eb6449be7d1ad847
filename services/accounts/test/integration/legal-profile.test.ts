import { AppError } from '@invoice-platform/common/errors';
import test from 'ava';
import { call, openTestDatabase, parseOutbox } from './helpers.ts';

// The legal profile on the real MongoDB-wire server: stored whole, replaced whole, cleared, each
// change with its workspace.updated in the workspace's outbox; checked again by the service,
// whatever the caller (the admin API checks it first, so only these calls reach this check).

let db: Awaited<ReturnType<typeof openTestDatabase>>;

test.before(async () => {
  db = await openTestDatabase('accounts_legal_profile');
});
test.after.always(async () => {
  await db?.drop();
});

interface Ws {
  id: string;
  version: string;
  legal_profile?: Record<string, unknown> | null;
}

const profile = {
  legal_name: 'Muster GmbH',
  vat_id: 'DE123456789',
  address: { line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
  contact: { email: 'rechnung@muster.example' },
};
const newWorkspace = () =>
  call<Ws>(db.handlers, 'CreateWorkspace', { name: 'Muster', plan: 'professional', time_zone: 'Europe/Berlin' });
const setProfile = (id: string, request: object) =>
  call<Ws>(db.handlers, 'SetLegalProfile', { workspace_id: id, ...request });
const stored = async (id: string) => (await db.models.Workspace.findById(id).lean().exec())!;

test('set, replace and clear: stored as given, each a version and a workspace.updated', async (t) => {
  const ws = await newWorkspace();
  t.falsy(ws.legal_profile);
  const set = await setProfile(ws.id, { profile });
  t.deepEqual(set.legal_profile, profile);
  t.is(set.version, '2');
  t.deepEqual(JSON.parse(JSON.stringify((await stored(ws.id)).legal_profile)), profile, 'nothing added on disk');
  const got = await call<Ws>(db.handlers, 'GetWorkspace', { workspace_id: ws.id });
  t.deepEqual(got.legal_profile, profile);

  const replaced = await setProfile(ws.id, { profile: { legal_name: 'Muster AG' } });
  t.deepEqual(replaced.legal_profile, { legal_name: 'Muster AG' }, 'a replacement, not a merge');
  const cleared = await setProfile(ws.id, { clear: true });
  t.is(cleared.legal_profile, null);
  t.is(cleared.version, '4');

  const events = parseOutbox((await stored(ws.id)).outbox).slice(1);
  t.deepEqual(
    events.map((e) => [e.type, e.sequence]),
    [
      ['workspace.updated', 2],
      ['workspace.updated', 3],
      ['workspace.updated', 4],
    ],
  );
  for (const e of events) t.false('reason' in e.data, 'no plan lost: series do not pause');
});

test('a workspace stored before legal profiles existed has none, and can be given one', async (t) => {
  const ws = await newWorkspace();
  await db.conn.db!.collection('workspaces').updateOne({ _id: ws.id as never }, { $unset: { legal_profile: '' } });
  t.false('legal_profile' in (await stored(ws.id)));
  t.is((await call<Ws>(db.handlers, 'GetWorkspace', { workspace_id: ws.id })).legal_profile, null);
  t.deepEqual((await setProfile(ws.id, { profile })).legal_profile, profile);
});

test('the e-invoice payment link opt-in is stored with the profile and read back, off unless given', async (t) => {
  const ws = await newWorkspace();
  const optedIn = { ...profile, e_invoice_payment_link: true };
  t.deepEqual((await setProfile(ws.id, { profile: optedIn })).legal_profile, optedIn);
  t.deepEqual((await call<Ws>(db.handlers, 'GetWorkspace', { workspace_id: ws.id })).legal_profile, optedIn);
  t.is((await stored(ws.id)).legal_profile!.e_invoice_payment_link, true);
  // A replacement without it is opted out again: the profile is replaced whole.
  t.deepEqual((await setProfile(ws.id, { profile })).legal_profile, profile);
  t.false('e_invoice_payment_link' in (await stored(ws.id)).legal_profile!);
});

test('the service refuses a bad profile itself, naming each field; nothing is written', async (t) => {
  const ws = await newWorkspace();
  const refusals: [object, string[]][] = [
    [
      { profile: { legal_name: '', vat_id: '123', address: { ...profile.address, country: 'DEU' } } },
      [
        'body.address.country must be an ISO 3166-1 alpha-2 country code in upper case, e.g. DE',
        'body.legal_name must not be empty',
        'body.vat_id must be a VAT identifier with its 2-letter country prefix in upper case, e.g. DE123456789',
      ],
    ],
    [
      { profile: { legal_name: 'M', contact: { email: 'no address' } } },
      ['body.contact.email must be a valid email address'],
    ],
    [{}, ['body is required: the legal profile, or clear to remove it']],
    [{ profile, clear: true }, ['profile must not be given with clear']],
  ];
  for (const [request, expected] of refusals) {
    const err = await t.throwsAsync(setProfile(ws.id, request), { instanceOf: AppError });
    t.is(err!.kind, 'validation');
    const errors = (err!.details as { errors: { path: string; message: string }[] }).errors;
    t.deepEqual(errors.map((e) => `${e.path} ${e.message}`).sort(), expected);
  }
  const after = await stored(ws.id);
  t.is(after.version, 1);
  t.is(after.legal_profile, null);
  const unknown = await t.throwsAsync(setProfile('NOSUCHWS', { profile }), { instanceOf: AppError });
  t.is(unknown!.kind, 'not_found');
});
