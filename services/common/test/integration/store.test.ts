import { randomBytes } from 'node:crypto';
import test from 'ava';
import { Kafka, logLevel } from 'kafkajs';
import { type Connection, Schema } from 'mongoose';
import { stackEnv, waitFor } from '@invoice-platform/test-support/platform';
import { createKafka, createProducer } from '../../src/kafka.ts';
import { createLogger } from '../../src/logger.ts';
import { connectMongo } from '../../src/mongo.ts';
import { operator } from '../../src/store/operators.ts';
import { giveBack, takeOne } from '../../src/store/counters.ts';
import {
  claimDue,
  claimFree,
  completeLease,
  type Leasable,
  type LeasedUntil,
  leaseFree,
  releaseAllHeld,
  releaseHeld,
  renewHeld,
  renewLease,
  takeFree,
  writeHeld,
} from '../../src/store/leases.ts';
import { addOutbox, newOutbox, type OutboxMessage, withEvents, type WithOutbox } from '../../src/store/outbox.ts';
import { OutboxRelay } from '../../src/store/outbox-relay.ts';
import { changeVersioned, updateIfVersion } from '../../src/store/versioned.ts';

// The data kit of services/common/src/store on the local stack's MongoDB-wire server and Kafka,
// through the services' own connection (connectMongo: filters sanitized).

interface Item extends WithOutbox, Leasable {
  version: number;
  n: number;
  balance: number;
  tag: string;
}

const itemSchema = new Schema<Item>(
  {
    _id: String,
    version: { type: Number, default: 0 },
    n: { type: Number, default: 0 },
    balance: { type: Number, default: 0 },
    tag: { type: String, default: '' },
    due_at: { type: Date, default: null },
    lease_token: { type: String, default: null },
  },
  { versionKey: false, collection: 'items', minimize: false },
);
itemSchema.index({ tag: 1, due_at: 1 });
addOutbox(itemSchema);

/** An item leased apart from when it is due (`lease_until`), as recurring's occurrences are. */
interface HeldItem extends LeasedUntil {
  tag: string;
  n: number;
}

const heldItemSchema = new Schema<HeldItem>(
  {
    _id: String,
    tag: { type: String, default: '' },
    n: { type: Number, default: 0 },
    lease_token: { type: String, default: null },
    lease_until: { type: Date, default: null },
  },
  { versionKey: false, collection: 'held_items', minimize: false },
);

let conn: Connection;
const Item = () => conn.model<Item>('Item', itemSchema);
const HeldItem = () => conn.model<HeldItem>('HeldItem', heldItemSchema);
const log = createLogger('store-test', 'silent');

test.before(async () => {
  conn = await connectMongo(stackEnv().MONGODB_URI!, `common_store_${process.pid}_${Date.now().toString(36)}`, log);
  await Item().createIndexes();
  await HeldItem().createIndexes();
});
test.after.always(async () => {
  await conn?.dropDatabase().catch(() => undefined);
  await conn?.close();
});

let ids = 0;
const newItem = async (fields: Partial<Item> = {}) =>
  (await Item().create({ _id: `item-${++ids}`, ...fields })).toObject() as Item;

test("connectMongo: an operator object in a filter value is a literal (never matches, never changes); only operator() marks the code's own", async (t) => {
  await newItem({ tag: 'sanitize-a', n: 1 });
  await newItem({ tag: 'sanitize-b', n: 2 });
  // What a request body could carry in place of a string id or a number. As a literal it is an
  // object where the schema has a string or a number: mongoose refuses it with a CastError before
  // anything reaches the database (without sanitizeFilter, each of these matches both items).
  const hostile: Record<string, unknown>[] = [
    { tag: { $ne: 'x' } },
    { tag: { $regex: '^sanitize' } },
    { tag: { $gt: '' } },
    { tag: { $in: ['sanitize-a', 'sanitize-b'] } },
    { n: { $gt: 0 } },
    { $or: [{ n: { $gte: 1 } }, { tag: { $exists: true } }] },
  ];
  for (const filter of hostile) {
    const what = JSON.stringify(filter);
    await t.throwsAsync(
      Item()
        .countDocuments(filter as never)
        .exec(),
      { name: 'CastError' },
      what,
    );
    await t.throwsAsync(
      Item()
        .findOne(filter as never)
        .exec(),
      { name: 'CastError' },
      what,
    );
    await t.throwsAsync(
      Item()
        .updateMany(filter as never, { $set: { n: 99 } })
        .exec(),
      { name: 'CastError' },
      what,
    );
  }
  const items = await Item()
    .find({ tag: operator({ $in: ['sanitize-a', 'sanitize-b'] }) })
    .lean()
    .exec();
  t.deepEqual(items.map((d) => d.n).sort(), [1, 2], 'nothing changed');
  // The code's own operators still act, nested under $or too.
  t.is(
    await Item()
      .countDocuments({ tag: operator({ $regex: '^sanitize' }) })
      .exec(),
    2,
  );
  t.is(
    await Item()
      .countDocuments({ $or: [{ tag: 'sanitize-a' }, { n: operator({ $gt: 1 }), tag: 'sanitize-b' }] })
      .exec(),
    2,
  );
});

