import { newKeyring, SecretBox, SecretBoxError } from '@invoice-platform/common/secret-box';
import { createLogger } from '@invoice-platform/common/logger';
import test, { type ExecutionContext } from 'ava';
import type { Connection } from 'mongoose';
import { newSecret } from '../../src/domain/signing.ts';
import { resealV1Migration, resealV1Secrets } from '../../src/service/secret-reseal.ts';
import { EndpointStore } from '../../src/store/endpoints.ts';
import type { EndpointFields } from '../../src/domain/endpoints.ts';
import type { Models } from '../../src/store/models.ts';
import { sealV1 } from '@invoice-platform/test-support/sealed-v1';
import { endpointFields, openTestDatabase } from './helpers.ts';

// The endpoint store on the real database (FerretDB): what lands on disk is ciphertext only, bound
// to its workspace, endpoint and field; secrets stored in the unbound v1 format are re-sealed bound
// once, before the service reads an endpoint.

let conn: Connection;
let models: Models;

test.before(async () => {
  ({ conn, models } = await openTestDatabase('webhook_sealed'));
});

test.after.always(async () => {
  await conn?.db?.dropDatabase().catch(() => undefined);
  await conn?.close();
});

const ws = 'WSSEALED01';

/** Every document of the collection endpoints are stored in, as raw JSON text. */
async function onDisk(): Promise<string> {
  return JSON.stringify(await conn.db!.collection('settings').find({}).toArray());
}

/** The endpoint as stored, read past the store. */
async function raw(id: string): Promise<Record<string, unknown>> {
  const settings = await conn.db!.collection('settings').findOne({ _id: ws as never });
  return (settings!.endpoints as Record<string, unknown>[]).find((e) => e.id === id)!;
}

async function newEndpoint(store: EndpointStore, secret: string) {
  return (await store.add(ws, endpointFields('https://hooks.example.com/in', secret), 5))!;
}

test.serial(
  'endpoint store: secrets are sealed on disk, in the clear for the service, through a rotation',
  async (t) => {
    const store = new EndpointStore(models, new SecretBox(newKeyring('k1')));
    const first = newSecret();
    const created = await newEndpoint(store, first);
    t.is((await store.load(ws, created.id))!.secret, first);

    const second = newSecret();
    await store.change(ws, created.id, () => ({
      secret: second,
      previous_secret: first,
      previous_secret_expires_at: new Date(),
    }));
    const loaded = (await store.load(ws, created.id))!;
    t.is(loaded.secret, second);
    t.is(loaded.previous_secret, first);
    t.deepEqual(
      (await store.list(ws)).map((e) => [e.secret, e.previous_secret]),
      [[second, first]],
    );

    const disk = await onDisk();
    for (const s of [first, second]) t.false(disk.includes(s.slice('whsec_'.length)), 'no secret on disk');
    t.regex(disk, /sealed:v2:k1:/);
    const stored = await raw(created.id);
    t.regex(String(stored.secret), /^sealed:v2:k1:/);
    t.regex(String(stored.previous_secret), /^sealed:v2:k1:/);
  },
);

test.serial(
  'endpoint store: after a key rotation old secrets still open, and a change re-seals with the new key',
  async (t) => {
    const oldRing = newKeyring('old');
    const before = new EndpointStore(models, new SecretBox(oldRing));
    const secret = newSecret();
    const created = await newEndpoint(before, secret);

    const rotated = new EndpointStore(models, new SecretBox(`${newKeyring('new')},${oldRing}`));
    const loaded = (await rotated.load(ws, created.id))!;
    t.is(loaded.secret, secret);
    await rotated.change(ws, created.id, () => ({ description: 'touched' }));
    t.regex(String((await raw(created.id)).secret), /^sealed:v2:new:/);
    t.is((await rotated.load(ws, created.id))!.secret, secret);
  },
);

test.serial('endpoint store: the wrong key is an error naming the key, never a wrong secret', async (t) => {
  const created = await newEndpoint(new EndpointStore(models, new SecretBox(newKeyring('k9'))), newSecret());
  const other = new EndpointStore(models, new SecretBox(newKeyring('k9')));
  const err = await t.throwsAsync(other.load(ws, created.id));
  t.true(err instanceof SecretBoxError);
  t.regex(err!.message, /key "k9"/);
});

