import { startConsumer, topics } from '@invoice-platform/common/kafka';
import type { Logger } from '@invoice-platform/common/logger';
import type { Consumer, Kafka } from 'kafkajs';
import type { LifecycleData } from '../domain/rerender.ts';
import type { Rerender } from '../service/rerender.ts';

/**
 * invoice.lifecycle.v1, group `pdf` (docs/contracts.md §5.1): every status change, credit note and
 * recorded payment re-rendered (domain/rerender.ts rerenderTypes). A
 * handler failure (the invoice service unavailable) makes kafkajs retry the message.
 */
export function startRerenderConsumer(opts: {
  kafka: Kafka;
  groupId: string;
  sessionTimeoutMs: number;
  partitionsConsumedConcurrently: number;
  rerender: Rerender;
  log: Logger;
  /** Told when the consumer joins its group (true) or drops out (false). */
  onStatus?: (up: boolean) => void;
}): Promise<Consumer> {
  const { log } = opts;
  return startConsumer<LifecycleData>({
    kafka: opts.kafka,
    groupId: opts.groupId,
    topic: topics.invoiceLifecycle,
    commitStart: true,
    sessionTimeoutMs: opts.sessionTimeoutMs,
    partitionsConsumedConcurrently: opts.partitionsConsumedConcurrently,
    log,
    onStatus: (up) => {
      log.info({ up }, 'invoice.lifecycle.v1 consumer status');
      opts.onStatus?.(up);
    },
    handle: (event) => opts.rerender.onLifecycleEvent(event),
  });
}
