import { setTimeout as sleep } from 'node:timers/promises';
// A CommonJS module whose enums Node's named-import detection does not see.
import kafkajs, { type Admin, type Kafka } from 'kafkajs';
import type { Logger } from './logger.ts';

export interface TopicSpec {
  topic: string;
  partitions: number;
  replicationFactor: number;
  /** `retention.ms`; left as the broker's default when absent. */
  retentionMs?: number;
}

/** How long the broker may take to show a change its controller has acknowledged. */
const VISIBLE_WITHIN_MS = 30_000;

/**
 * Creates the topics that are missing, raises the partition count of those that have fewer than
 * asked, and sets their retention. Kafka cannot remove partitions or change a topic's replication
 * factor in place, so those differences are logged for an operator, not acted on. Returns once
 * the broker shows every change, so whatever runs after the setup Job sees the topics as asked.
 */
export async function ensureTopics(
  kafka: Kafka,
  specs: readonly TopicSpec[],
  log: Logger,
  visibleWithinMs = VISIBLE_WITHIN_MS,
): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = specs.filter((s) => !existing.has(s.topic));
    if (missing.length > 0) {
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((s) => ({
          topic: s.topic,
          numPartitions: s.partitions,
          replicationFactor: s.replicationFactor,
          configEntries: s.retentionMs === undefined ? [] : [{ name: 'retention.ms', value: String(s.retentionMs) }],
        })),
      });
      log.info({ topics: missing.map((s) => s.topic) }, 'topics created');
    }
    const present = specs.filter((s) => existing.has(s.topic));
    if (present.length > 0) await reconcile(admin, present, log);
    await untilVisible(admin, specs, visibleWithinMs);
  } finally {
    await admin.disconnect();
  }
}

async function reconcile(admin: Admin, specs: readonly TopicSpec[], log: Logger): Promise<void> {
  const { topics } = await admin.fetchTopicMetadata({ topics: specs.map((s) => s.topic) });
  const grow: { topic: string; count: number }[] = [];
  for (const spec of specs) {
    const meta = topics.find((t) => t.name === spec.topic);
    const partitions = meta?.partitions.length ?? 0;
    const replicas = meta?.partitions[0]?.replicas.length ?? 0;
    if (partitions < spec.partitions) grow.push({ topic: spec.topic, count: spec.partitions });
    else if (partitions > spec.partitions) {
      log.warn({ topic: spec.topic, partitions, wanted: spec.partitions }, 'topic has more partitions than configured');
    }
    if (replicas !== spec.replicationFactor) {
      log.warn({ topic: spec.topic, replicas, wanted: spec.replicationFactor }, 'topic replication factor differs');
    }
  }
  if (grow.length > 0) {
    await admin.createPartitions({ topicPartitions: grow });
    log.info({ topics: grow }, 'topic partitions raised');
  }
  const retained = specs.filter((s) => s.retentionMs !== undefined);
  // AlterConfigs replaces a topic's overrides as a whole: retention is the only one the platform sets.
  if (retained.length > 0) {
    await admin.alterConfigs({
      validateOnly: false,
      resources: retained.map((s) => ({
        type: kafkajs.ConfigResourceTypes.TOPIC,
        name: s.topic,
        configEntries: [{ name: 'retention.ms', value: String(s.retentionMs) }],
      })),
    });
  }
}

/**
 * In KRaft mode the controller acknowledges a change before the brokers have applied it from the
 * metadata log, so a describe right after an alter can still show the old value. This waits
 * until the broker answers with what was asked, and fails the setup if it never does.
 */
async function untilVisible(admin: Admin, specs: readonly TopicSpec[], withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  let behind = await lagging(admin, specs);
  while (behind.length > 0) {
    if (Date.now() >= deadline) {
      throw new Error(`Kafka did not show the topic settings asked within ${withinMs} ms: ${behind.join('; ')}`);
    }
    await sleep(200);
    behind = await lagging(admin, specs);
  }
}

/** The specs the broker does not show yet, each described for an operator. */
async function lagging(admin: Admin, specs: readonly TopicSpec[]): Promise<string[]> {
  const { topics } = await admin.fetchTopicMetadata({ topics: specs.map((s) => s.topic) });
  const retained = specs.filter((s) => s.retentionMs !== undefined);
  const { resources } =
    retained.length === 0
      ? { resources: [] }
      : await admin.describeConfigs({
          includeSynonyms: false,
          resources: retained.map((s) => ({
            type: kafkajs.ConfigResourceTypes.TOPIC,
            name: s.topic,
            configNames: ['retention.ms'],
          })),
        });
  const behind: string[] = [];
  for (const spec of specs) {
    const partitions = topics.find((t) => t.name === spec.topic)?.partitions.length ?? 0;
    if (partitions < spec.partitions) behind.push(`${spec.topic} has ${partitions} partitions of ${spec.partitions}`);
    if (spec.retentionMs === undefined) continue;
    const shown = resources
      .find((r) => r.resourceName === spec.topic)
      ?.configEntries.find((e) => e.configName === 'retention.ms')?.configValue;
    if (shown !== String(spec.retentionMs)) {
      behind.push(`${spec.topic} has retention.ms ${shown ?? 'unset'} instead of ${spec.retentionMs}`);
    }
  }
  return behind;
}
