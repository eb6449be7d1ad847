import { startConsumer, topics } from '@invoice-platform/common/kafka';
import type { Logger } from '@invoice-platform/common/logger';
import type { Consumer, Kafka } from 'kafkajs';
import type { LifecycleEnvelope } from '../domain/events.ts';
import type { FanOut } from '../service/fanout.ts';

/**
 * A new group starts at the end of the topic (events from before the service existed are not
 * sent), but it must *commit* that start before taking any message: otherwise a crash while
 * handling the group's first message of a partition would restart it at the end again and lose
 * that message. Partitions without a committed offset get the current end committed. Only a
 * group without live members can be changed; a replica joining a running group skips this.
 */
export async function commitStartOffsets(kafka: Kafka, groupId: string, topic: string, log: Logger): Promise<void> {
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

/**
 * invoice.lifecycle.v1, group `webhook` (docs/contracts.md §5.4). A handler failure (the database
 * away) makes kafkajs retry the message, so no event is skipped.
 */
export async function startLifecycleConsumer(opts: {
  kafka: Kafka;
  groupId: string;
  fanOut: FanOut;
  log: Logger;
  onStatus: (up: boolean) => void;
}): Promise<Consumer> {
  await commitStartOffsets(opts.kafka, opts.groupId, topics.invoiceLifecycle, opts.log);
  return startConsumer<LifecycleEnvelope['data']>({
    kafka: opts.kafka,
    groupId: opts.groupId,
    topic: topics.invoiceLifecycle,
    log: opts.log,
    onStatus: (up) => {
      opts.log.info({ up }, 'invoice.lifecycle.v1 consumer status');
      opts.onStatus(up);
    },
    handle: async (event) => {
      await opts.fanOut.handle(event as LifecycleEnvelope);
    },
  });
}
