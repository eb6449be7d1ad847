import { type BatchObservableCallback, context, propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import type { Message, Producer } from 'kafkajs';
import type { Model, Schema, UpdateQuery } from 'mongoose';
import { lazyConnection } from '../kafka.ts';
import type { Logger } from '../logger.ts';
import { meter } from '../metrics.ts';
import { withTimeout } from '../mongo.ts';
import { Poller } from '../poller.ts';

/**
 * Transactional outbox (docs/data-layer.md): the events of a change wait inside the changed
 * document, written by the same single-document update as the change itself, so a change and its
 * events are stored together or not at all. A relay publishes the waiting events and then takes
 * them out of the document; a crash in between publishes them again (at-least-once), and
 * consumers dedupe on the event id.
 */
export interface OutboxMessage {
  /** The event id (evt_…), sent as the event-id header; consumers dedupe on it. */
  id: string;
  topic: string;
  key: string;
  /** The serialized event, exactly as it is published. */
  value: string;
  headers: Record<string, string>;
}

/** The fields a document with an outbox carries. */
export interface WithOutbox {
  _id: string;
  /** Events waiting to be published, in order. */
  outbox: OutboxMessage[];
  /** Since when events have been waiting; null when none is. The relay's index. */
  outbox_at: Date | null;
}

/** Adds the outbox fields, and the index the relay reads them by, to a schema. */
export function addOutbox(schema: Schema): void {
  schema.add({ outbox: { type: [Object], default: [] }, outbox_at: { type: Date, default: null } });
  // Relay: documents whose events wait, oldest first; the outbox gauges count and age the same range.
  schema.index({ outbox_at: 1 });
}

/** The outbox fields of a new document created with `events`. */
export function newOutbox(events: OutboxMessage[], now: Date): Pick<WithOutbox, 'outbox' | 'outbox_at'> {
  return { outbox: events, outbox_at: events.length > 0 ? now : null };
}

/**
 * `update` plus appending `events` to the outbox of `current`, for the same single-document write.
 * outbox_at keeps the wait's start, or starts it now; the relay clears it only when the outbox is
 * empty, in one conditional write, so waiting events always have an outbox_at.
 */
export function withEvents<T>(
  current: Pick<WithOutbox, 'outbox_at'>,
  update: UpdateQuery<T>,
  events: OutboxMessage[],
  now: Date,
): UpdateQuery<T> {
  if (events.length === 0) return update;
  return {
    ...update,
    $set: { ...(update.$set ?? {}), outbox_at: current.outbox_at ?? now },
    $push: { ...(update.$push ?? {}), outbox: { $each: events } },
  } as UpdateQuery<T>;
}

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

export interface OutboxRelayOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  models: Model<any>[];
  producer: Producer;
  log: Logger;
  /** How often the relay looks for waiting events besides being notified (other writers, crashes). */
  pollMs?: number;
  batchSize?: number;
  now?: () => Date;
}

/**
 * Publishes the events waiting in the outboxes of `models`, oldest first (an indexed range on
 * outbox_at), then takes them out of their documents by id. Writers call notify() after a change
 * so its events go out at once; the poll finds the rest. Any number of replicas may run it.
 */
export class OutboxRelay {
  private readonly opts: Required<OutboxRelayOptions>;
  private readonly ensureConnected: () => Promise<void>;
  private readonly poller: Poller;

  constructor(opts: OutboxRelayOptions) {
    this.opts = { pollMs: 1000, batchSize: 200, now: () => new Date(), ...opts };
    this.ensureConnected = lazyConnection(opts.producer);
    this.poller = new Poller({
      pass: () => this.pass(),
      intervalMs: this.opts.pollMs,
      log: opts.log,
      failureMessage: 'outbox relay pass failed',
    });
  }

  start(): void {
    this.poller.start();
    meter().addBatchObservableCallback(this.observe, [backlogGauge, oldestAgeGauge]);
  }

