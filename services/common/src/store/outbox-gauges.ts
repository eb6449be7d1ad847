import type { BatchObservableCallback } from '@opentelemetry/api';
import type { Model } from 'mongoose';
import type { Logger } from '../logger.ts';
import { meter } from '../metrics.ts';
import { withTimeout } from '../timeouts.ts';
import type { WithOutbox } from './outbox.ts';
import { operator } from './operators.ts';

const backlogGauge = meter().createObservableGauge('invoice_platform.outbox.backlog', {
  description: 'Documents whose outbox holds events not yet published to Kafka.',
  unit: '{document}',
});
const oldestAgeGauge = meter().createObservableGauge('invoice_platform.outbox.oldest_age_seconds', {
  description: 'How long the oldest unpublished outbox event has been waiting (0 when none waits).',
  unit: 's',
});

/** A scrape waits at most this long for the database; a slower one reports nothing this time. */
const observeTimeoutMs = 2000;

export interface OutboxGaugesOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  models: Model<any>[];
  log: Logger;
  now: () => Date;
}

export interface OutboxGauges {
  start(): void;
  stop(): void;
}

/**
 * The outbox gauges, per collection: the relay's own indexed range (`outbox_at <= now`), counted
 * by the index and its first entry read, so a scrape costs two index lookups per collection
 * whatever the backlog (docs/data-layer.md). Reported while started, so only a running relay's
 * process reports them.
 */
export function outboxGauges(opts: OutboxGaugesOptions): OutboxGauges {
  const instruments = [backlogGauge, oldestAgeGauge];
  const observe: BatchObservableCallback = async (result) => {
    const now = opts.now();
    await Promise.all(
      opts.models.map(async (model) => {
        const range = { outbox_at: operator({ $lte: now }) };
        try {
          const [count, oldest] = await withTimeout(
            Promise.all([
              model.countDocuments(range).exec(),
              model
                .findOne(range, { outbox_at: 1 })
                .sort({ outbox_at: 1 })
                .lean<Pick<WithOutbox, 'outbox_at'>>()
                .exec(),
            ]),
            observeTimeoutMs,
          );
          const attributes = { collection: model.collection.collectionName };
          result.observe(backlogGauge, count, attributes);
          const since = oldest?.outbox_at ? new Date(oldest.outbox_at).getTime() : now.getTime();
          result.observe(oldestAgeGauge, Math.max(0, (now.getTime() - since) / 1000), attributes);
        } catch (err) {
          opts.log.warn({ err: (err as Error).message }, 'outbox gauges not read');
        }
      }),
    );
  };
  return {
    start: () => meter().addBatchObservableCallback(observe, instruments),
    stop: () => meter().removeBatchObservableCallback(observe, instruments),
  };
}
