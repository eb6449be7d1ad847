import type { Producer } from 'kafkajs';
import { type Connection, type Model, Schema } from 'mongoose';
import { lazyConnection } from './kafka.ts';
import type { Logger } from './logger.ts';

/**
 * Transactional outbox, built on the one write every MongoDB-wire server makes atomic: inserting
 * a document under a unique key. A change to an aggregate (an invoice, an API key, a workspace)
 * is committed by inserting its event as sequence n+1 of that aggregate; a concurrent change that
 * read the same state loses on the unique (aggregate_id, sequence) index and retries. The
 * aggregate's own document is a projection written after the event, and readers roll it forward
 * from the event if a writer died in between.
 *
 * Why not events embedded in the changed document (DESIGN.md §2): FerretDB v1, our local
 * MongoDB-wire server, applies updates as read-modify-write without isolation (measured: 50
 * concurrent $inc on one document end at 9), so a relay's update could overwrite a concurrent
 * change. Inserts under a unique index stay atomic there, as on MongoDB.
 *
 * The relay publishes unpublished events in creation order and then marks them; a crash in
 * between publishes them again (at-least-once), and consumers dedupe on event id.
 */
export interface OutboxEvent {
  /** The event id (evt_…), also the document id. */
  _id: string;
  aggregate_id: string;
  sequence: number;
  topic: string;
  key: string;
  /** The serialized event, exactly as it is published. */
  value: string;
  headers: Record<string, string>;
  created_at: Date;
  published: boolean;
}

export type OutboxModel = Model<OutboxEvent>;

const outboxSchema = new Schema<OutboxEvent>(
  {
    _id: String,
    aggregate_id: { type: String, required: true },
    sequence: { type: Number, required: true },
    topic: { type: String, required: true },
    key: { type: String, required: true },
    value: { type: String, required: true },
    headers: { type: Object, default: {} },
    created_at: { type: Date, required: true },
    published: { type: Boolean, default: false },
  },
  { versionKey: false, collection: 'outbox', minimize: false },
);
// The commit point: one change per aggregate sequence number.
outboxSchema.index({ aggregate_id: 1, sequence: 1 }, { unique: true });
// Relay scan for unpublished events in creation order.
outboxSchema.index({ published: 1, created_at: 1 });

export function registerOutbox(conn: Connection): OutboxModel {
  return conn.model<OutboxEvent>('OutboxEvent', outboxSchema);
}

/** Thrown by appendEvent when another change took this sequence number first. */
export class SequenceTaken extends Error {
  constructor(aggregateId: string, sequence: number) {
    super(`sequence ${sequence} of ${aggregateId} is taken`);
  }
}

export function isDuplicateKey(err: unknown): boolean {
  return (err as { code?: unknown })?.code === 11000;
}

/** Commits a change by inserting its event; SequenceTaken when a concurrent change won. */
export async function appendEvent(model: OutboxModel, event: Omit<OutboxEvent, 'published'>): Promise<void> {
  try {
    await model.create({ ...event, published: false });
  } catch (err) {
    if (isDuplicateKey(err)) throw new SequenceTaken(event.aggregate_id, event.sequence);
    throw err;
  }
}

/** The newest committed event of an aggregate, for rolling a stale projection forward. */
export async function latestEvent(model: OutboxModel, aggregateId: string): Promise<OutboxEvent | null> {
  return model.findOne({ aggregate_id: aggregateId }).sort({ sequence: -1 }).lean<OutboxEvent>().exec();
}

export interface OutboxRelayOptions {
  model: OutboxModel;
  producer: Producer;
  log: Logger;
  pollMs?: number;
  batchSize?: number;
}

export class OutboxRelay {
  private readonly opts: Required<OutboxRelayOptions>;
  private readonly ensureConnected: () => Promise<void>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(opts: OutboxRelayOptions) {
    this.opts = { pollMs: 500, batchSize: 200, ...opts };
    this.ensureConnected = lazyConnection(opts.producer);
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Asks for a pass now; writers call it right after committing an event. */
  notify(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .catch((err: unknown) => this.opts.log.warn({ err: (err as Error).message }, 'outbox relay pass failed'))
        .finally(() => {
          this.running = undefined;
          if (this.stopped) return;
          const soon = this.again;
          this.again = false;
          this.schedule(soon ? 0 : this.opts.pollMs);
        });
    }, delayMs);
  }

  /** Publishes every unpublished event; returns when none is left or a publish fails. */
  private async pass(): Promise<void> {
    for (;;) {
      const events = await this.opts.model
        .find({ published: false })
        .sort({ created_at: 1, sequence: 1 })
        .limit(this.opts.batchSize)
        .lean<OutboxEvent[]>()
        .exec();
      if (events.length === 0) return;
      await this.publish(events);
      await this.opts.model
        .updateMany({ _id: { $in: events.map((e) => e._id) } }, { $set: { published: true } })
        .exec();
      if (events.length < this.opts.batchSize) return;
    }
  }

  private async publish(events: OutboxEvent[]): Promise<void> {
    await this.ensureConnected();
    const byTopic = new Map<string, OutboxEvent[]>();
    for (const event of events) byTopic.set(event.topic, [...(byTopic.get(event.topic) ?? []), event]);
    await this.opts.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, list]) => ({
        topic,
        messages: list.map((e) => ({
          key: e.key,
          value: e.value,
          headers: { ...e.headers, 'content-type': 'application/json', 'event-id': e._id },
        })),
      })),
    });
  }
}
