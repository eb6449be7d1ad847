/**
 * The MongoDB guarantees the stores are written for, checked against whatever MONGODB_URI points at
 * (the local FerretDB build, or a real MongoDB, where every test must pass unchanged):
 * single-document atomicity of conditional writes, exact $inc, unique indexes under races, query
 * results as MongoDB defines them, and indexed queries whose cost follows what they match, not
 * the collection. See deploy/local/ferretdb/README.md for the patches each test holds in place.
 */
import test from 'ava';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { mongo } from 'mongoose';
import { stackEnv } from '../support/platform.ts';

type Doc = mongo.Document & { _id: string };

const client = new mongo.MongoClient(stackEnv().MONGODB_URI!, { maxPoolSize: 120, serverSelectionTimeoutMS: 10_000 });
const db = client.db(`conformance_${randomBytes(4).toString('hex')}`);
let collections = 0;

/** A new, empty collection of this run's database. */
function fresh(name: string) {
  return db.collection<Doc>(`${name}_${++collections}`);
}

test.before(async () => {
  await client.connect();
});

test.after.always(async () => {
  await db.dropDatabase().catch(() => undefined);
  await client.close();
});

function duplicateKey(err: unknown): boolean {
  return (err as { code?: unknown }).code === 11000;
}

test('$inc: 100 concurrent increments of one document add exactly 100', async (t) => {
  const c = fresh('inc');
  await c.insertOne({ _id: 'counter', n: 0 });
  await Promise.all(Array.from({ length: 100 }, () => c.updateOne({ _id: 'counter' }, { $inc: { n: 1 } })));
  t.is((await c.findOne({ _id: 'counter' }))?.n, 100);
});

test('updateOne: 50 concurrent conditional updates from one version have exactly one winner', async (t) => {
  const c = fresh('cas');
  await c.insertOne({ _id: 'doc', version: 0, owner: null });
  const results = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      c.updateOne({ _id: 'doc', version: 0 }, { $set: { version: 1, owner: `writer-${i}` } }),
    ),
  );
  const winners = results.filter((r) => r.modifiedCount === 1);
  t.is(winners.length, 1);
  t.is(
    results.reduce((n, r) => n + r.matchedCount, 0),
    1,
  );
  const doc = await c.findOne({ _id: 'doc' });
  t.is(doc?.version, 1);
  t.regex(String(doc?.owner), /^writer-\d+$/);
});

test('findOneAndUpdate: a guarded decrement under contention hands out each unit once, returning the document after', async (t) => {
  const c = fresh('pool');
  await c.insertOne({ _id: 'pool', balance: 20 });
  const results = await Promise.all(
    Array.from({ length: 50 }, () =>
      c.findOneAndUpdate({ _id: 'pool', balance: { $gt: 0 } }, { $inc: { balance: -1 } }, { returnDocument: 'after' }),
    ),
  );
  const balances = results.filter((r) => r !== null).map((r) => r.balance as number);
  t.is(balances.length, 20);
  t.deepEqual(
    balances.sort((a, b) => a - b),
    Array.from({ length: 20 }, (_, i) => i),
  );
  t.is((await c.findOne({ _id: 'pool' }))?.balance, 0);
});

test('findOneAndUpdate: concurrent claims of a queue take each due item once, in the sort order', async (t) => {
  const c = fresh('claims');
  await c.createIndex({ state: 1, due_at: 1 });
  const base = Date.UTC(2026, 0, 1);
  await c.insertMany(
    Array.from({ length: 30 }, (_, i) => ({
      _id: `job-${String(i).padStart(2, '0')}`,
      state: 'pending',
      due_at: new Date(base + i * 1000),
      owner: null,
    })),
  );
  const claim = (owner: string) =>
    c.findOneAndUpdate(
      { state: 'pending', due_at: { $lte: new Date(base + 19_000) } },
      { $set: { state: 'claimed', owner } },
      { sort: { due_at: 1 }, returnDocument: 'after' },
    );
  const first = await claim('first');
  t.is(first?._id, 'job-00');
  const results = await Promise.all(Array.from({ length: 40 }, (_, i) => claim(`worker-${i}`)));
  const claimed = results.filter((r) => r !== null);
  t.is(claimed.length, 19);
  t.is(new Set(claimed.map((r) => r._id)).size, 19);
  t.true(claimed.every((r) => r.state === 'claimed' && String(r.owner).startsWith('worker-')));
  t.is(await c.countDocuments({ state: 'pending' }), 10);
});

