import { newKeyring, SecretBoxError } from '@invoice-platform/common/secret-box';
import test, { type ExecutionContext } from 'ava';
import { resealV1Migration } from '../../src/service/payment-setup.ts';
import { sealV1 } from '@invoice-platform/test-support/sealed-v1';
import { call, handlersOver, openTestDatabase } from './helpers.ts';

// Sealed credentials are bound to their connection (workspace and provider) on the real
// MongoDB-wire server: someone who can write the database cannot move them between records, and
// records stored in the unbound v1 format are re-sealed bound once, before the service serves.

type Db = Awaited<ReturnType<typeof openTestDatabase>>;

let counter = 0;
const secret = (label: string) => `${label}_${process.pid}_${++counter}_${Math.random().toString(36).slice(2)}`;
const stripeCredentials = () => ({ secret_key: secret('sk_test'), webhook_secret: secret('whsec') });

/** A database of its own per test: the re-seal is recorded as done once per database. */
async function withDatabase(t: ExecutionContext, keyring: string) {
  const db = await openTestDatabase('accounts_sealed');
  t.teardown(() => db.drop());
  return { db, ...handlersOver(db.models, keyring) };
}

const newWorkspace = async (handlers: Record<string, unknown>) =>
  (await call<{ id: string }>(handlers, 'CreateWorkspace', { name: 'Seal Co', plan: 'business', time_zone: 'UTC' })).id;
const connect = (handlers: Record<string, unknown>, ws: string, provider: string, credentials: object) =>
  call(handlers, 'ConnectPaymentGateway', { workspace_id: ws, provider, mode: 'sandbox', credentials });
const open = (handlers: Record<string, unknown>, ws: string, provider: string) =>
  call<{ credentials: Record<string, string> }>(handlers, 'GetPaymentGatewayCredentials', {
    workspace_id: ws,
    provider,
  });

const gateways = (db: Db) => db.conn.db!.collection<{ _id: string } & Record<string, unknown>>('payment_gateways');
const storedCredentials = async (db: Db, ws: string, provider: string) =>
  String((await gateways(db).findOne({ _id: `pgw_${ws}_${provider}` }))!.credentials);
const writeCredentials = (db: Db, ws: string, provider: string, credentials: string) =>
  gateways(db).updateOne({ _id: `pgw_${ws}_${provider}` }, { $set: { credentials } });

/** A connection as the v1 code stored it, written past the store. */
async function insertV1Connection(db: Db, keyring: string, ws: string, provider: string, credentials: object) {
  const now = new Date();
  await gateways(db).insertOne({
    _id: `pgw_${ws}_${provider}`,
    workspace_id: ws,
    provider,
    mode: 'sandbox',
    credentials: sealV1(keyring, JSON.stringify(credentials)),
    credential_fields: Object.keys(credentials),
    connected_at: now,
    updated_at: now,
  });
}

test('sealed credentials swapped between two workspaces in the database open for neither', async (t) => {
  const keyring = newKeyring('k1');
  const { db, handlers } = await withDatabase(t, keyring);
  const [a, b] = [await newWorkspace(handlers), await newWorkspace(handlers)];
  const [credsA, credsB] = [stripeCredentials(), stripeCredentials()];
  await connect(handlers, a, 'stripe', credsA);
  await connect(handlers, b, 'stripe', credsB);
  t.deepEqual((await open(handlers, a, 'stripe')).credentials, credsA);

  const [sealedA, sealedB] = [await storedCredentials(db, a, 'stripe'), await storedCredentials(db, b, 'stripe')];
  await writeCredentials(db, a, 'stripe', sealedB);
  await writeCredentials(db, b, 'stripe', sealedA);

  for (const [ws, other] of [
    [a, credsB],
    [b, credsA],
  ] as const) {
    const err = await t.throwsAsync(open(handlers, ws, 'stripe'));
    t.true(err instanceof SecretBoxError, String(err));
    t.regex(err!.message, /does not open with key "k1"/);
    for (const value of Object.values(other)) t.false(err!.message.includes(value), 'no value in the error');
  }

  // Put back, each opens again: the refusal was the binding, not damage.
  await writeCredentials(db, a, 'stripe', sealedA);
  await writeCredentials(db, b, 'stripe', sealedB);
  t.deepEqual((await open(handlers, a, 'stripe')).credentials, credsA);
  t.deepEqual((await open(handlers, b, 'stripe')).credentials, credsB);
});

test('sealed credentials copied to another provider of the same workspace do not open there', async (t) => {
  const { db, handlers } = await withDatabase(t, newKeyring('k1'));
  const ws = await newWorkspace(handlers);
  await connect(handlers, ws, 'stripe', stripeCredentials());
  await connect(handlers, ws, 'mollie', { api_key: secret('live') });
  await writeCredentials(db, ws, 'mollie', await storedCredentials(db, ws, 'stripe'));
  await t.throwsAsync(open(handlers, ws, 'mollie'), { instanceOf: SecretBoxError });
});

