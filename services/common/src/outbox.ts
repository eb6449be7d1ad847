import type { Producer } from 'kafkajs';
import type { Model } from 'mongoose';
import { lazyConnection } from './kafka.ts';
import type { Logger } from './logger.ts';

/**
 * Transactional outbox (DESIGN.md §2): a state change and its pending events are written in one
 * document update, so either both happen or neither. The relay publishes pending events, then
 * removes them; a crash in between publishes them again, and consumers dedupe on event id.
 */
export interface OutboxEntry {
  id: string;
  topic: string;
  key: string;
  /** The serialized event, exactly as it is published. */
  value: string;
  headers: Record<string, string>;
  created_at: Date;
}

/** The schema fields a model needs to carry an outbox; `outbox_pending` is indexed for the relay's scan. */
export const outboxFields = {
  outbox: {
    type: [
      {
        _id: false,
        id: String,
        topic: String,
        key: String,
        value: String,
        headers: { type: Object, default: {} },
        created_at: Date,
      },
    ],
    default: [],
  },
  outbox_pending: { type: Boolean, default: false },
};

/** The update fragment that adds events to a document in the same write as the change. */
export function pushOutbox(entries: OutboxEntry[]): {
  $push: { outbox: { $each: OutboxEntry[] } };
  $set: { outbox_pending: true };
} {
  return { $push: { outbox: { $each: entries } }, $set: { outbox_pending: true } };
}

interface OutboxDoc {
  _id: unknown;
  outbox: OutboxEntry[];
}

export interface OutboxRelayOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  model: Model<any>;
  producer: Producer;
  log: Logger;
  pollMs?: number;
  batchSize?: number;
}

export class OutboxRelay {
  private readonly opts: Required<OutboxRelayOptions>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly ensureConnected: () => Promise<void>;

  constructor(opts: OutboxRelayOptions) {
    this.opts = { pollMs: 500, batchSize: 100, ...opts };
    this.ensureConnected = lazyConnection(opts.producer);
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Asks for a pass now; writers call it right after a write that pushed events. */
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
        .catch((err: unknown) => this.opts.log.warn({ err }, 'outbox relay pass failed'))
        .finally(() => {
          this.running = undefined;
          if (this.stopped) return;
          const soon = this.again;
          this.again = false;
          this.schedule(soon ? 0 : this.opts.pollMs);
        });
    }, delayMs);
  }

  /** Publishes every pending event; returns when none is left or a publish fails. */
  private async pass(): Promise<void> {
    for (;;) {
      const docs = (await this.opts.model
        .find({ outbox_pending: true }, { outbox: 1 })
        .limit(this.opts.batchSize)
        .lean()
        .exec()) as OutboxDoc[];
      if (docs.length === 0) return;
      for (const doc of docs) {
        if (doc.outbox.length > 0) await this.publish(doc.outbox);
        const ids = doc.outbox.map((e) => e.id);
        await this.opts.model.updateOne({ _id: doc._id }, { $pull: { outbox: { id: { $in: ids } } } }).exec();
        await this.opts.model
          .updateOne({ _id: doc._id, outbox: { $size: 0 } }, { $set: { outbox_pending: false } })
          .exec();
      }
      if (docs.length < this.opts.batchSize) return;
    }
  }

  private async publish(entries: OutboxEntry[]): Promise<void> {
    await this.ensureConnected();
    const byTopic = new Map<string, OutboxEntry[]>();
    for (const entry of entries) byTopic.set(entry.topic, [...(byTopic.get(entry.topic) ?? []), entry]);
    await this.opts.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, list]) => ({
        topic,
        messages: list.map((e) => ({
          key: e.key,
          value: e.value,
          headers: { ...e.headers, 'content-type': 'application/json', 'event-id': e.id },
        })),
      })),
    });
  }
}