test('updateMany: each matching document takes every concurrent update', async (t) => {
  const c = fresh('many');
  await c.insertMany(Array.from({ length: 10 }, (_, i) => ({ _id: `d${i}`, group: 'a', n: 0 })));
  await c.insertOne({ _id: 'other', group: 'b', n: 0 });
  await Promise.all(Array.from({ length: 20 }, () => c.updateMany({ group: 'a' }, { $inc: { n: 1 } })));
  const docs = await c.find({}).sort({ _id: 1 }).toArray();
  t.deepEqual(
    docs.map((d) => [d._id, d.n]),
    [...Array.from({ length: 10 }, (_, i) => [`d${i}`, 20]), ['other', 0]],
  );
});

test('findOneAndDelete: concurrent removals take each document once', async (t) => {
  const c = fresh('takes');
  await c.insertMany(Array.from({ length: 30 }, (_, i) => ({ _id: `m${i}`, queue: 'q' })));
  const results = await Promise.all(Array.from({ length: 60 }, () => c.findOneAndDelete({ queue: 'q' })));
  const taken = results.filter((r) => r !== null).map((r) => r._id);
  t.is(taken.length, 30);
  t.is(new Set(taken).size, 30);
  t.is(await c.countDocuments({}), 0);
});

test('deleteOne with a filter: 20 concurrent deletes of one leased document have one winner', async (t) => {
  const c = fresh('lease');
  await c.insertOne({ _id: 'lease', holder: 'a' });
  const results = await Promise.all(Array.from({ length: 20 }, () => c.deleteOne({ _id: 'lease', holder: 'a' })));
  t.is(
    results.reduce((n, r) => n + r.deletedCount, 0),
    1,
  );
});

test('a conditional update and a delete of one document never both apply', async (t) => {
  const c = fresh('race');
  await c.insertMany(Array.from({ length: 40 }, (_, i) => ({ _id: `r${i}`, state: 'open', version: 0 })));
  const outcomes = await Promise.all(
    Array.from({ length: 40 }, async (_, i) => {
      const [updated, deleted] = await Promise.all([
        c.updateOne({ _id: `r${i}`, state: 'open' }, { $set: { state: 'closed' }, $inc: { version: 1 } }),
        c.deleteOne({ _id: `r${i}`, state: 'open' }),
      ]);
      return updated.modifiedCount + deleted.deletedCount;
    }),
  );
  t.true(outcomes.every((n) => n === 1));
  const left = await c.find({}).toArray();
  t.true(left.every((d) => d.state === 'closed' && d.version === 1));
});

test('unique index: 20 concurrent inserts of one key store exactly one', async (t) => {
  const c = fresh('unique');
  await c.createIndex({ tenant: 1, key: 1 }, { unique: true });
  const results = await Promise.allSettled(
    Array.from({ length: 20 }, (_, i) => c.insertOne({ _id: `u${i}`, tenant: 't', key: 'same' })),
  );
  t.is(results.filter((r) => r.status === 'fulfilled').length, 1);
  t.true(results.every((r) => r.status === 'fulfilled' || duplicateKey(r.reason)));
  t.is(await c.countDocuments({ tenant: 't' }), 1);
  await c.insertOne({ _id: 'other-tenant', tenant: 'u', key: 'same' });
  t.is(await c.countDocuments({}), 2);
});

test('unique index: an update that would duplicate a key fails with E11000 and changes nothing', async (t) => {
  const c = fresh('unique_update');
  await c.createIndex({ number: 1 }, { unique: true });
  await c.insertMany([
    { _id: 'a', number: 'INV-1' },
    { _id: 'b', number: 'INV-2' },
  ]);
  const err = await t.throwsAsync(c.updateOne({ _id: 'b' }, { $set: { number: 'INV-1' } }));
  t.true(duplicateKey(err));
  t.is((await c.findOne({ _id: 'b' }))?.number, 'INV-2');
});

