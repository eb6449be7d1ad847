import type { Logger } from './logger.ts';
import { Poller } from './poller.ts';

/**
 * How long a consumer remembers the ids of events it applied (docs/contracts.md §5.1): an event
 * can only come again while its topic keeps it, and topic retention is at most 7 days here
 * (24 h in the local stack), so twice that is ample. Kept as documents, purged by this job (TTL
 * indexes are not portable across MongoDB-wire servers).
 */
export const processedEventsRetentionMs = 14 * 24 * 60 * 60 * 1000;

/** Forgets applied event ids older than the retention, hourly; any number of replicas may run it. */
export function startProcessedEventsPurge(opts: {
  forgetBefore: (before: Date) => Promise<unknown>;
  now: () => Date;
  log: Logger;
  intervalMs?: number;
}): Poller {
  const poller = new Poller({
    pass: () => opts.forgetBefore(new Date(opts.now().getTime() - processedEventsRetentionMs)),
    intervalMs: opts.intervalMs ?? 60 * 60 * 1000,
    log: opts.log,
    failureMessage: 'purging processed event ids failed',
  });
  poller.start();
  return poller;
}
