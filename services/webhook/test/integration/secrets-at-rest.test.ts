import { newKeyring, SecretBox, SecretBoxError } from '@invoice-platform/common/secret-box';
import test from 'ava';
import type { Connection } from 'mongoose';
import { newSecret } from '../../src/domain/signing.ts';
import { EndpointStore } from '../../src/store/endpoints.ts';
import type { Models } from '../../src/store/models.ts';
import { endpointFields, openTestDatabase } from './helpers.ts';

// The endpoint store on the real database (FerretDB): what lands on disk is ciphertext only.

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
    t.regex(disk, /sealed:v1:k1:/);
    const stored = await raw(created.id);
    t.regex(String(stored.secret), /^sealed:v1:k1:/);
    t.regex(String(stored.previous_secret), /^sealed:v1:k1:/);
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
    t.regex(String((await raw(created.id)).secret), /^sealed:v1:new:/);
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