test('queries on indexed fields keep MongoDB semantics: arrays, mixed types, nulls and dotted paths', async (t) => {
  const c = fresh('semantics');
  await c.createIndex({ tag: 1 });
  await c.createIndex({ at: 1 });
  const day = new Date(Date.UTC(2026, 5, 1));
  await c.insertMany([
    { _id: 's1', tag: 'red', at: day, n: 1, nested: { k: 1 } },
    { _id: 's2', tag: ['red', 'blue'], at: 5, n: 2, nested: { k: 2 } },
    { _id: 's3', tag: 'blue', at: 'text', n: 3 },
    { _id: 's4', tag: null, at: new Date(day.getTime() - 1000), n: 4, nested: { k: 1 } },
    { _id: 's5', at: null, n: 5 },
    { _id: 's6', tag: '507f1f77bcf86cd799439011', at: true, n: 6 },
    { _id: 's7', tag: new mongo.ObjectId('507f1f77bcf86cd799439011'), at: 0, n: 7 },
  ]);
  const ids = async (filter: Record<string, unknown>, sort: Record<string, 1 | -1> = { _id: 1 }, limit = 0) =>
    (await c.find(filter).sort(sort).limit(limit).toArray()).map((d) => d._id);

  t.deepEqual(await ids({ tag: 'red' }), ['s1', 's2'], 'equality matches array elements');
  t.deepEqual(await ids({ tag: 'red' }, { n: -1 }, 1), ['s2'], 'with a limit too');
  t.is(await c.countDocuments({ tag: 'red' }), 2);
  t.deepEqual(await ids({ tag: { $in: ['blue', 'green'] } }), ['s2', 's3']);
  t.deepEqual(await ids({ tag: null }), ['s4', 's5'], 'null matches null and missing');
  t.deepEqual(await ids({ tag: '507f1f77bcf86cd799439011' }), ['s6'], 'a string never equals an ObjectId');
  t.deepEqual(await ids({ at: { $lt: day } }), ['s4'], 'a date range matches dates only');
  t.is(await c.countDocuments({ at: { $lte: day } }), 2);
  t.deepEqual(await ids({ at: { $gte: 0, $lt: 10 } }), ['s2', 's7'], 'a number range matches numbers only');
  t.is(await c.countDocuments({ at: true }), 1, 'true is not 1');
  t.deepEqual(await ids({ at: { $exists: true } }, { at: 1, _id: 1 }), ['s5', 's7', 's2', 's3', 's6', 's4', 's1']);
  t.deepEqual(await ids({}, { at: -1, _id: 1 }, 3), ['s1', 's4', 's6'], 'dates sort after booleans');
  t.deepEqual(await ids({ 'nested.k': 1 }, { n: 1 }, 1), ['s1'], 'dotted paths with a limit');
  t.is(await c.countDocuments({ 'nested.k': 1 }), 2);
});

/**
 * Median of `runs` timings of `fn`, interleaved with the other shape's runs by the caller; a
 * warm-up run first.
 */
async function median(fn: () => Promise<unknown>, runs: number): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}

