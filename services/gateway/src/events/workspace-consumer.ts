import { hostname } from 'node:os';
import { randomBase62 } from '@invoice-platform/common/ids';
import { startConsumer, topics } from '@invoice-platform/common/kafka';
import type { Logger } from '@invoice-platform/common/logger';
import type { Consumer, Kafka } from 'kafkajs';
import type { Authenticator } from '../http/auth.ts';

export interface WorkspaceConsumerDeps {
  kafka: Kafka;
  /** The cache the events drop entries from. */
  auth: Authenticator;
  log: Logger;
  /** Told when the consumer joins its group (true) and when it leaves or crashes (false). */
  onStatus: (up: boolean) => void;
}

/**
 * Every gateway replica must see every workspace.v1 event to drop its own cache entries, so each
 * replica reads in a group of its own rather than sharing the service-wide group.
 */
export async function startWorkspaceConsumer(deps: WorkspaceConsumerDeps): Promise<Consumer> {
  const { kafka, auth, log, onStatus } = deps;
  return startConsumer<{ workspace?: { id: string }; workspace_id?: string; key_id?: string }>({
    kafka,
    groupId: `gateway.cache.${hostname()}.${process.pid}.${randomBase62(6)}`,
    topic: topics.workspace,
    // Its start is committed before it reads: an event sent while it was starting, or during a
    // Kafka outage before it had committed anything, is read rather than skipped.
    commitStart: true,
    log,
    onStatus,
    handle: async (event) => {
      if (event.type === 'api_key.revoked' && event.data.key_id) auth.invalidateKey(event.data.key_id);
      if (event.type === 'workspace.updated') auth.invalidateWorkspace(event.workspace_id);
    },
  });
}