/** Sets a stored secret field of an endpoint in place, past the store, as someone writing the database could. */
async function writeSecret(c: Connection, workspaceId: string, endpointId: string, field: string, value: string) {
  const settings = await c.db!.collection('settings').findOne({ _id: workspaceId as never });
  const endpoints = (settings!.endpoints as Record<string, unknown>[]).map((e) =>
    e.id === endpointId ? { ...e, [field]: value } : e,
  );
  await c.db!.collection('settings').updateOne({ _id: workspaceId as never }, { $set: { endpoints } });
}

async function storedSecret(c: Connection, workspaceId: string, endpointId: string, field = 'secret') {
  const settings = await c.db!.collection('settings').findOne({ _id: workspaceId as never });
  return String((settings!.endpoints as Record<string, unknown>[]).find((e) => e.id === endpointId)![field]);
}

test.serial(
  'endpoint store: sealed secrets swapped between two workspaces in the database open for neither',
  async (t) => {
    const store = new EndpointStore(models, new SecretBox(newKeyring('k1')));
    const [wsA, wsB] = ['WSSWAPAA01', 'WSSWAPBB02'];
    const a = (await store.add(wsA, endpointFields('https://a.example.com/in'), 5))!;
    const b = (await store.add(wsB, endpointFields('https://b.example.com/in'), 5))!;
    const [sealedA, sealedB] = [await storedSecret(conn, wsA, a.id), await storedSecret(conn, wsB, b.id)];
    await writeSecret(conn, wsA, a.id, 'secret', sealedB);
    await writeSecret(conn, wsB, b.id, 'secret', sealedA);

    for (const [ws, id, other] of [
      [wsA, a.id, b.secret],
      [wsB, b.id, a.secret],
    ] as const) {
      const err = await t.throwsAsync(store.load(ws, id));
      t.true(err instanceof SecretBoxError, String(err));
      t.regex(err!.message, /does not open with key "k1"/);
      t.false(err!.message.includes(other));
    }
    await writeSecret(conn, wsA, a.id, 'secret', sealedA);
    await writeSecret(conn, wsB, b.id, 'secret', sealedB);
    t.is((await store.load(wsA, a.id))!.secret, a.secret);
    t.is((await store.load(wsB, b.id))!.secret, b.secret);
  },
);

test.serial(
  'endpoint store: a sealed secret moved to another endpoint of the workspace, or from previous to current, does not open',
  async (t) => {
    const store = new EndpointStore(models, new SecretBox(newKeyring('k1')));
    const first = await newEndpoint(store, newSecret());
    const second = await newEndpoint(store, newSecret());
    await writeSecret(conn, ws, second.id, 'secret', await storedSecret(conn, ws, first.id));
    await t.throwsAsync(store.load(ws, second.id), { instanceOf: SecretBoxError });

    const retired = newSecret();
    await store.change(ws, first.id, () => ({
      secret: newSecret(),
      previous_secret: retired,
      previous_secret_expires_at: new Date(),
    }));
    await writeSecret(conn, ws, first.id, 'secret', await storedSecret(conn, ws, first.id, 'previous_secret'));
    await t.throwsAsync(store.load(ws, first.id), { instanceOf: SecretBoxError });
  },
);

const silent = createLogger('webhook-test', 'silent');

/** A database of its own: the re-seal is recorded as done once per database. */
async function separateDatabase(t: ExecutionContext) {
  const db = await openTestDatabase('webhook_reseal');
  t.teardown(async () => {
    await db.conn.db!.dropDatabase().catch(() => undefined);
    await db.conn.close();
  });
  return db;
}

/** A workspace's endpoint as the v1 code stored it (secrets sealed unbound), written past the store. */
async function insertV1Endpoint(c: Connection, keyring: string, workspaceId: string, endpoint: EndpointFields) {
  const stored = {
    ...endpoint,
    secret: sealV1(keyring, endpoint.secret),
    previous_secret: endpoint.previous_secret ? sealV1(keyring, endpoint.previous_secret) : null,
  };
  await c
    .db!.collection('settings')
    .updateOne(
      { _id: workspaceId as never },
      { $push: { endpoints: stored as never }, $setOnInsert: { version: 1, stats: {}, created_at: new Date() } },
      { upsert: true },
    );
}

