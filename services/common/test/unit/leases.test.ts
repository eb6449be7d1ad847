import test from 'ava';
import type { Model } from 'mongoose';
import {
  claimDue,
  claimFree,
  completeLease,
  heldBy,
  keepRenewed,
  type Leasable,
  type LeasedUntil,
  leaseFree,
  leaseHeld,
  newLeaseToken,
  releaseAllHeld,
  releaseHeld,
  renewHeld,
  renewLease,
  takeFree,
  unclaimed,
  writeHeld,
} from '../../src/store/leases.ts';
import { operator } from '../../src/store/operators.ts';

// The writes each lease function sends, checked against a model that records them: the queries
// the stores relied on before the lease functions moved here (webhook deliveries, payment
// checkouts and notifications, recurring occurrences) must stay as they were. What the database
// makes of them is in test/integration/store.test.ts.

interface Call {
  op: string;
  filter: unknown;
  update?: unknown;
  options?: unknown;
}

/** A model whose writes are recorded and answer `found` (a document, or the matched count). */
function recordingModel<T>(found: { doc?: T | null; matched?: number } = {}) {
  const calls: Call[] = [];
  const query = (value: unknown) => ({
    lean: () => ({ exec: async () => value }),
    exec: async () => value,
    then: (resolve: (v: unknown) => unknown) => Promise.resolve(value).then(resolve),
  });
  const updated = { matchedCount: found.matched ?? 1, modifiedCount: found.matched ?? 1 };
  const model = {
    findOneAndUpdate: (filter: unknown, update: unknown, options: unknown) => {
      calls.push({ op: 'findOneAndUpdate', filter, update, options });
      return query(found.doc ?? null);
    },
    updateOne: (filter: unknown, update: unknown) => {
      calls.push({ op: 'updateOne', filter, update });
      return query(updated);
    },
    updateMany: (filter: unknown, update: unknown) => {
      calls.push({ op: 'updateMany', filter, update });
      return query(updated);
    },
  };
  return { model: model as unknown as Model<T>, calls };
}

