import { answersWithin, checkAll } from '@invoice-platform/common/health';
import type { Redis } from 'ioredis';
import type { KafkaLink } from './events/kafka-link.ts';
import type { Peers } from './service/peers.ts';

export interface GatewayHealthDeps {
  redis: Redis;
  peers: Peers;
  kafka: KafkaLink;
}

/** How long each dependency has to answer a check. */
const checkTimeoutMs = 1000;

/** The gateway's health (docs/health.md): its readiness, and the report of every dependency. */
export class GatewayHealth {
  private readonly deps: GatewayHealthDeps;

  constructor(deps: GatewayHealthDeps) {
    this.deps = deps;
  }

  /**
   * What this gateway needs for every request it serves: the rate limiter and authentication.
   * A peer that is down only takes its own routes down (a 503 with Retry-After), so it must not
   * take the gateway out of its Service.
   */
  async ready(): Promise<boolean> {
    const [redisOk, accountsOk] = await Promise.all([
      this.redisAnswers(),
      this.deps.peers.accounts.healthy(checkTimeoutMs),
    ]);
    return redisOk && accountsOk;
  }

  /** The operators' view, on the admin port only: every dependency, named, and each configured peer. */
  report(): Promise<Record<string, boolean>> {
    const configured = Object.entries(this.deps.peers).filter(
      (e): e is [string, NonNullable<Peers[keyof Peers]>] => e[1] !== undefined,
    );
    return checkAll({
      redis: () => this.redisAnswers(),
      kafka: () => this.deps.kafka.reachable(checkTimeoutMs),
      workspace_consumer: () => this.deps.kafka.consumerJoined(),
      ...Object.fromEntries(configured.map(([name, client]) => [name, () => client.healthy(checkTimeoutMs)])),
    });
  }

  private redisAnswers(): Promise<boolean> {
    return answersWithin(() => this.deps.redis.ping(), checkTimeoutMs);
  }
}
