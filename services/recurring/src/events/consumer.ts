import { startConsumer, topics } from '@invoice-platform/common/kafka';
import type { Logger } from '@invoice-platform/common/logger';
import type { Consumer, Kafka } from 'kafkajs';
import type { InvoiceEvent } from './invoice-events.ts';
import type { WorkspaceEvent } from './workspace-events.ts';

/**
 * workspace.v1 and invoice.lifecycle.v1 in one consumer of group `recurring` (kafkajs members of
 * a group must subscribe to the same topics). A new group commits its start at the topics' ends
 * before consuming, as the other services' consumers do: nothing published while it starts is
 * missed, and the topics' history is not replayed (old plan changes would pause series made since).
 */
export function startEventConsumer(opts: {
  kafka: Kafka;
  groupId: string;
  onWorkspace: (event: WorkspaceEvent) => Promise<void>;
  onInvoice: (event: InvoiceEvent) => Promise<void>;
  log: Logger;
  /** Told when the consumer joins its group (true) and when it crashes or disconnects (false). */
  onStatus?: (up: boolean) => void;
}): Promise<Consumer> {
  return startConsumer<unknown>({
    kafka: opts.kafka,
    groupId: opts.groupId,
    topic: [topics.workspace, topics.invoiceLifecycle],
    commitStart: true,
    log: opts.log,
    onStatus: opts.onStatus,
    handle: (event, _headers, topic) =>
      topic === topics.workspace ? opts.onWorkspace(event as WorkspaceEvent) : opts.onInvoice(event as InvoiceEvent),
  });
}
