import test from 'ava';
import { type AllocatedNumber, NumberStore } from '../../src/store/numbers.ts';
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
const used = async (ws: string) =>
  (await models.InvoiceNumber.find({ workspace_id: ws, state: 'used' }).lean().exec())
    .map((d) => d.seq)
    .sort((a, b) => a - b);
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
  t.is(refill.seq, 2, 'the hole is filled before a new number');
  t.is((await store.allocate(ws, '202611', 'inv_e', now)).seq, 4);
  t.is(await models.NumberHole.countDocuments({ workspace_id: ws }).exec(), 0);
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

test.serial('NumberStore: two replicas, 40 parallel generates of which a third fail, leave no gap', async (t) => {
  const replicas = [new NumberStore(models), new NumberStore(models)];
  const ws = workspace();
  let i = 0;
  const generate = async (fail: boolean) => {
    const store = replicas[i++ % 2]!;
    const n: AllocatedNumber = await store.allocate(ws, '202611', `inv_${i}`, now);
    await new Promise((r) => setTimeout(r, Math.random() * 30));
    if (fail) await store.release(n);
    else await store.settle(n);
    return !fail;
  };
  const results = await Promise.all(range(40).map((k) => generate(k % 3 === 0)));
  const succeeded = results.filter(Boolean).length;
  const holes = await models.NumberHole.countDocuments({ workspace_id: ws }).exec();
  // Whatever holes the last failures left are the next numbers handed out.
  for (let k = 0; k < holes; k++) await generate(false);
  t.deepEqual(await used(ws), range(succeeded + holes), 'the numbers used are exactly 1..n');
});

test.serial('NumberStore: a stale hole whose number is in use is skipped and cleared', async (t) => {
  const store = new NumberStore(models);
  const ws = workspace();
  const first = await store.allocate(ws, '202611', 'inv_a', now);
  await store.settle(first);
  await models.NumberHole.create({ _id: `${ws}:202611:1`, workspace_id: ws, period: '202611', seq: 1, at: now });
  t.is((await store.allocate(ws, '202611', 'inv_b', now)).seq, 2);
  t.is(await models.NumberHole.countDocuments({ workspace_id: ws }).exec(), 0);
});