test('the re-seal binds v1 records to their connection, once; they open after it', async (t) => {
  const keyring = newKeyring('k1');
  const { db, handlers, payments } = await withDatabase(t, keyring);
  const [a, b] = [await newWorkspace(handlers), await newWorkspace(handlers)];
  const [credsA, credsB] = [stripeCredentials(), stripeCredentials()];
  await insertV1Connection(db, keyring, a, 'stripe', credsA);
  await insertV1Connection(db, keyring, b, 'stripe', credsB);
  const v1A = await storedCredentials(db, a, 'stripe');

  // Before the re-seal the open path refuses v1: the service awaits the re-seal before serving.
  const before = await t.throwsAsync(open(handlers, a, 'stripe'), { instanceOf: SecretBoxError });
  t.regex(before!.message, /key "k1" is in the unbound v1 format/);

  await payments.resealV1Credentials();
  t.regex(await storedCredentials(db, a, 'stripe'), /^sealed:v2:k1:/);
  t.regex(await storedCredentials(db, b, 'stripe'), /^sealed:v2:k1:/);
  t.deepEqual((await open(handlers, a, 'stripe')).credentials, credsA);
  t.deepEqual((await open(handlers, b, 'stripe')).credentials, credsB);
  t.truthy(await db.models.Migration.findById(resealV1Migration).lean().exec());

  // Bound now: swapped, neither opens.
  const [sealedA, sealedB] = [await storedCredentials(db, a, 'stripe'), await storedCredentials(db, b, 'stripe')];
  await writeCredentials(db, a, 'stripe', sealedB);
  await writeCredentials(db, b, 'stripe', sealedA);
  await t.throwsAsync(open(handlers, a, 'stripe'), { instanceOf: SecretBoxError });
  await t.throwsAsync(open(handlers, b, 'stripe'), { instanceOf: SecretBoxError });

  // A v1 text written after the re-seal (here A's old one, planted in B's record) is refused, and
  // a later start does not re-seal it into the record it was planted in.
  await writeCredentials(db, b, 'stripe', v1A);
  await payments.resealV1Credentials();
  t.is(await storedCredentials(db, b, 'stripe'), v1A);
  const planted = await t.throwsAsync(open(handlers, b, 'stripe'), { instanceOf: SecretBoxError });
  t.regex(planted!.message, /unbound v1 format/);
  for (const value of Object.values(credsA)) t.false(planted!.message.includes(value));
});

test('the re-seal uses the first key of a rotated ring; a v1 record that does not open is left and reported', async (t) => {
  const oldRing = newKeyring('old');
  const rotated = `${newKeyring('new')},${oldRing}`;
  const { db, handlers, stores } = await withDatabase(t, rotated);
  const [a, b] = [await newWorkspace(handlers), await newWorkspace(handlers)];
  const credsA = stripeCredentials();
  await insertV1Connection(db, oldRing, a, 'stripe', credsA);
  // Sealed with a key no longer in the ring.
  await insertV1Connection(db, newKeyring('gone'), b, 'stripe', stripeCredentials());
  const brokenB = await storedCredentials(db, b, 'stripe');

  const report = await stores.gateways.resealV1Credentials();
  t.is(report.resealed, 1);
  t.deepEqual(
    report.unopened.map((u) => u.id),
    [`pgw_${b}_stripe`],
  );
  t.regex(report.unopened[0]!.reason, /no key "gone"/);
  t.regex(await storedCredentials(db, a, 'stripe'), /^sealed:v2:new:/);
  t.deepEqual((await open(handlers, a, 'stripe')).credentials, credsA);
  t.is(await storedCredentials(db, b, 'stripe'), brokenB);
  await t.throwsAsync(open(handlers, b, 'stripe'), { instanceOf: SecretBoxError });

  // Rotation goes on working after it: connecting again seals with the first key.
  const fresh = stripeCredentials();
  await connect(handlers, b, 'stripe', fresh);
  t.regex(await storedCredentials(db, b, 'stripe'), /^sealed:v2:new:/);
  t.deepEqual((await open(handlers, b, 'stripe')).credentials, fresh);
});

test('replicas re-sealing at once write each record once; connections replaced meanwhile keep their credentials', async (t) => {
  const keyring = newKeyring('k1');
  const { db, handlers } = await withDatabase(t, keyring);
  const replicas = [handlersOver(db.models, keyring), handlersOver(db.models, keyring)];
  const workspaces = await Promise.all(Array.from({ length: 12 }, () => newWorkspace(handlers)));
  const original = new Map(workspaces.map((ws) => [ws, stripeCredentials()]));
  for (const ws of workspaces) await insertV1Connection(db, keyring, ws, 'stripe', original.get(ws)!);

  // Half of them are connected again while both replicas re-seal.
  const replaced = new Map(workspaces.filter((_, i) => i % 2 === 0).map((ws) => [ws, stripeCredentials()]));
  const [first, second] = await Promise.all([
    replicas[0]!.stores.gateways.resealV1Credentials(),
    replicas[1]!.stores.gateways.resealV1Credentials(),
    ...[...replaced].map(([ws, creds]) => connect(handlers, ws, 'stripe', creds)),
  ]);
  const resealed = (first as { resealed: number }).resealed + (second as { resealed: number }).resealed;
  t.true(resealed <= workspaces.length, `each record re-sealed at most once (${resealed})`);
  t.true(resealed >= workspaces.length - replaced.size, `every record not replaced re-sealed (${resealed})`);

  for (const ws of workspaces) {
    t.regex(await storedCredentials(db, ws, 'stripe'), /^sealed:v2:k1:/);
    t.deepEqual((await open(handlers, ws, 'stripe')).credentials, replaced.get(ws) ?? original.get(ws));
  }
});
