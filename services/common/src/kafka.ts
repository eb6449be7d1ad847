import { context, type ObservableCallback, propagation, trace } from '@opentelemetry/api';
import { type Admin, type Consumer, type IHeaders, Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import { retryWithBackoff } from './backoff.ts';
import type { Logger } from './logger.ts';
import { meter } from './metrics.ts';
import { withTimeout } from './timeouts.ts';

export const topics = {
  invoiceLifecycle: 'invoice.lifecycle.v1',
  workspace: 'workspace.v1',
  /** Series events (recurring.paused), keyed by series id: the webhook service forwards them. */
  recurring: 'recurring.v1',
} as const;

/** The JSON envelope of every event (docs/architecture.md#events). */
export interface EventEnvelope<T = unknown> {
  id: string;
  object: 'event';
  type: string;
  created: string;
  workspace_id: string;
  sequence?: number;
  data: T;
}

export function createKafka(clientId: string, brokers: string, log: Logger): Kafka {
  const child = log.child({ component: 'kafkajs' });
  return new Kafka({
    clientId,
    brokers: brokers.split(',').map((b) => b.trim()),
    connectionTimeout: 3000,
    requestTimeout: 10_000,
    retry: { initialRetryTime: 200, retries: 8, maxRetryTime: 5000 },
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ level, log: entry }) => {
        const { message, ...rest } = entry;
        if (level <= logLevel.ERROR) child.error(rest, message);
        else child.warn(rest, message);
      },
  });
}

/** Trace context of the current span, in the W3C headers that travel with an event. */
export function currentTraceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/**
 * Producers publish from outboxes, which already resend until acknowledged and whose consumers
 * dedupe on event id, so sends fail fast (the relay retries) rather than block on a lost broker.
 */
export function createProducer(kafka: Kafka): Producer {
  return kafka.producer({
    allowAutoTopicCreation: false,
    createPartitioner: Partitioners.DefaultPartitioner,
    retry: { retries: 3, initialRetryTime: 200, maxRetryTime: 2000 },
  });
}

/** Connects on first use and again after the broker dropped the connection. */
export function lazyConnection(producer: Producer): () => Promise<void> {
  let connected = false;
  producer.on(producer.events.CONNECT, () => (connected = true));
  producer.on(producer.events.DISCONNECT, () => (connected = false));
  return async () => {
    if (!connected) await producer.connect();
  };
}

export interface ConsumerOptions<T> {
  kafka: Kafka;
  groupId: string;
  /** One topic, or several: kafkajs members of one group must all subscribe to the same topics. */
  topic: string | readonly string[];
  fromBeginning?: boolean;
  /** Commit the start of a new group at the topic's end before consuming (see commitStartOffsets). */
  commitStart?: boolean;
  log: Logger;
  /** Told when the consumer joins its group (true) and when it crashes or disconnects (false). */
  onStatus?: (up: boolean) => void;
  /**
   * How long the broker waits for a heartbeat before it evicts this member and rebalances; the
   * consumer heartbeats while a handler runs, so this only needs to cover a stalled process.
   * Default 10 s.
   */
  sessionTimeoutMs?: number;
  /** Partitions handled at once (each still in order). Default 1. */
  partitionsConsumedConcurrently?: number;
  /** Called once per message, in partition order. Throwing makes kafkajs retry the message. */
  handle(event: EventEnvelope<T>, headers: IHeaders, topic: string): Promise<void>;
}

const heartbeatIntervalMs = 1000;

/**
 * A new group that starts at the end of the topic must *commit* that start before taking any
 * message: otherwise a crash while handling its first message of a partition would restart it at
 * the end again and lose that message, and a message published while the new consumer is still
 * looking up "the end" would be skipped. Partitions without a committed offset get the current end
 * committed. Only a group without live members can be changed; a replica joining a running group
 * skips this. Transient failures (a broker still creating `__consumer_offsets` on a fresh cluster,
 * Kafka down) are retried with backoff for as long as the process runs, as the consumer itself
 * retries its connection; the waits do not keep the process alive.
 */
export async function commitStartOffsets(kafka: Kafka, groupId: string, topic: string, log: Logger): Promise<void> {
  await retryWithBackoff(() => commitStartOffsetsOnce(kafka, groupId, topic, log), {
    onRetry: (err, attempt, waitMs) =>
      log.warn({ groupId, attempt, err: (err as Error).message, waitMs }, 'start offsets not committed yet; retrying'),
  });
}

async function commitStartOffsetsOnce(kafka: Kafka, groupId: string, topic: string, log: Logger): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
    const missing = (committed?.partitions ?? []).filter((p) => p.offset === '-1').map((p) => p.partition);
    if (missing.length === 0) return;
    const ends = await admin.fetchTopicOffsets(topic);
    const partitions = ends
      .filter((p) => missing.includes(p.partition))
      .map((p) => ({ partition: p.partition, offset: p.high }));
    try {
      await admin.setOffsets({ groupId, topic, partitions });
      log.info({ groupId, partitions }, 'committed the start offsets of a new consumer group');
    } catch (err) {
      log.info({ groupId, err: (err as Error).message }, 'start offsets not set (the group has live members)');
    }
  } finally {
    await admin.disconnect();
  }
}

const lagGauge = meter().createObservableGauge('invoice_platform.kafka.consumer.lag', {
  description: "Messages of a partition past its consumer group's committed offset.",
  unit: '{message}',
});

