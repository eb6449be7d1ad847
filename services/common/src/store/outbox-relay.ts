import { context, propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import type { Message, Producer } from 'kafkajs';
import type { Model } from 'mongoose';
import { lazyConnection } from '../kafka.ts';
import type { Logger } from '../logger.ts';
import { meter } from '../metrics.ts';
import { Poller } from '../poller.ts';
import type { OutboxMessage, WithOutbox } from './outbox.ts';
import { type OutboxGauges, outboxGauges } from './outbox-gauges.ts';
import { operator } from './operators.ts';

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

const published = meter().createCounter('invoice_platform.outbox.published', {
  description:
    'Events this replica sent from its outbox to Kafka, by topic (each replica relays what it finds first; a resend after a crash counts again).',
  unit: '{event}',
});

/**
 * Publishes the events waiting in the outboxes of `models` (outbox.ts), oldest first (an indexed
 * range on outbox_at), then takes them out of their documents by id. Writers call notify() after a
 * change so its events go out at once; the poll finds the rest. Any number of replicas may run it.
 */
export class OutboxRelay {
  private readonly opts: Required<OutboxRelayOptions>;
  private readonly ensureConnected: () => Promise<void>;
  private readonly poller: Poller;
  private readonly gauges: OutboxGauges;

  constructor(opts: OutboxRelayOptions) {
    this.opts = { pollMs: 1000, batchSize: 200, now: () => new Date(), ...opts };
    this.ensureConnected = lazyConnection(opts.producer);
    this.poller = new Poller({
      pass: () => this.pass(),
      intervalMs: this.opts.pollMs,
      log: opts.log,
      failureMessage: 'outbox relay pass failed',
    });
    this.gauges = outboxGauges({ models: this.opts.models, log: this.opts.log, now: this.opts.now });
  }

  start(): void {
    this.poller.start();
    this.gauges.start();
  }

  notify(): void {
    this.poller.notify();
  }

  stop(): Promise<void> {
    this.gauges.stop();
    return this.poller.stop();
  }

  /** Publishes until no event is waiting or a publish fails. */
  private async pass(): Promise<void> {
    for (const model of this.opts.models) {
      for (;;) {
        const docs = await model
          .find({ outbox_at: operator({ $lte: this.opts.now() }) }, { outbox: 1, outbox_at: 1 })
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
    await model.updateOne({ _id: doc._id, outbox: operator({ $size: 0 }) }, { $set: { outbox_at: null } }).exec();
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
    for (const [topic, list] of byTopic) published.add(list.length, { topic });
  }
}

function sameTrace(a: OutboxMessage, b: OutboxMessage): boolean {
  return a.headers.traceparent === b.headers.traceparent && a.headers.tracestate === b.headers.tracestate;
}