test('updateIfVersion: of 20 concurrent compare-and-sets from one version, one applies', async (t) => {
  const item = await newItem();
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) => updateIfVersion(Item(), item._id, 0, { $set: { tag: `w${i}` } })),
  );
  const winners = results.filter((r) => r !== null);
  t.is(winners.length, 1);
  t.like(await Item().findById(item._id).lean().exec(), { version: 1, tag: winners[0]!.tag });
});

test('changeVersioned: 15 concurrent read-decide-writes each apply once, on the state they decided on', async (t) => {
  const item = await newItem();
  const load = async () => (await Item().findById(item._id).lean<Item>().exec())!;
  const results = await Promise.all(
    Array.from({ length: 15 }, () => changeVersioned(Item(), load, (cur) => ({ $set: { n: cur.n + 1 } }))),
  );
  t.like(await load(), { n: 15, version: 15 });
  t.deepEqual(
    results.map((r) => r.after!.n).sort((a, b) => a - b),
    Array.from({ length: 15 }, (_, i) => i + 1),
  );
  t.true(results.every((r) => r.after!.n === r.before.n + 1));
  const unchanged = await changeVersioned(Item(), load, () => null);
  t.is(unchanged.after, null);
  t.is((await load()).version, 15, 'nothing to change writes nothing');
});

test('takeOne / giveBack: 30 takers of 10 units get 10; a give-back guarded by what it undoes happens once', async (t) => {
  const item = await newItem({ balance: 10 });
  const taken = await Promise.all(Array.from({ length: 30 }, () => takeOne(Item(), item._id, 'balance')));
  t.is(taken.filter((r) => r !== null).length, 10);
  t.is((await Item().findById(item._id).lean().exec())?.balance, 0);
  await Item()
    .updateOne({ _id: item._id }, { $set: { tag: 'hold' } })
    .exec();
  const gave = await Promise.all(
    Array.from({ length: 5 }, () => giveBack(Item(), item._id, 'balance', 1, { tag: 'hold' }, { $set: { tag: '' } })),
  );
  t.is(gave.filter(Boolean).length, 1);
  t.is((await Item().findById(item._id).lean().exec())?.balance, 1);
});

test('leases: concurrent claimers take each due item once; a lease that runs out is due again and the old holder can no longer write', async (t) => {
  const tag = `queue-${randomBytes(3).toString('hex')}`;
  const now = new Date('2026-11-23T10:00:00Z');
  const items = await Promise.all(
    Array.from({ length: 6 }, (_, i) => newItem({ tag, due_at: new Date(now.getTime() - (6 - i) * 1000) })),
  );
  await newItem({ tag, due_at: new Date(now.getTime() + 60_000) });
  const claims = await Promise.all(Array.from({ length: 12 }, () => claimDue(Item(), { tag }, now, 30_000)));
  const won = claims.filter((c) => c !== null);
  t.is(won.length, 6);
  t.deepEqual(won.map((c) => c.doc._id).sort(), items.map((i) => i._id).sort());

  const first = won.find((c) => c.doc._id === items[0]!._id)!;
  t.true(await renewLease(Item(), first, new Date(now.getTime() + 45_000)));
  const whileRenewed = new Date(now.getTime() + 40_000);
  const expired = await Promise.all(Array.from({ length: 6 }, () => claimDue(Item(), { tag }, whileRenewed, 30_000)));
  t.is(expired.filter((c) => c !== null).length, 5, 'the leases that ran out are due again, the renewed one is not');
  t.false(expired.some((c) => c?.doc._id === first.doc._id));
  const later = new Date(now.getTime() + 50_000);
  const retaken = await claimDue(Item(), { tag }, later, 30_000);
  t.is(retaken?.doc._id, first.doc._id, 'once its renewed lease runs out, it is due too');
  t.false(await completeLease(Item(), first, { due_at: null }), 'the lost lease writes nothing');
  t.false(await renewLease(Item(), first, new Date(later.getTime() + 30_000)));
  t.true(await completeLease(Item(), retaken!, { due_at: null, tag: `${tag}-done` }));
  t.like(await Item().findById(items[0]!._id).lean().exec(), { due_at: null, lease_token: null, tag: `${tag}-done` });
});

