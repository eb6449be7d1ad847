import { AppError } from '@invoice-platform/common/errors';
import test from 'ava';
import { type KeyPlaceCheck, newApiKey } from '../../src/domain/api-keys.ts';
import { defaultApiKeyLimits, newApiKeyRefusal, type Plan } from '../../src/domain/plans.ts';
import { workspaceEvent } from '../../src/domain/workspace-events.ts';
import { keyPlaceGraceMs } from '../../src/store/api-keys.ts';
import { call, openTestDatabase, parseOutbox } from './helpers.ts';

// API keys on the real MongoDB-wire server: the active-key limit under parallel creations and
// revocations, and what a crash between a key's two writes leaves behind.

let db: Awaited<ReturnType<typeof openTestDatabase>>;

test.before(async () => {
  db = await openTestDatabase('accounts_keys');
});
test.after.always(async () => {
  await db?.drop();
});

interface Key {
  id: string;
  revoked_at?: string;
  last_used_at?: string;
}

const newWorkspace = async (plan: Plan = 'professional') =>
  (await call<{ id: string }>(db.handlers, 'CreateWorkspace', { name: 'Keys Co', plan, time_zone: 'UTC' })).id;
const createKey = (workspaceId: string) =>
  call<{ api_key: Key; raw_key: string }>(db.handlers, 'CreateApiKey', { workspace_id: workspaceId, name: 'k' });
const revokeKey = (workspaceId: string, keyId: string) =>
  call<Key>(db.handlers, 'RevokeApiKey', { workspace_id: workspaceId, key_id: keyId });
const places = async (workspaceId: string) =>
  (await db.models.Workspace.findById(workspaceId).lean().exec())!.active_keys.map((p) => p.id).sort();
const keyDoc = async (keyId: string) => (await db.models.ApiKey.findById(keyId).lean().exec())!;

/** The plan rule the handler applies, for creating keys through the store at a chosen time. */
const planRule: KeyPlaceCheck = (ws, activeKeys) => {
  const refusal = newApiKeyRefusal(ws.plan as Plan, defaultApiKeyLimits[ws.plan as Plan], activeKeys);
  if (refusal) throw refusal;
};
function createKeyAt(workspaceId: string, at: Date) {
  const key = newApiKey();
  const event = workspaceEvent('api_key.created', workspaceId, 1, { workspace_id: workspaceId, key_id: key.keyId });
  return db.stores.apiKeys.create(
    { id: key.keyId, workspace_id: workspaceId, name: '', prefix: key.prefix, hash: key.hash },
    planRule,
    event,
    at,
  );
}

test('10 parallel creations on a limit of 3: exactly 3 succeed, each key with its one api_key.created', async (t) => {
  const ws = await newWorkspace('professional');
  const results = await Promise.allSettled(Array.from({ length: 10 }, () => createKey(ws)));
  const created = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.api_key.id] : []));
  t.is(created.length, 3);
  for (const r of results) {
    if (r.status === 'rejected') {
      t.true(AppError.isKind(r.reason, 'application'), String(r.reason));
      t.regex((r.reason as Error).message, /at most 3 active API keys/);
    }
  }
  t.deepEqual(await places(ws), [...created].sort());
  for (const id of created) {
    const events = parseOutbox((await keyDoc(id)).outbox);
    t.like(events, [{ topic: 'workspace.v1', key: ws, type: 'api_key.created', sequence: 1, workspace_id: ws }]);
    t.is(events.length, 1);
    t.deepEqual(events[0]!.data, { workspace_id: ws, key_id: id });
  }
  t.is(await db.models.ApiKey.countDocuments({ workspace_id: ws }).exec(), 3, 'no key document beyond the limit');
});

test('concurrent revocations of one key: one changes it, one api_key.revoked, one place freed once', async (t) => {
  const ws = await newWorkspace('professional');
  const keys = [await createKey(ws), await createKey(ws), await createKey(ws)].map((k) => k.api_key.id);
  const event = workspaceEvent('api_key.revoked', ws, 2, { workspace_id: ws, key_id: keys[0] });
  const results = await Promise.all(
    Array.from({ length: 6 }, () => {
      const at = new Date();
      return db.stores.apiKeys.revoke(ws, keys[0]!, event, at);
    }),
  );
  t.is(results.filter((r) => r.changed).length, 1);
  t.is(new Set(results.map((r) => r.key.revoked_at?.toISOString())).size, 1, 'every caller sees the one revocation');
  const events = parseOutbox((await keyDoc(keys[0]!)).outbox);
  t.deepEqual(
    events.map((e) => [e.type, e.sequence]),
    [
      ['api_key.created', 1],
      ['api_key.revoked', 2],
    ],
    'in order, in the key document',
  );
  t.deepEqual(await places(ws), [keys[1]!, keys[2]!].sort());

  const again = await Promise.allSettled([createKey(ws), createKey(ws), createKey(ws)]);
  t.is(again.filter((r) => r.status === 'fulfilled').length, 1, 'the freed place is taken once');
});