  notify(): void {
    this.poller.notify();
  }

  stop(): Promise<void> {
    meter().removeBatchObservableCallback(this.observe, [backlogGauge, oldestAgeGauge]);
    return this.poller.stop();
  }

  /**
   * The outbox gauges, per collection: the relay's own indexed range (`outbox_at <= now`), counted
   * by the index and its first entry read, so a scrape costs two index lookups per collection
   * whatever the backlog (docs/data-layer.md).
   */
  private readonly observe: BatchObservableCallback = async (result) => {
    const now = this.opts.now();
    await Promise.all(
      this.opts.models.map(async (model) => {
        const range = { outbox_at: { $lte: now } };
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
          this.opts.log.warn({ err: (err as Error).message }, 'outbox gauges not read');
        }
      }),
    );
  };

  /** Publishes until no event is waiting or a publish fails. */
  private async pass(): Promise<void> {
    for (const model of this.opts.models) {
      for (;;) {
        const docs = await model
          .find({ outbox_at: { $lte: this.opts.now() } }, { outbox: 1, outbox_at: 1 })
          .sort({ outbox_at: 1 })
          .limit(this.opts.batchSize)
          .lean<WithOutbox[]>()
          .exec();
        const waiting = docs.filter((d) => d.outbox.length > 0);
        if (waiting.length > 0) {
          await this.publish(waiting.flatMap((d) => d.outbox));
        }
        await Promise.all(docs.map((d) => this.markPublished(model, d)));
        if (docs.length < this.opts.batchSize) break;
      }
    }
  }

  /**
   * Takes the published events out of the document. When nothing was appended meanwhile (the usual
   * case), one write empties the outbox; otherwise the published ones are pulled and the wait
   * ends only if nothing is left.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private async markPublished(model: Model<any>, doc: WithOutbox): Promise<void> {
    const emptied = await model
      .updateOne({ _id: doc._id, outbox: doc.outbox }, { $set: { outbox: [], outbox_at: null } })
      .exec();
    if (emptied.matchedCount === 1) return;
    if (doc.outbox.length > 0) await model.updateOne({ _id: doc._id }, { $pullAll: { outbox: doc.outbox } }).exec();
    await model.updateOne({ _id: doc._id, outbox: { $size: 0 } }, { $set: { outbox_at: null } }).exec();
  }

  /**
   * Sends in outbox order. Each run of consecutive events written by one traced change is sent
   * inside that change's trace context (stored with the events), so the kafkajs instrumentation's
   * send span is a child of the request that wrote them and its traceparent header (which replaces
   * the stored one: one header, never two) carries that trace to the consumers
   * (docs/observability.md). Runs go one after the other, so the order stays the outbox's.
   */
  private async publish(messages: OutboxMessage[]): Promise<void> {
    await this.ensureConnected();
    const runs: OutboxMessage[][] = [];
    for (const message of messages) {
      const last = runs.at(-1);
      if (last && sameTrace(last[0]!, message)) last.push(message);
      else runs.push([message]);
    }
    for (const run of runs) {
      const parent = propagation.extract(ROOT_CONTEXT, run[0]!.headers);
      await context.with(parent, () => this.send(run));
    }
  }

  private async send(messages: OutboxMessage[]): Promise<void> {
    const byTopic = new Map<string, Message[]>();
    for (const e of messages) {
      byTopic.set(e.topic, [
        ...(byTopic.get(e.topic) ?? []),
        { key: e.key, value: e.value, headers: { ...e.headers, 'content-type': 'application/json', 'event-id': e.id } },
      ]);
    }
    await this.opts.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, list]) => ({ topic, messages: list })),
    });
  }
}

function sameTrace(a: OutboxMessage, b: OutboxMessage): boolean {
  return a.headers.traceparent === b.headers.traceparent && a.headers.tracestate === b.headers.tracestate;
}