export interface PartitionLag {
  topic: string;
  partition: number;
  lag: number;
}

/**
 * Each partition's end offset minus the group's committed offset (its earliest offset when the
 * group committed none), as the broker knows them: a consumer that stalled or died still shows
 * its lag growing, which the consumer's own fetch statistics would not.
 */
export async function consumerLag(admin: Admin, groupId: string, topicList: string[]): Promise<PartitionLag[]> {
  const committed = await admin.fetchOffsets({ groupId, topics: topicList });
  const rows: PartitionLag[] = [];
  for (const topic of topicList) {
    const ends = await admin.fetchTopicOffsets(topic);
    const mine = committed.find((c) => c.topic === topic)?.partitions ?? [];
    for (const end of ends) {
      const offset = mine.find((p) => p.partition === end.partition)?.offset;
      const from = offset !== undefined && offset !== '-1' ? Number(offset) : Number(end.low);
      rows.push({ topic, partition: end.partition, lag: Math.max(0, Number(end.high) - from) });
    }
  }
  return rows;
}

/**
 * Reports the lag of `groupId` on `topicList` at each scrape, through an admin client of its own
 * that connects on the first scrape; the returned function ends it.
 */
function observeLag(kafka: Kafka, groupId: string, topicList: string[], log: Logger): () => Promise<void> {
  const admin = kafka.admin();
  let connecting: Promise<void> | undefined;
  admin.on(admin.events.DISCONNECT, () => (connecting = undefined));
  const observe: ObservableCallback = async (result) => {
    try {
      connecting ??= admin.connect().catch((err: unknown) => {
        connecting = undefined;
        throw err;
      });
      const rows = await withTimeout(
        connecting.then(() => consumerLag(admin, groupId, topicList)),
        2000,
      );
      for (const row of rows) {
        result.observe(row.lag, {
          'messaging.consumer.group.name': groupId,
          'messaging.destination.name': row.topic,
          'messaging.destination.partition.id': String(row.partition),
        });
      }
    } catch (err) {
      log.warn({ groupId, err: (err as Error).message }, 'consumer lag not read');
    }
  };
  lagGauge.addCallback(observe);
  return async () => {
    lagGauge.removeCallback(observe);
    if (connecting) await admin.disconnect().catch(() => undefined);
  };
}

function extractHeaders(headers: IHeaders | undefined) {
  const carrier: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (value !== undefined) carrier[key] = String(value);
  }
  return propagation.extract(context.active(), carrier);
}

/** Runs a consumer whose handler sees each event inside the producer's trace context. */
export async function startConsumer<T>(opts: ConsumerOptions<T>): Promise<Consumer> {
  const topicList = typeof opts.topic === 'string' ? [opts.topic] : [...opts.topic];
  if (opts.commitStart && !opts.fromBeginning) {
    for (const topic of topicList) await commitStartOffsets(opts.kafka, opts.groupId, topic, opts.log);
  }
  const consumer = opts.kafka.consumer({
    groupId: opts.groupId,
    allowAutoTopicCreation: false,
    // How long the broker holds a fetch that finds nothing new; it answers as soon as a message
    // arrives, so this bounds only an idle consumer's polling: 10 fetches a second per consumer at
    // 100 ms, which kept Kafka and every service busy between requests (docs/benchmarks.md).
    maxWaitTimeInMs: 500,
    sessionTimeout: opts.sessionTimeoutMs ?? 10_000,
    heartbeatInterval: heartbeatIntervalMs,
    retry: { retries: Number.MAX_SAFE_INTEGER, initialRetryTime: 300, maxRetryTime: 5000 },
  });
  if (opts.onStatus) {
    const report = opts.onStatus;
    consumer.on(consumer.events.GROUP_JOIN, () => report(true));
    consumer.on(consumer.events.CRASH, () => report(false));
    consumer.on(consumer.events.DISCONNECT, () => report(false));
  }
  await consumer.connect();
  await consumer.subscribe({ topics: topicList, fromBeginning: opts.fromBeginning ?? false });
  await consumer.run({
    partitionsConsumedConcurrently: opts.partitionsConsumedConcurrently ?? 1,
    eachMessage: async ({ topic, message, heartbeat }) => {
      if (!message.value) return;
      let event: EventEnvelope<T>;
      try {
        event = JSON.parse(message.value.toString('utf8')) as EventEnvelope<T>;
      } catch {
        opts.log.error({ topic, offset: message.offset }, 'kafka message is not JSON; skipped');
        return;
      }
      // The kafkajs instrumentation (telemetry preload) has already continued the message's trace
      // with its process span, which the handler's spans must hang from; only without it is the
      // producer's context taken from the headers here (docs/observability.md).
      const parent = trace.getSpan(context.active()) ? context.active() : extractHeaders(message.headers);
      // kafkajs heartbeats only between messages on its own: a handler longer than the session
      // timeout (a PDF re-render with its retries) would get this member evicted, the group
      // rebalanced and the message handled again elsewhere.
      const beat = setInterval(() => void heartbeat().catch(() => undefined), heartbeatIntervalMs);
      try {
        await context.with(parent, () => opts.handle(event, message.headers ?? {}, topic));
      } finally {
        clearInterval(beat);
      }
    },
  });
  const stopLag = observeLag(opts.kafka, opts.groupId, topicList, opts.log);
  const disconnect = consumer.disconnect.bind(consumer);
  consumer.disconnect = async () => {
    await stopLag();
    await disconnect();
  };
  return consumer;
}
