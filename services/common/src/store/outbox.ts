import type { Schema, UpdateQuery } from 'mongoose';
import { newId } from '../ids.ts';
import { currentTraceHeaders, type EventEnvelope } from '../kafka.ts';

/**
 * Transactional outbox (docs/data-layer.md): the events of a change wait inside the changed
 * document, written by the same single-document update as the change itself, so a change and its
 * events are stored together or not at all. A relay (outbox-relay.ts) publishes the waiting events
 * and then takes them out of the document; a crash in between publishes them again (at-least-once),
 * and consumers dedupe on the event id. This file is the writers' side: the fields and the write.
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

export interface OutboxEventFields {
  topic: string;
  /** Events with one key keep their order on Kafka. */
  key: string;
  type: string;
  workspaceId: string;
  sequence: number;
  data: unknown;
  now: Date;
}

/**
 * An event in the envelope every consumer reads (docs/architecture.md#events), carrying the trace
 * context of the change that writes it, so that its publish joins that change's trace.
 */
export function outboxEvent(e: OutboxEventFields): OutboxMessage {
  const envelope: EventEnvelope = {
    id: newId('evt'),
    object: 'event',
    type: e.type,
    created: e.now.toISOString(),
    workspace_id: e.workspaceId,
    sequence: e.sequence,
    data: e.data,
  };
  return {
    id: envelope.id,
    topic: e.topic,
    key: e.key,
    value: JSON.stringify(envelope),
    headers: currentTraceHeaders(),
  };
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