const now = new Date('2026-11-23T10:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

interface Occurrence extends LeasedUntil {
  status: string;
  due_at: Date | null;
  attempts: number;
}

test('newLeaseToken: random, URL-safe, never the same twice', (t) => {
  const tokens = new Set(Array.from({ length: 100 }, newLeaseToken));
  t.is(tokens.size, 100);
  for (const token of tokens) t.regex(token, /^[A-Za-z0-9_-]{16}$/);
});

test('claimDue: the earliest due item, its due_at moved to the lease end under a new token', async (t) => {
  const item: Leasable = { _id: 'd1', due_at: later(30_000), lease_token: 'x' };
  const { model, calls } = recordingModel<Leasable>({ doc: item });
  const lease = await claimDue(model, { tag: 'queue' }, now, 30_000);
  t.deepEqual(calls, [
    {
      op: 'findOneAndUpdate',
      filter: { tag: 'queue', due_at: operator({ $lte: now }) },
      update: { $set: { due_at: later(30_000), lease_token: lease!.token } },
      options: { sort: { due_at: 1 }, returnDocument: 'after' },
    },
  ]);
  t.is(lease!.doc, item);
  t.is(await claimDue(recordingModel<Leasable>({ doc: null }).model, {}, now, 30_000), null);
});

test('renewLease and completeLease: guarded by the token; completing clears it', async (t) => {
  const { model, calls } = recordingModel<Leasable>();
  const lease = { doc: { _id: 'd1', due_at: null, lease_token: 'tok' }, token: 'tok' };
  t.true(await renewLease(model, lease, later(45_000)));
  t.true(await completeLease(model, lease, { due_at: null }));
  t.deepEqual(calls, [
    { op: 'updateOne', filter: { _id: 'd1', lease_token: 'tok' }, update: { $set: { due_at: later(45_000) } } },
    {
      op: 'updateOne',
      filter: { _id: 'd1', lease_token: 'tok' },
      update: { $set: { due_at: null, lease_token: null } },
    },
  ]);
  t.false(await renewLease(recordingModel<Leasable>({ matched: 0 }).model, lease, later(1)), 'a lost lease');
});

test('claimFree: the item if no lease holds it, under a new token until now + leaseMs', async (t) => {
  const { model, calls } = recordingModel<Occurrence>({ doc: { _id: 'o1' } as Occurrence });
  const lease = await claimFree(model, { _id: 'o1', due_at: operator({ $lte: later(-5) }) }, now, 60_000);
  t.deepEqual(calls, [
    {
      op: 'findOneAndUpdate',
      filter: {
        _id: 'o1',
        due_at: operator({ $lte: later(-5) }),
        lease_until: operator({ $not: { $gt: now } }),
      },
      update: { $set: { lease_token: lease!.token, lease_until: later(60_000) } },
      options: { returnDocument: 'after' },
    },
  ]);
  t.is(await claimFree(recordingModel<Occurrence>({ doc: null }).model, { _id: 'o1' }, now, 60_000), null);
});

test('takeFree: a given token takes a free item, with more fields in the same write', async (t) => {
  const { model, calls } = recordingModel<Occurrence>();
  t.true(await takeFree(model, { _id: 'o1', status: 'pending' }, 'hold', now, 5000, { status: 'pending' }));
  t.deepEqual(calls[0], {
    op: 'updateOne',
    filter: { _id: 'o1', status: 'pending', lease_until: operator({ $not: { $gt: now } }) },
    update: { $set: { lease_token: 'hold', lease_until: later(5000), status: 'pending' } },
  });
  t.false(await takeFree(recordingModel<Occurrence>({ matched: 0 }).model, { _id: 'o1' }, 'hold', now, 5000));
});

test('renewHeld, writeHeld, releaseHeld: guarded by the token (and the filter); a release clears the lease', async (t) => {
  const { model, calls } = recordingModel<Occurrence>();
  const lease = { doc: { _id: 'o1' }, token: 'tok' };
  t.true(await renewHeld(model, lease, later(60_000)));
  t.true(await renewHeld(model, lease, later(60_000), { status: 'sending' }, { status: 'pending' }));
  t.true(await writeHeld(model, lease, { $set: { status: 'failed' } }));
  t.true(
    await releaseHeld(model, lease, { $set: { status: 'failed', due_at: later(1) }, $inc: { attempts: 1 } }, { a: 1 }),
  );
  t.deepEqual(calls, [
    { op: 'updateOne', filter: { _id: 'o1', lease_token: 'tok' }, update: { $set: { lease_until: later(60_000) } } },
    {
      op: 'updateOne',
      filter: { _id: 'o1', lease_token: 'tok', status: 'pending' },
      update: { $set: { status: 'sending', lease_until: later(60_000) } },
    },
    { op: 'updateOne', filter: { _id: 'o1', lease_token: 'tok' }, update: { $set: { status: 'failed' } } },
    {
      op: 'updateOne',
      filter: { _id: 'o1', lease_token: 'tok', a: 1 },
      update: {
        $set: { status: 'failed', due_at: later(1), lease_token: null, lease_until: null },
        $inc: { attempts: 1 },
      },
    },
  ]);
  const lost = recordingModel<Occurrence>({ matched: 0 }).model;
  t.false(await renewHeld(lost, lease, later(1)));
  t.false(await writeHeld(lost, lease, { $set: {} }));
  t.false(await releaseHeld(lost, lease, { $set: {} }));
});

test('releaseAllHeld: what the token still holds among the ids', async (t) => {
  const { model, calls } = recordingModel<Occurrence>();
  await releaseAllHeld(model, ['o1', 'o2'], 'hold');
  t.deepEqual(calls, [
    {
      op: 'updateMany',
      filter: { _id: operator({ $in: ['o1', 'o2'] }), lease_token: 'hold' },
      update: { $set: { lease_token: null, lease_until: null } },
    },
  ]);
});

test('leaseHeld: a lease holds until its end, not at it; none after a release', (t) => {
  t.true(leaseHeld({ lease_until: later(1) }, now));
  t.false(leaseHeld({ lease_until: now }, now));
  t.false(leaseHeld({ lease_until: later(-1) }, now));
  t.false(leaseHeld({ lease_until: null }, now));
});

test('filter parts: free, held by a token, unclaimed', (t) => {
  t.deepEqual(leaseFree(now), { lease_until: operator({ $not: { $gt: now } }) });
  t.deepEqual(heldBy('tok'), { lease_token: 'tok' });
  t.deepEqual(unclaimed(), { lease_token: null });
  t.not(unclaimed(), unclaimed(), 'a fresh object each time: mongoose may cast a filter in place');
});

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (up to 2 s) until `done` holds: timers on a loaded machine run late, never early. */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done() && waited < 2000; waited += 5) await tick(5);
}