test('leases apart from due time: one claimer of many holds an item until its lease runs out; the old holder then writes nothing', async (t) => {
  const tag = `held-${randomBytes(3).toString('hex')}`;
  const now = new Date('2026-11-23T10:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  const id = `${tag}-1`;
  await HeldItem().create({ _id: id, tag });

  // Never leased (lease_until null): free. Of twelve claimers exactly one gets it.
  const claims = await Promise.all(Array.from({ length: 12 }, () => claimFree(HeldItem(), { _id: id }, now, 30_000)));
  const won = claims.filter((c) => c !== null);
  t.is(won.length, 1);
  const first = won[0]!;
  t.like(first.doc, { _id: id, lease_token: first.token, lease_until: at(30_000) });
  t.is(await claimFree(HeldItem(), { _id: id }, at(29_999), 30_000), null, 'held until its end');
  t.is(
    await HeldItem()
      .countDocuments({ _id: id, ...leaseFree(at(29_999)) })
      .exec(),
    0,
  );
  t.is(
    await HeldItem()
      .countDocuments({ _id: id, ...leaseFree(at(30_000)) })
      .exec(),
    1,
    'free at its end',
  );

  t.true(await renewHeld(HeldItem(), first, at(45_000), { n: 1 }));
  t.true(await writeHeld(HeldItem(), first, { $set: { n: 2 } }, { tag }));
  t.false(await writeHeld(HeldItem(), first, { $set: { n: 3 } }, { tag: 'another' }), 'the filter holds too');
  t.is(await claimFree(HeldItem(), { _id: id }, at(40_000), 30_000), null, 'renewed: still held');

  const second = await claimFree(HeldItem(), { _id: id }, at(45_000), 30_000);
  t.truthy(second, 'taken over once the renewed lease ran out');
  t.false(await renewHeld(HeldItem(), first, at(90_000)));
  t.false(await writeHeld(HeldItem(), first, { $set: { n: 9 } }));
  t.false(await releaseHeld(HeldItem(), first, { $set: { n: 9 } }));
  t.true(await releaseHeld(HeldItem(), second!, { $set: { n: 4 } }));
  t.like(await HeldItem().findById(id).lean().exec(), { n: 4, lease_token: null, lease_until: null });
});

test('leases apart from due time: items held under one token, all or none, and given back', async (t) => {
  const tag = `hold-${randomBytes(3).toString('hex')}`;
  const now = new Date('2026-11-23T10:00:00Z');
  const ids = [`${tag}-1`, `${tag}-2`, `${tag}-3`];
  await HeldItem().create(ids.map((_id) => ({ _id, tag })));
  const worker = await claimFree(HeldItem(), { _id: ids[2] }, now, 60_000);
  t.truthy(worker);

  t.true(await takeFree(HeldItem(), { _id: ids[0] }, 'hold-token', now, 60_000, { n: 1 }));
  t.true(await takeFree(HeldItem(), { _id: ids[1] }, 'hold-token', now, 60_000));
  t.false(await takeFree(HeldItem(), { _id: ids[2] }, 'hold-token', now, 60_000), "the worker's lease holds");
  await releaseAllHeld(HeldItem(), ids, 'hold-token');
  const docs = await HeldItem().find({ tag }).sort({ _id: 1 }).lean<HeldItem[]>().exec();
  t.deepEqual(
    docs.map((d) => [d.n, d.lease_token]),
    [
      [1, null],
      [0, null],
      [0, worker!.token],
    ],
    "what the token held is given back; the worker's lease is untouched",
  );
});

test('OutboxRelay: events written with a change reach Kafka in order and leave the document; later ones follow', async (t) => {
  const { KAFKA_BROKERS } = stackEnv();
  const topic = `outbox-relay-test-${randomBytes(4).toString('hex')}`;
  const kafka = new Kafka({ clientId: 'outbox-test', brokers: KAFKA_BROKERS!.split(','), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
  t.teardown(async () => {
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
  });
  const received: { id: string; key: string; value: string }[] = [];
  const consumer = kafka.consumer({ groupId: `${topic}-reader`, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      received.push({
        id: String(message.headers?.['event-id']),
        key: String(message.key),
        value: String(message.value),
      });
    },
  });
  t.teardown(() => consumer.disconnect());

  const event = (id: string, key: string): OutboxMessage => ({ id, topic, key, value: `{"id":"${id}"}`, headers: {} });
  const now = new Date();
  const item = await Item().create({
    _id: `item-${++ids}`,
    ...newOutbox([event('evt_1', 'k'), event('evt_2', 'k')], now),
  });
  const producer = createProducer(createKafka('outbox-test', KAFKA_BROKERS!, log));
  const relay = new OutboxRelay({ models: [Item()], producer, log, pollMs: 200 });
  relay.start();
  t.teardown(async () => {
    await relay.stop();
    await producer.disconnect();
  });

  await waitFor('the first two events', async () => received.length >= 2);
  t.deepEqual(
    received.map((r) => r.id),
    ['evt_1', 'evt_2'],
  );
  await waitFor('the outbox emptied', async () => {
    const doc = await Item().findById(item._id).lean().exec();
    return doc?.outbox.length === 0 && doc.outbox_at === null;
  });

  const current = (await Item().findById(item._id).lean<Item>().exec())!;
  await updateIfVersion(
    Item(),
    item._id,
    current.version,
    withEvents<Item>(current, { $set: { tag: 'changed' } }, [event('evt_3', 'k')], new Date()),
  );
  relay.notify();
  await waitFor('the third event', async () => received.some((r) => r.id === 'evt_3'));
  t.deepEqual(
    received.map((r) => r.id),
    ['evt_1', 'evt_2', 'evt_3'],
    'each event once, in order',
  );
  await waitFor(
    'the outbox emptied again',
    async () => (await Item().findById(item._id).lean().exec())?.outbox_at === null,
  );
});
