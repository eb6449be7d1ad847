import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { Redis } from 'ioredis';
import { AppError } from '@invoice-platform/common/errors';
import { type IdempotencyLease, type IdempotencyScope, IdempotencyStore } from '../../src/http/idempotency.ts';

// IdempotencyStore's in-flight lease against the local stack's Redis: every gateway shares one
// Redis, so two stores on two connections here are two gateways.

function redisUrl(): string {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../.local/stack.env');
  const line = existsSync(file) ? /^REDIS_URL=(.*)$/m.exec(readFileSync(file, 'utf8')) : null;
  if (!line) throw new Error('REDIS_URL is not set and .local/stack.env lacks it: start the stack');
  return line[1]!.trim();
}

/** Short enough for tests to outlive several leases, long enough that a busy machine renews in time. */
const leaseMs = 1500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const clients: Redis[] = [];

function connect(): Redis {
  const redis = new Redis(redisUrl(), { maxRetriesPerRequest: 1, commandTimeout: 1000 });
  clients.push(redis);
  return redis;
}

/** One gateway: its own Redis connection and store. */
function gateway(lease = leaseMs) {
  const redis = connect();
  return { redis, store: new IdempotencyStore({ redis, ttlMs: 60_000, leaseMs: lease }) };
}

const observer = connect();
test.after.always(() => {
  for (const c of clients) c.disconnect();
});

function newScope(): IdempotencyScope {
  return {
    workspaceId: `ws_idem_test_${randomBytes(6).toString('hex')}`,
    method: 'POST',
    path: '/api/invoices/generate-external',
    key: `key-${randomBytes(6).toString('hex')}`,
  };
}

/** The Redis key of `scope` (IdempotencyStore's layout), read directly to see what the stores left. */
async function redisKeyOf(scope: IdempotencyScope): Promise<string> {
  const keys = await observer.keys(`idem:${scope.workspaceId}:*`);
  if (keys.length !== 1) throw new Error(`expected one key for ${scope.workspaceId}, found ${keys.length}`);
  return keys[0]!;
}

async function holder(store: IdempotencyStore, scope: IdempotencyScope, fp = 'fp-1'): Promise<IdempotencyLease> {
  const outcome = await store.begin(scope, fp);
  if (outcome.kind !== 'proceed') throw new Error(`expected to proceed, got ${outcome.kind}`);
  return outcome.lease;
}

async function conflictName(store: IdempotencyStore, scope: IdempotencyScope, fp = 'fp-1'): Promise<string> {
  try {
    const outcome = await store.begin(scope, fp);
    if (outcome.kind === 'proceed') outcome.lease.stop();
    return outcome.kind;
  } catch (err) {
    return (err as { kind?: string }).kind ?? String(err);
  }
}

/** Makes renewals on `redis` fail as a Redis command timeout would, until the returned function is called. */
function failRenewals(redis: Redis): { calls: () => number; restore: () => void } {
  const target = redis as unknown as { idempotencyRenew: (...args: unknown[]) => Promise<number> };
  const original = target.idempotencyRenew;
  let calls = 0;
  target.idempotencyRenew = () => {
    calls++;
    return Promise.reject(new Error('Command timed out'));
  };
  return { calls: () => calls, restore: () => (target.idempotencyRenew = original) };
}

/** Counts the commands `redis` sends from now on. */
function countCommands(redis: Redis): () => number {
  const original = redis.sendCommand.bind(redis);
  let sent = 0;
  redis.sendCommand = ((...args: Parameters<Redis['sendCommand']>) => {
    sent++;
    return original(...args);
  }) as Redis['sendCommand'];
  return () => sent;
}

test('a renewed marker outlives many leases: a repeat is 409 all along, a different body 422', async (t) => {
  const a = gateway();
  const b = gateway();
  const scope = newScope();
  const lease = await holder(a.store, scope);
  const key = await redisKeyOf(scope);
  for (let i = 0; i < 4; i++) {
    await sleep(leaseMs);
    t.is(await conflictName(b.store, scope), 'conflict', `still in flight after ${i + 1} leases`);
    t.true((await observer.pttl(key)) <= leaseMs, 'the marker is a lease, not a long TTL');
  }
  t.is(await conflictName(b.store, scope, 'fp-2'), 'unprocessable');
  t.true(lease.held);
  await lease.fail();
  t.is(await observer.exists(key), 0);
});

