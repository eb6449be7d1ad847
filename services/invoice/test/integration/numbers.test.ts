import test from 'ava';
import type { AllocatedNumber } from '../../src/domain/numbering.ts';
import { NumberStore } from '../../src/store/numbers.ts';
import { openTestDatabase } from './helpers.ts';

// NumberStore on the real MongoDB-wire server: two stores stand for two replicas of the service.

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let models: Awaited<ReturnType<typeof openTestDatabase>>['models'];

test.before(async () => {
  db = await openTestDatabase('invoice_numbers_test');
  models = db.models;
});
test.after.always(async () => {
  await db?.drop();
});

const now = new Date('2026-11-22T10:00:00Z');
let workspaces = 0;
const workspace = () => `WSNUM${++workspaces}${Date.now().toString(36)}`;
const counter = (ws: string) => models.NumberCounter.findById(`${ws}:202611`).lean().exec();
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

test.serial('NumberStore: a number given back while later ones are taken is the next one handed out', async (t) => {
  const store = new NumberStore(models);
  const ws = workspace();
  const [a, b, c] = [
    await store.allocate(ws, '202611', 'inv_a', now),
    await store.allocate(ws, '202611', 'inv_b', now),
    await store.allocate(ws, '202611', 'inv_c', now),
  ];
  t.deepEqual([a.seq, b.seq, c.seq], [1, 2, 3]);
  await store.release(b);
  await Promise.all([store.settle(a), store.settle(c)]);
  const refill = await store.allocate(ws, '202611', 'inv_d', now);
  t.is(refill.seq, 2, 'the free number is handed out before a new one');
  t.is((await store.allocate(ws, '202611', 'inv_e', now)).seq, 4);
  t.deepEqual((await counter(ws))?.free, []);
});

test.serial('NumberStore: the last number given back is handed out again', async (t) => {
  const store = new NumberStore(models);
  const ws = workspace();
  const first = await store.allocate(ws, '202611', 'inv_a', now);
  await store.settle(first);
  const second = await store.allocate(ws, '202611', 'inv_b', now);
  await store.release(second);
  t.is((await store.allocate(ws, '202611', 'inv_c', now)).seq, 2);
});

test.serial('NumberStore: a number given back twice counts once', async (t) => {
  const store = new NumberStore(models);
  const ws = workspace();
  const [a, b] = [await store.allocate(ws, '202611', 'inv_a', now), await store.allocate(ws, '202611', 'inv_b', now)];
  await store.settle(b);
  await Promise.all([store.release(a), store.release(a), new NumberStore(models).release(a)]);
  t.like(await counter(ws), { last: 2, free: [1], reserved: [], reserved_count: 0 });
  t.is((await store.allocate(ws, '202611', 'inv_c', now)).seq, 1);
});

test.serial('NumberStore: two replicas, 40 parallel generates of which a third fail, leave no gap', async (t) => {
  const replicas = [new NumberStore(models), new NumberStore(models)];
  const ws = workspace();
  const used: number[] = [];
  let i = 0;
  const generate = async (fail: boolean) => {
    const store = replicas[i++ % 2]!;
    const n: AllocatedNumber = await store.allocate(ws, '202611', `inv_${i}`, now);
    await new Promise((r) => setTimeout(r, Math.random() * 30));
    if (fail) await store.release(n);
    else {
      await store.settle(n);
      used.push(n.seq);
    }
  };
  await Promise.all(range(40).map((k) => generate(k % 3 === 0)));
  // Whatever numbers the last failures left free are the next ones handed out.
  const free = (await counter(ws))!.free.length;
  for (let k = 0; k < free; k++) await generate(false);
  t.deepEqual(
    used.sort((a, b) => a - b),
    range(used.length),
    'the numbers used are exactly 1..n',
  );
  t.like(await counter(ws), { last: used.length, free: [], reserved: [], reserved_count: 0 });
});

test.serial(
  'NumberStore: a reservation left by a crashed generate is given back by the maintenance, one whose invoice exists is kept',
  async (t) => {
    const store = new NumberStore(models);
    const ws = workspace();
    const crashed = await store.allocate(ws, '202611', 'inv_crashed', now);
    const stored = await store.allocate(ws, '202611', 'inv_stored', now);
    const later = await store.allocate(ws, '202611', 'inv_later', new Date(now.getTime() + 60_000));
    await store.settle(later);
    const stale = await store.staleReservations(new Date(now.getTime() + 1000));
    t.deepEqual(
      stale.filter((n) => n.workspaceId === ws).map((n) => n.seq),
      [crashed.seq, stored.seq],
    );
    for (const n of stale.filter((s) => s.workspaceId === ws)) {
      if (n.reservation.invoice_id === 'inv_stored') await store.settle(n);
      else await store.release(n);
    }
    t.like(await counter(ws), { last: 3, free: [1], reserved_count: 0 });
    t.is((await store.allocate(ws, '202611', 'inv_next', now)).seq, 1, 'the crashed generate’s number is reused');
  },
);