test('a revoked key is refused at once and keeps its last use; a use beside the revocation undoes nothing', async (t) => {
  const ws = await newWorkspace('business');
  const { api_key: key, raw_key: raw } = await createKey(ws);
  await call(db.handlers, 'AuthenticateApiKey', { raw_key: raw });
  const at = new Date();
  await Promise.all([
    ...Array.from({ length: 5 }, () => db.stores.apiKeys.recordUse(key.id, at)),
    revokeKey(ws, key.id),
    ...Array.from({ length: 5 }, () => db.stores.apiKeys.recordUse(key.id, at)),
  ]);
  const doc = await keyDoc(key.id);
  t.truthy(doc.revoked_at);
  t.deepEqual(doc.last_used_at, at);
  const err = await t.throwsAsync(call(db.handlers, 'AuthenticateApiKey', { raw_key: raw }));
  t.regex(err!.message, /revoked/);
  const listed = await call<{ api_keys: Key[] }>(db.handlers, 'ListApiKeys', {
    workspace_id: ws,
    include_revoked: true,
  });
  t.like(listed.api_keys, [{ id: key.id, last_used_at: at.toISOString(), revoked_at: doc.revoked_at!.toISOString() }]);
});

test('crash after taking a place, before the key document: the place is reclaimed after the grace period', async (t) => {
  const ws = await newWorkspace('professional');
  const t0 = new Date(Date.now() - 1000);
  await createKeyAt(ws, t0);
  await createKeyAt(ws, t0);
  // What a creator that stopped between its two writes leaves: a place and no key.
  const lost = newApiKey().keyId;
  await db.models.Workspace.updateOne(
    { _id: ws },
    { $push: { active_keys: { id: lost, at: t0 } }, $inc: { version: 1 } },
  );

  const soon = await t.throwsAsync(createKeyAt(ws, new Date(t0.getTime() + 1000)));
  t.regex(soon!.message, /at most 3/, 'within the grace period the place may still get its key');

  const later = await createKeyAt(ws, new Date(t0.getTime() + keyPlaceGraceMs));
  t.false((await places(ws)).includes(lost));
  t.true((await places(ws)).includes(later.id));
  t.is((await places(ws)).length, 3);

  const placeholder = await keyDoc(lost);
  t.truthy(placeholder.revoked_at);
  t.is(placeholder.hash, '');
  const late = await t.throwsAsync(
    db.models.ApiKey.create({ ...placeholder, hash: 'a'.repeat(64), revoked_at: null, outbox: [], outbox_at: null }),
  );
  t.is((late as unknown as { code: number }).code, 11000, 'a creator arriving now cannot add its key');
  const listed = await call<{ api_keys: Key[] }>(db.handlers, 'ListApiKeys', {
    workspace_id: ws,
    include_revoked: true,
  });
  t.is(listed.api_keys.length, 3);
  t.false(
    listed.api_keys.some((k) => k.id === lost),
    'the placeholder is no key',
  );
  await t.throwsAsync(createKeyAt(ws, new Date(t0.getTime() + keyPlaceGraceMs)), { message: /at most 3/ });
});

test('crash after revoking, before giving the place back: the next creation reclaims it, once', async (t) => {
  const ws = await newWorkspace('professional');
  const keys = [await createKey(ws), await createKey(ws), await createKey(ws)].map((k) => k.api_key.id);
  // What a revoker that stopped after its first write leaves: a revoked key that still holds its place.
  await db.models.ApiKey.updateOne({ _id: keys[0] }, { $set: { revoked_at: new Date() } });
  t.is((await places(ws)).length, 3);

  const results = await Promise.allSettled([createKey(ws), createKey(ws), createKey(ws)]);
  t.is(results.filter((r) => r.status === 'fulfilled').length, 1);
  t.false((await places(ws)).includes(keys[0]!));
  t.is((await places(ws)).length, 3);
});

test('a workspace downgraded below its active keys creates none until enough are revoked', async (t) => {
  const ws = await newWorkspace('business');
  const keys: string[] = [];
  for (let i = 0; i < 5; i++) keys.push((await createKey(ws)).api_key.id);
  await call(db.handlers, 'UpdateWorkspacePlan', { workspace_id: ws, plan: 'professional' });
  await t.throwsAsync(createKey(ws), { message: /professional plan allows at most 3/ });
  await revokeKey(ws, keys[0]!);
  await revokeKey(ws, keys[1]!);
  await t.throwsAsync(createKey(ws), { message: /at most 3/ });
  await revokeKey(ws, keys[2]!);
  await t.notThrowsAsync(createKey(ws));
});

test('free workspaces, unknown workspaces and keys of other workspaces', async (t) => {
  const free = await newWorkspace('free');
  t.true(AppError.isKind(await t.throwsAsync(createKey(free)), 'forbidden'));
  t.true(AppError.isKind(await t.throwsAsync(createKey('NOPE000000')), 'not_found'));
  const a = await newWorkspace();
  const b = await newWorkspace();
  const key = await createKey(a);
  t.true(AppError.isKind(await t.throwsAsync(revokeKey(b, key.api_key.id)), 'not_found'));
  t.is((await places(b)).length, 0);
  t.is((await places(a)).length, 1);
});
