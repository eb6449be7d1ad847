import test from 'ava';
import type { CreditReservation } from '../../src/domain/credits.ts';
import { CreditStore } from '../../src/store/credits.ts';
import { openTestDatabase } from './helpers.ts';

// CreditStore on the real MongoDB-wire server: two stores stand for two replicas of the service.

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let models: Awaited<ReturnType<typeof openTestDatabase>>['models'];

test.before(async () => {
  db = await openTestDatabase('invoice_credits_test');
  models = db.models;
});
test.after.always(async () => {
  await db?.drop();
});

const now = new Date('2026-11-22T10:00:00Z');
let workspaces = 0;
const workspace = () => `WSCRD${++workspaces}${Date.now().toString(36)}`;

test('CreditStore: 40 parallel reservations on two replicas against 15 credits: 15 succeed, each with its own remaining', async (t) => {
  const replicas = [new CreditStore(models), new CreditStore(models)];
  const ws = workspace();
  await replicas[0]!.set(ws, 15, now);
  const results = await Promise.allSettled(
    Array.from({ length: 40 }, (_, i) => replicas[i % 2]!.reserve(ws, `inv_${i}`, now)),
  );
  const taken = results
    .filter((r) => r.status === 'fulfilled')
    .map((r) => (r.value as CreditReservation & { remaining: number }).remaining);
  t.is(taken.length, 15);
  t.deepEqual(
    taken.sort((a, b) => a - b),
    Array.from({ length: 15 }, (_, i) => i),
  );
  t.true(results.every((r) => r.status === 'fulfilled' || (r.reason as { kind?: string }).kind === 'payment_required'));
  t.like(await replicas[1]!.balance(ws), { remaining: 0, used: 15 });
});

test('CreditStore: a refund gives the credit back once, however often it is repeated; a settled hold cannot be refunded', async (t) => {
  const store = new CreditStore(models);
  const ws = workspace();
  await store.set(ws, 2, now);
  const failed = await store.reserve(ws, 'inv_failed', now);
  const succeeded = await store.reserve(ws, 'inv_ok', now);
  await Promise.all([store.refund(failed), store.refund(failed), new CreditStore(models).refund(failed)]);
  await store.settle(succeeded);
  await store.refund(succeeded);
  t.like(await store.balance(ws), { remaining: 1, used: 1 });
  t.like(await models.CreditPool.findById(ws).lean().exec(), { holds: [], held: 0 });
});

// Serial: settleOrRefundStale reads every pool with holds, so it would decide the holds the other
// tests of this file take at the same `now` while they run.
test.serial(
  'CreditStore: holds left by a crashed generate are settled when the invoice exists and given back when not',
  async (t) => {
    const store = new CreditStore(models);
    const ws = workspace();
    await store.set(ws, 3, now);
    await store.reserve(ws, 'inv_stored', now);
    await store.reserve(ws, 'inv_lost', now);
    await store.reserve(ws, 'inv_running', new Date(now.getTime() + 60_000));
    const refunded = await store.settleOrRefundStale(
      new Date(now.getTime() + 1000),
      async (id, workspaceId) => workspaceId === ws && id === 'inv_stored',
    );
    t.true(refunded >= 1);
    t.like(await store.balance(ws), { remaining: 1, used: 2 });
    const pool = await models.CreditPool.findById(ws).lean().exec();
    t.deepEqual(
      pool?.holds.map((h) => h.invoice_id),
      ['inv_running'],
      'the hold of a generate still running is left alone',
    );
  },
);

test('CreditStore: a retried top-up counts once, a take beyond the balance is refused, an unlimited pool takes nothing', async (t) => {
  const store = new CreditStore(models);
  const ws = workspace();
  await store.add(ws, 5, 'op-1', now);
  await Promise.all([store.add(ws, 5, 'op-1', now), new CreditStore(models).add(ws, 5, 'op-1', now)]);
  t.like(await store.balance(ws), { remaining: 5 });
  const err = await t.throwsAsync(store.add(ws, -6, undefined, now));
  t.regex(err.message, /Only 5 credits are left/);
  await store.set(ws, null, now);
  t.deepEqual(await store.reserve(ws, 'inv_free', now), { unlimited: true });
  t.like(await store.balance(ws), { unlimited: true, remaining: null });
});