test('keepRenewed: renews every third of the lease, one renewal after another, until stopped', async (t) => {
  let calls = 0;
  let inFlight = 0;
  let overlapped = false;
  const renewal = keepRenewed({
    leaseMs: 30,
    renew: async () => {
      calls++;
      overlapped ||= inFlight > 0;
      inFlight++;
      await tick(15);
      inFlight--;
      return true;
    },
  });
  await until(() => calls >= 3);
  t.true(calls >= 3);
  t.true(renewal.held);
  renewal.stop();
  const atStop = calls;
  await tick(60);
  t.true(calls <= atStop + 1, 'at most the renewal already under way');
  t.false(overlapped);
  t.false(renewal.held);
  t.false(renewal.lost);
  t.false(await renewal.renewNow(), 'a stopped lease is not renewed');
});

test('keepRenewed: a renewal that finds the lease taken ends the renewals and calls onLost once', async (t) => {
  let calls = 0;
  let lost = 0;
  const renewal = keepRenewed({ leaseMs: 15, renew: async () => ++calls < 2, onLost: () => lost++ });
  await until(() => renewal.lost);
  await tick(40);
  t.is(calls, 2);
  t.is(lost, 1);
  t.true(renewal.lost);
  t.false(renewal.held);
});

test('keepRenewed: a failed renewal is reported and the next one tries again', async (t) => {
  let calls = 0;
  const errors: string[] = [];
  const renewal = keepRenewed({
    leaseMs: 15,
    renew: async () => {
      if (++calls === 1) throw new Error('store away');
      return true;
    },
    onError: (err) => errors.push((err as Error).message),
  });
  await until(() => calls >= 3);
  renewal.stop();
  t.deepEqual(errors, ['store away']);
  t.false(renewal.lost);
});

test('keepRenewed: renewNow renews at once and tells a lease taken; markLost ends it without onLost', async (t) => {
  let held = true;
  let lost = 0;
  const taken = keepRenewed({ leaseMs: 60_000, renew: async () => held, onLost: () => lost++ });
  t.true(await taken.renewNow());
  held = false;
  t.false(await taken.renewNow());
  t.true(taken.lost);
  const marked = keepRenewed({ leaseMs: 60_000, renew: async () => true, onLost: () => lost++ });
  marked.markLost();
  t.true(marked.lost);
  t.false(await marked.renewNow());
  t.is(lost, 0, 'the holder found out itself');
  marked.stop();
  t.true(marked.lost, 'stop keeps a lost lease lost');
});

test('keepRenewed: a renewal answered after stop changes nothing', async (t) => {
  let release: (held: boolean) => void = () => undefined;
  let lost = 0;
  const renewal = keepRenewed({
    leaseMs: 3,
    renew: () => new Promise<boolean>((resolve) => (release = resolve)),
    onLost: () => lost++,
  });
  await tick(20);
  renewal.stop();
  release(false);
  await tick(10);
  t.is(lost, 0);
  t.false(renewal.lost);
});