test("a crashed holder's marker lapses within the lease, and the next begin proceeds", async (t) => {
  const a = gateway();
  const b = gateway();
  const scope = newScope();
  const crashed = await holder(a.store, scope);
  const key = await redisKeyOf(scope);
  // The crash: the holder's process and connection are gone, nothing released the marker.
  a.redis.disconnect();
  const crashedAt = Date.now();
  t.is(await conflictName(b.store, scope), 'conflict', 'in flight right after the crash');
  while ((await observer.exists(key)) === 1) await sleep(50);
  const lapsedAfter = Date.now() - crashedAt;
  t.true(lapsedAfter <= leaseMs + 200, `lapsed ${lapsedAfter} ms after the crash`);
  const next = await holder(b.store, scope);
  t.true(next.held);
  await next.fail();
  crashed.stop();
});

test("a holder stalled past its lease: its late renewal and release never touch the next holder's marker", async (t) => {
  const a = gateway();
  const b = gateway(60_000);
  const scope = newScope();
  const old = await holder(a.store, scope);
  const key = await redisKeyOf(scope);
  // Stalled: its renewals do not get through for longer than a lease.
  const stall = failRenewals(a.redis);
  while ((await observer.exists(key)) === 1) await sleep(50);
  t.true(old.held, 'a failed renewal alone does not give the lease up');
  const next = await holder(b.store, scope);
  const nextEntry = await observer.get(key);

  // The old holder comes back: its next renewal reaches Redis and finds the marker not its own.
  const seen = stall.calls();
  stall.restore();
  while (old.held) await sleep(50);
  t.true(seen > 0);
  t.is(await observer.get(key), nextEntry, 'the next holder marker is unchanged');
  t.true((await observer.pttl(key)) > 30_000, 'and not shortened to the old lease');
  await old.fail();
  t.is(await observer.get(key), nextEntry, 'a late release leaves it too');
  t.is(await conflictName(a.store, scope), 'conflict');
  await next.fail();
  t.is(await observer.exists(key), 0);
});

test('a late renewal does not revive a lapsed marker', async (t) => {
  const a = gateway();
  const scope = newScope();
  const old = await holder(a.store, scope);
  const key = await redisKeyOf(scope);
  const stall = failRenewals(a.redis);
  while ((await observer.exists(key)) === 1) await sleep(50);
  stall.restore();
  while (old.held) await sleep(50);
  t.is(await observer.exists(key), 0);
  await old.fail();
});

test('a renewal failing for less than a lease (a Redis hiccup) fails nothing: the next one renews', async (t) => {
  const a = gateway();
  const scope = newScope();
  const lease = await holder(a.store, scope);
  const key = await redisKeyOf(scope);
  const hiccup = failRenewals(a.redis);
  while (hiccup.calls() < 1) await sleep(20);
  hiccup.restore();
  // ava fails the test on an unhandled rejection; the lease must also still be renewed.
  await sleep(leaseMs * 2);
  t.true(lease.held);
  t.is(await observer.exists(key), 1);
  await lease.succeed('{"data":{}}');
});

test('succeed stores the response for replays and fail frees the key at once; neither leaves a renewal behind', async (t) => {
  const a = gateway();
  const b = gateway();

  const done = newScope();
  const succeeded = await holder(a.store, done);
  await succeeded.succeed('{"data":{"id":"inv_1"}}');
  t.deepEqual(await b.store.begin(done, 'fp-1'), { kind: 'replay', body: '{"data":{"id":"inv_1"}}' });
  t.true((await observer.pttl(await redisKeyOf(done))) > 50_000, 'kept for the TTL, not a lease');

  const failed = newScope();
  const released = await holder(a.store, failed);
  await released.fail();
  const next = await holder(b.store, failed);

  const sent = countCommands(a.redis);
  await sleep(leaseMs * 2);
  t.false(succeeded.held);
  t.false(released.held);
  t.is(sent(), 0, 'no renewal after succeed or fail');
  next.stop();
  t.false(next.held);
});

test('Redis gone: begin refuses as unavailable (a 503, never a 500), and succeed still lets the answer out', async (t) => {
  const a = gateway();
  const scope = newScope();
  const lease = await holder(a.store, scope);
  // A Redis that is not there: nothing listens on port 1, and the client gives up at once.
  const dead = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, retryStrategy: () => null });
  dead.on('error', () => {});
  clients.push(dead);
  const store = new IdempotencyStore({ redis: dead, ttlMs: 60_000, leaseMs });
  const err = await t.throwsAsync(store.begin(newScope(), 'fp-1'));
  t.true(AppError.isKind(err, 'unavailable'), String(err));
  a.redis.disconnect();
  await t.notThrowsAsync(lease.succeed('{"data":{}}'), 'the invoice exists: storing its answer is best effort');
});