test('re-seal: v1 secrets are re-sealed bound to their endpoint once, and open after it', async (t) => {
  const { conn: c, models: m } = await separateDatabase(t);
  const keyring = newKeyring('k1');
  const store = new EndpointStore(m, new SecretBox(keyring));
  const rotating = { ...endpointFields('https://a.example.com/in'), previous_secret: newSecret() };
  rotating.previous_secret_expires_at = new Date(Date.now() + 3_600_000);
  const plain = endpointFields('https://b.example.com/in');
  await insertV1Endpoint(c, keyring, 'WSRESEAL01', rotating);
  await insertV1Endpoint(c, keyring, 'WSRESEAL01', plain);
  const other = endpointFields('https://c.example.com/in');
  await insertV1Endpoint(c, keyring, 'WSRESEAL02', other);
  const v1Other = await storedSecret(c, 'WSRESEAL02', other.id);

  // Before the re-seal, opening refuses v1: the service awaits the re-seal before reading endpoints.
  const before = await t.throwsAsync(store.load('WSRESEAL01', plain.id), { instanceOf: SecretBoxError });
  t.regex(before!.message, /key "k1" is in the unbound v1 format/);

  await resealV1Secrets({ endpoints: store, now: new Date(), log: silent });
  t.truthy(await m.Migration.findById(resealV1Migration).lean().exec());
  for (const [wsId, id, field] of [
    ['WSRESEAL01', rotating.id, 'secret'],
    ['WSRESEAL01', rotating.id, 'previous_secret'],
    ['WSRESEAL01', plain.id, 'secret'],
    ['WSRESEAL02', other.id, 'secret'],
  ] as const) {
    t.regex(await storedSecret(c, wsId, id, field), /^sealed:v2:k1:/, `${id} ${field}`);
  }
  const loaded = (await store.load('WSRESEAL01', rotating.id))!;
  t.is(loaded.secret, rotating.secret);
  t.is(loaded.previous_secret, rotating.previous_secret);
  t.is((await store.load('WSRESEAL01', plain.id))!.secret, plain.secret);
  t.deepEqual(
    (await store.list('WSRESEAL02')).map((e) => e.secret),
    [other.secret],
  );

  // A v1 secret written after the re-seal (another workspace's old one, planted) is refused, and a
  // later start does not re-seal it into the endpoint it was planted in.
  await writeSecret(c, 'WSRESEAL01', plain.id, 'secret', v1Other);
  await resealV1Secrets({ endpoints: store, now: new Date(), log: silent });
  t.is(await storedSecret(c, 'WSRESEAL01', plain.id), v1Other);
  const planted = await t.throwsAsync(store.load('WSRESEAL01', plain.id), { instanceOf: SecretBoxError });
  t.regex(planted!.message, /unbound v1 format/);
  t.false(planted!.message.includes(other.secret));
});

test('re-seal: replicas at once re-seal each secret once; one that does not open is left and reported', async (t) => {
  const { conn: c, models: m } = await separateDatabase(t);
  const oldRing = newKeyring('old');
  const ring = `${newKeyring('new')},${oldRing}`;
  const endpoints = Array.from({ length: 8 }, (_, i) => ({
    ws: `WSRACE${String(i % 4).padStart(4, '0')}`,
    fields: endpointFields(`https://h${i}.example.com/in`),
  }));
  for (const { ws: wsId, fields } of endpoints) await insertV1Endpoint(c, oldRing, wsId, fields);
  const lost = endpointFields('https://lost.example.com/in');
  await insertV1Endpoint(c, newKeyring('gone'), 'WSRACE0000', lost);

  const replicas = [new EndpointStore(m, new SecretBox(ring)), new EndpointStore(m, new SecretBox(ring))];
  const reports = await Promise.all(replicas.map((r) => r.resealV1Secrets()));
  t.is(
    reports.reduce((sum, r) => sum + r.resealed, 0),
    endpoints.length,
    'each secret re-sealed by one replica',
  );
  const unopened = reports.flatMap((r) => r.unopened);
  t.true(unopened.length >= 1);
  t.true(unopened.every((u) => u.endpoint_id === lost.id && /no key "gone"/.test(u.reason)));

  for (const { ws: wsId, fields } of endpoints) {
    t.regex(await storedSecret(c, wsId, fields.id), /^sealed:v2:new:/);
    t.is((await replicas[0]!.load(wsId, fields.id))!.secret, fields.secret);
  }
  t.regex(await storedSecret(c, 'WSRACE0000', lost.id), /^sealed:v1:gone:/);
});