test('indexed queries cost what they match, not what the collection holds', async (t) => {
  // The query shapes the services use: equality on a tenant and a state with a sort and a page,
  // its count, a due-date range with a sort and a limit, a claim by findOneAndUpdate, a lookup by
  // a unique key, and a guarded update. Each runs on a collection holding only the small tenant's
  // documents and on one that also holds 30,000 of another tenant's; an index makes the two cost
  // about the same, a scan makes the large one tens of times slower.
  const indexes = async (c: ReturnType<typeof fresh>) => {
    await c.createIndex({ tenant: 1, created_at: -1 });
    await c.createIndex({ tenant: 1, state: 1, created_at: -1 });
    await c.createIndex({ tenant: 1, key: 1 }, { unique: true });
    await c.createIndex({ state: 1, due_at: 1 });
  };
  const base = Date.UTC(2026, 0, 1);
  const docs = (tenant: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      _id: `${tenant}-${i}`,
      tenant,
      key: `k-${i}`,
      state: i % 3 === 0 ? 'paid' : 'unpaid',
      created_at: new Date(base + i * 60_000),
      due_at: new Date(base + (tenant === 'big' ? 10 ** 10 : 0) + i * 60_000),
      version: 0,
      items: Array.from({ length: 5 }, (_, j) => ({ description: `line ${j}`, quantity: '1', price: '100.00' })),
      notes: 'x'.repeat(200),
    }));
  const small = fresh('small');
  const large = fresh('large');
  await Promise.all([indexes(small), indexes(large)]);
  await small.insertMany(docs('small', 300));
  // The other tenant's documents first, so that a scan would reach the small tenant's last.
  const big = docs('big', 30_000);
  for (let i = 0; i < big.length; i += 2000) await large.insertMany(big.slice(i, i + 2000), { ordered: false });
  await large.insertMany(docs('small', 300));
  t.is(await large.estimatedDocumentCount(), 30_300);

  const cutoff = new Date(base + 100 * 60_000);
  const shapes: Record<string, (c: typeof small) => Promise<unknown>> = {
    'list page': (c) => c.find({ tenant: 'small' }).sort({ created_at: -1, _id: -1 }).skip(25).limit(25).toArray(),
    'list by state': (c) =>
      c.find({ tenant: 'small', state: 'unpaid' }).sort({ created_at: -1, _id: -1 }).limit(25).toArray(),
    'list total': (c) => c.countDocuments({ tenant: 'small', state: 'unpaid' }),
    'due range': (c) =>
      c
        .find({ state: 'unpaid', due_at: { $lte: cutoff } })
        .sort({ due_at: 1 })
        .limit(50)
        .toArray(),
    'claim next due': (c) =>
      c.findOneAndUpdate(
        { state: 'unpaid', due_at: { $lte: cutoff } },
        { $inc: { version: 1 } },
        { sort: { due_at: 1 }, returnDocument: 'after' },
      ),
    'unique key lookup': (c) => c.findOne({ tenant: 'small', key: 'k-150' }),
    'versioned update': async (c) => {
      const doc = await c.findOne({ _id: 'small-7' });
      return c.updateOne({ _id: 'small-7', version: doc!.version }, { $inc: { version: 1 } });
    },
  };
  // The big tenant's first page: sorted by the index, not by reading its 30,000 documents.
  const bigPage = (c: typeof small) => c.find({ tenant: 'big' }).sort({ created_at: -1 }).limit(25).toArray();
  t.is(((await bigPage(large)) as Doc[])[0]?._id, 'big-29999');

  for (const name of ['list page', 'list by state', 'list total', 'due range', 'unique key lookup'])
    t.deepEqual(await shapes[name]!(large), await shapes[name]!(small), `${name}: same result on both`);
  t.is(await shapes['list total']!(large), 200);

  const ratios: Record<string, number> = {};
  for (const [name, shape] of Object.entries(shapes)) {
    const a = await median(() => shape(small), 9);
    const b = await median(() => shape(large), 9);
    ratios[name] = b / Math.max(a, 0.5);
  }
  ratios['big tenant page'] =
    (await median(() => bigPage(large), 9)) / Math.max(await median(() => shapes['list page']!(small), 9), 0.5);
  t.log(
    Object.entries(ratios)
      .map(([k, v]) => `${k}: ×${v.toFixed(2)}`)
      .join(', '),
  );
  for (const [name, ratio] of Object.entries(ratios))
    t.true(ratio < 5, `${name}: ${ratio.toFixed(1)}× slower on the large collection`);
});

test('a sorted claim costs the same with 10,000 items due as with 30', async (t) => {
  // The scheduler's and the senders' claim: findOneAndUpdate on a due range, sorted, taking the
  // earliest. An index serves the sort; without it every due item is read and sorted per claim.
  const base = Date.UTC(2026, 0, 1);
  const queue = async (name: string, due: number) => {
    const c = fresh(name);
    await c.createIndex({ state: 1, due_at: 1 });
    for (let i = 0; i < due; i += 2000)
      await c.insertMany(
        Array.from({ length: Math.min(2000, due - i) }, (_, k) => ({
          _id: `${name}-${i + k}`,
          state: 'queued',
          due_at: new Date(base + (i + k) * 1000),
          lease: null,
        })),
      );
    return c;
  };
  const [few, many] = [await queue('few_due', 30), await queue('many_due', 10_000)];
  const now = new Date(base + 100_000_000);
  const claim = (c: typeof few) =>
    c.findOneAndUpdate(
      { state: 'queued', due_at: { $lte: now } },
      { $set: { due_at: new Date(now.getTime() + 60_000), lease: randomBytes(4).toString('hex') } },
      { sort: { due_at: 1 }, returnDocument: 'before' },
    );
  t.is((await claim(many))?._id, 'many_due-0', 'the earliest due item first');
  t.is((await claim(many))?._id, 'many_due-1');
  const ratio = (await median(() => claim(many), 9)) / Math.max(await median(() => claim(few), 9), 0.5);
  t.log(`claim among 10,000 due / among 30: ×${ratio.toFixed(2)}`);
  t.true(ratio < 5, `${ratio.toFixed(1)}× slower with 10,000 due`);
});
