import { randomBytes } from 'node:crypto';
import { commitStartOffsets } from '@invoice-platform/common/kafka';
import { createLogger } from '@invoice-platform/common/logger';
import { type Consumer, Kafka, logLevel } from 'kafkajs';
import { sleep } from './platform.ts';

/**
 * Commits a new group's start at `topic`'s end, before its consumer joins. A consumer that
 * subscribes "from now on" (fromBeginning false) looks the end up only at its first fetch, after
 * the join, and skips what was published in between: a test that acts once it has joined would
 * then miss its first events now and then, under load.
 */
export function startsAtEnd(kafka: Kafka, groupId: string, topic: string): Promise<void> {
  return commitStartOffsets(kafka, groupId, topic, createLogger('test-events', 'silent'));
}

export interface LifecycleEvent {
  headers: Record<string, string>;
  id: string;
  object: string;
  type: string;
  created: string;
  workspace_id: string;
  sequence: number;
  data: {
    object: Record<string, unknown>;
    previous_status?: string;
    /** credit_note.created: the invoice after the note (data.object is the note). */
    invoice?: Record<string, unknown>;
    /** invoice.payment_recorded: the payment. */
    payment?: Record<string, unknown>;
  };
}

/** Reads invoice.lifecycle.v1 from now on, as a third-party consumer would, and keeps every event. */
export class EventLog {
  readonly events: LifecycleEvent[] = [];
  private consumer: Consumer | undefined;
  private readonly brokers: string;

  constructor(brokers: string) {
    this.brokers = brokers;
  }

  async start(): Promise<this> {
    const kafka = new Kafka({ clientId: 'test-events', brokers: this.brokers.split(','), logLevel: logLevel.NOTHING });
    const groupId = `test-events-${randomBytes(6).toString('hex')}`;
    await startsAtEnd(kafka, groupId, 'invoice.lifecycle.v1');
    const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 100 });
    let joined = false;
    consumer.on(consumer.events.GROUP_JOIN, () => (joined = true));
    await consumer.connect();
    await consumer.subscribe({ topic: 'invoice.lifecycle.v1', fromBeginning: false });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(message.headers ?? {})) if (v !== undefined) headers[k] = String(v);
        this.events.push({ ...(JSON.parse(message.value!.toString()) as Omit<LifecycleEvent, 'headers'>), headers });
      },
    });
    while (!joined) await sleep(50);
    this.consumer = consumer;
    return this;
  }

  /**
   * The events of one invoice, its credit notes' credit_note.created included. invoice.pdf_updated
   * is left out: it follows each status change asynchronously (the re-render), so its timing is not
   * part of what a status move sends.
   */
  of(invoiceId: string): LifecycleEvent[] {
    return this.events.filter(
      (e) => (e.data.object.id === invoiceId || e.data.invoice?.id === invoiceId) && e.type !== 'invoice.pdf_updated',
    );
  }

  /** Waits until `predicate` holds for the events of `invoiceId`, then returns them. */
  async waitFor(
    invoiceId: string,
    predicate: (events: LifecycleEvent[]) => boolean,
    timeoutMs = 20_000,
  ): Promise<LifecycleEvent[]> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const events = this.of(invoiceId);
      if (predicate(events)) return events;
      await sleep(100);
    }
    throw new Error(
      `events of ${invoiceId} never matched; got ${JSON.stringify(this.of(invoiceId).map((e) => e.type))}`,
    );
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
  }
}
