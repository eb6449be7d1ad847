import { type Connection, type Model, Schema } from 'mongoose';
import type { Logger } from '../logger.ts';
import { Poller } from '../poller.ts';
import { insertOnce } from './unique.ts';
import { operator } from './operators.ts';

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

/** An event a consumer has applied: consumers dedupe on the event id. */
export interface ProcessedEventDoc {
  /** The event id. */
  _id: string;
  type: string;
  processed_at: Date;
}

const processedEventSchema = new Schema<ProcessedEventDoc>(
  {
    _id: String,
    type: { type: String, required: true },
    processed_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'processed_events' },
);
// The dedupe itself is the unique _id (the event id). This one serves the purge that drops entries
// older than the retention (forgetBefore).
processedEventSchema.index({ processed_at: 1 });

/** The model on a service's own connection (its database's `processed_events` collection). */
export function processedEventModel(conn: Connection): Model<ProcessedEventDoc> {
  return conn.model<ProcessedEventDoc>('ProcessedEvent', processedEventSchema);
}

/** The applied-event ids of one service: the one dedupe every consumer uses. */
export class ProcessedEvents {
  private readonly model: Model<ProcessedEventDoc>;
  private readonly now: () => Date;

  constructor(model: Model<ProcessedEventDoc>, now: () => Date = () => new Date()) {
    this.model = model;
    this.now = now;
  }

  async has(eventId: string): Promise<boolean> {
    return (await this.model.exists({ _id: eventId }).exec()) !== null;
  }

  /** Records an applied event: false when it was recorded before (a redelivery). */
  record(eventId: string, type: string): Promise<boolean> {
    return insertOnce(this.model, { _id: eventId, type, processed_at: this.now() });
  }

  /** Forgets events recorded before `before` (startProcessedEventsPurge). */
  async forgetBefore(before: Date): Promise<void> {
    await this.model.deleteMany({ processed_at: operator({ $lt: before }) }).exec();
  }
}
