import type { Logger } from '@invoice-platform/common/logger';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';

/**
 * The Redis of the rate limits and Idempotency-Keys. One not reachable at start is connected to
 * in the background; the gateway does not wait for it.
 */
export async function connectRedis(
  config: Pick<Config, 'REDIS_URL' | 'REDIS_COMMAND_TIMEOUT_MS'>,
  log: Logger,
): Promise<Redis> {
  // Fail fast instead of queueing while Redis is away: a request then gets a clear 503.
  const redis = new Redis(config.REDIS_URL, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: config.REDIS_COMMAND_TIMEOUT_MS,
    lazyConnect: true,
  });
  redis.on('error', (err) => log.warn({ err: err.message }, 'redis error'));
  await redis
    .connect()
    .catch((err: unknown) => log.warn({ err }, 'redis not reachable at start; retrying in background'));
  return redis;
}
