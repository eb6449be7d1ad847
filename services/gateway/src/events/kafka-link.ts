import { retryWithBackoff } from '@invoice-platform/common/backoff';
import { answersWithin } from '@invoice-platform/common/health';
import type { Logger } from '@invoice-platform/common/logger';
import type { Admin, Consumer, Kafka } from 'kafkajs';
import type { Authenticator } from '../http/auth.ts';
import { startWorkspaceConsumer } from './workspace-consumer.ts';

export interface KafkaLinkDeps {
  kafka: Kafka;
  auth: Authenticator;
  log: Logger;
}

/**
 * The gateway's Kafka: an admin client, for the health report, and the workspace.v1 consumer.
 * Kafka only carries cache invalidations here (the auth cache's TTL bounds what a missed one
 * costs), so the gateway listens at once and joins in the background, retrying for as long as it
 * runs (docs/health.md).
 */
export class KafkaLink {
  private readonly deps: KafkaLinkDeps;
  private readonly admin: Admin;
  private adminConnected = false;
  private consumerUp = false;
  private consumer: Consumer | undefined;
  private stopping = false;

  constructor(deps: KafkaLinkDeps) {
    this.deps = deps;
    this.admin = deps.kafka.admin();
    this.admin.on(this.admin.events.CONNECT, () => (this.adminConnected = true));
    this.admin.on(this.admin.events.DISCONNECT, () => (this.adminConnected = false));
  }

  /** Starts joining in the background and returns at once. */
  join(): void {
    const retry = <T>(what: string, start: () => Promise<T>) =>
      retryWithBackoff(start, {
        stopped: () => this.stopping,
        onRetry: (err, attempt, waitMs) =>
          this.deps.log.warn(
            { what, attempt, err: (err as Error).message, waitMs },
            'kafka not reachable yet; retrying',
          ),
      });
    void retry('kafka admin', () => this.admin.connect());
    void retry('workspace.v1 consumer', () =>
      startWorkspaceConsumer({
        kafka: this.deps.kafka,
        auth: this.deps.auth,
        log: this.deps.log,
        onStatus: (up) => {
          // Logged on each change: the health report's `workspace_consumer` then has a time in the log.
          if (up !== this.consumerUp) this.deps.log[up ? 'info' : 'warn']({ up }, 'workspace.v1 consumer status');
          this.consumerUp = up;
        },
      }),
    ).then((consumer) => {
      this.consumer = consumer;
      if (this.stopping) void consumer?.disconnect().catch(() => undefined);
    });
  }

  /** True when the cluster answers the admin client within `timeoutMs`; false while it is not connected. */
  reachable(timeoutMs: number): Promise<boolean> {
    return this.adminConnected ? answersWithin(() => this.admin.describeCluster(), timeoutMs) : Promise.resolve(false);
  }

  /** True while the workspace.v1 consumer is in its group. */
  consumerJoined(): boolean {
    return this.consumerUp;
  }

  /** Makes no further attempt to join: the gateway is stopping. */
  stopJoining(): void {
    this.stopping = true;
  }

  /** Leaves the consumer group and closes the admin client; nothing joins after it. */
  async disconnect(): Promise<void> {
    this.stopping = true;
    await this.consumer?.disconnect().catch(() => undefined);
    await this.admin.disconnect().catch(() => undefined);
  }
}
