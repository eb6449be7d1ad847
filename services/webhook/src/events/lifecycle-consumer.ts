import { startConsumer, topics } from '@invoice-platform/common/kafka';
import type { Logger } from '@invoice-platform/common/logger';
import type { Consumer, Kafka } from 'kafkajs';
import type { LifecycleEnvelope } from '../domain/events.ts';
import type { FanOut } from '../service/fanout.ts';

/**
 * invoice.lifecycle.v1, group `webhook` (docs/contracts.md §5.4), or with `topic` recurring.v1 in a
 * group of its own (`webhook.recurring`: a group's members must all read the same topics, so the
 * lifecycle group is left as it was). A handler failure (the database away) makes kafkajs retry the
 * message, so no event is skipped.
 */
export async function startLifecycleConsumer(opts: {
  kafka: Kafka;
  groupId: string;
  topic?: string;
  fanOut: FanOut;
  log: Logger;
}): Promise<Consumer> {
  return startConsumer<LifecycleEnvelope['data']>({
    kafka: opts.kafka,
    groupId: opts.groupId,
    topic: opts.topic ?? topics.invoiceLifecycle,
    // Every event must reach the receivers: a crash on the group's first message must not skip it.
    commitStart: true,
    log: opts.log,
    onStatus: (up) => {
      if (opts.topic === topics.recurring) opts.log.info({ up }, 'recurring.v1 consumer status');
      else opts.log.info({ up }, 'invoice.lifecycle.v1 consumer status');
    },
    handle: async (event) => {
      await opts.fanOut.handle(event as LifecycleEnvelope);
    },
  });
}
