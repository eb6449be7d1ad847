import { randomBytes } from 'node:crypto';
import test from 'ava';
import type { Consumer, Kafka } from 'kafkajs';
import { stackEnv, waitFor } from '@invoice-platform/test-support/platform';
import { createKafka, type EventEnvelope, startConsumer } from '../../src/kafka.ts';
import { createLogger } from '../../src/logger.ts';

// startConsumer against the real broker: a handler that runs past the session timeout keeps its
// group membership (the consumer heartbeats while it works), and partitions are handled side by side.

const stack = stackEnv();
const log = createLogger('kafka-test', process.env.TEST_LOG_LEVEL ?? 'silent');
const kafka: Kafka = createKafka('kafka-test', stack.KAFKA_BROKERS!, log);
const consumers: Consumer[] = [];

test.after.always(async () => {
  await Promise.all(consumers.map((c) => c.disconnect().catch(() => undefined)));
});

async function newTopic(partitions: number): Promise<string> {
  const topic = `test.consumer.${randomBytes(4).toString('hex')}`;
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.createTopics({
      topics: [{ topic, numPartitions: partitions, replicationFactor: 1 }],
      waitForLeaders: true,
    });
  } finally {
    await admin.disconnect();
  }
  return topic;
}

async function publish(topic: string, partition: number, id: string): Promise<void> {
  const producer = kafka.producer();
  await producer.connect();
  try {
    const event: EventEnvelope = {
      id,
      object: 'event',
      type: 'test.sent',
      created: new Date().toISOString(),
      workspace_id: 'WS1',
      data: {},
    };
    await producer.send({ topic, messages: [{ partition, key: id, value: JSON.stringify(event) }] });
  } finally {
    await producer.disconnect();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.serial('a handler running twice the session timeout is handled once, without a rebalance', async (t) => {
  const topic = await newTopic(1);
  const handled: string[] = [];
  let joins = 0;
  consumers.push(
    await startConsumer({
      kafka,
      groupId: `test-heartbeat-${randomBytes(4).toString('hex')}`,
      topic,
      fromBeginning: true,
      sessionTimeoutMs: 6000,
      log,
      onStatus: (up) => {
        if (up) joins++;
      },
      handle: async (event) => {
        handled.push(event.id);
        await sleep(13_000);
      },
    }),
  );
  await waitFor('the consumer to join its group', async () => joins > 0 || undefined, 30_000, 50);
  await publish(topic, 0, 'evt_long');
  await waitFor('the message to be handled', async () => handled.length > 0 || undefined, 30_000, 50);
  // The handler ends after 13 s; a member evicted at 6 s would rejoin and take the message again.
  await sleep(18_000);
  t.deepEqual(handled, ['evt_long']);
  t.is(joins, 1);
});

test.serial('partitions fetched together are handled side by side: a slow one does not hold the other', async (t) => {
  const topic = await newTopic(2);
  // kafkajs fetches once per broker and hands the partitions of that fetch to its workers; both
  // events wait in the topic, so the first fetch holds both.
  await publish(topic, 0, 'evt_slow');
  await publish(topic, 1, 'evt_fast');
  const finished: string[] = [];
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  consumers.push(
    await startConsumer({
      kafka,
      groupId: `test-partitions-${randomBytes(4).toString('hex')}`,
      topic,
      fromBeginning: true,
      partitionsConsumedConcurrently: 2,
      log,
      handle: async (event) => {
        if (event.id === 'evt_slow') await slow;
        finished.push(event.id);
      },
    }),
  );
  try {
    await waitFor(
      'the other partition to be handled',
      async () => finished.includes('evt_fast') || undefined,
      30_000,
      50,
    );
  } finally {
    release();
  }
  await waitFor('the slow one to finish', async () => finished.includes('evt_slow') || undefined, 20_000, 50);
  t.deepEqual(finished, ['evt_fast', 'evt_slow']);
});
