import type { Producer } from 'kafkajs';
import { type Connection, type Model, Schema } from 'mongoose';
import { lazyConnection } from './kafka.ts';
import type { Logger } from './logger.ts';
import { Poller } from './poller.ts';

/**
 * Transactional outbox, built on the one write every MongoDB-wire server makes atomic: inserting
 * a document under a unique key. A change to an aggregate (an invoice, an API key, a workspace)
 * is committed by inserting it, with its events, as change n+1 of that aggregate (id
 * `${aggregate}:${n+1}`); a concurrent change that read the same state loses on the id and retries. The
 * aggregate's own document is a projection written after the event, and readers roll it forward
 * from the event if a writer died in between.
 *
 * Why not events embedded in the changed document (DESIGN.md §2): FerretDB v1, our local
 * MongoDB-wire server, applies updates as read-modify-write without isolation (measured: 50
 * concurrent $inc on one document end at 9), so a relay's update could overwrite a concurrent
 * change. Inserts under a unique index stay atomic there, as on MongoDB.
 *
 * The relay publishes unpublished events in creation order and then marks them; a crash in
 * between publishes them again (at-least-once), and consumers dedupe on event id. It publishes a
 * change its own process committed at once, by id, and scans the outbox every few seconds for
 * the rest (changes of writers that crashed before their relay ran).
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

/** One committed change of an aggregate: the events it emits and the fields it sets. */
export interface OutboxChange {
  /** `${aggregate_id}:${sequence}`: the unique key that makes the change atomic. */
  _id: string;
  aggregate_id: string;
  sequence: number;
  messages: OutboxMessage[];
  /** The fields the change sets on the aggregate's document, to roll a stale projection forward. */
  projection: Record<string, unknown>;
  created_at: Date;
  published: boolean;
}

export type OutboxModel = Model<OutboxChange>;

const outboxSchema = new Schema<OutboxChange>(
  {
    _id: String,
    aggregate_id: { type: String, required: true },
    sequence: { type: Number, required: true },
    messages: { type: [Object], default: [] },
    projection: { type: Object, default: {} },
    created_at: { type: Date, required: true },
    published: { type: Boolean, default: false },
  },
  { versionKey: false, collection: 'outbox', minimize: false },
);
// Latest change of an aggregate, for rolling its projection forward.
outboxSchema.index({ aggregate_id: 1, sequence: -1 });
// Relay scan for unpublished changes in creation order.
outboxSchema.index({ published: 1, created_at: 1 });

export function registerOutbox(conn: Connection): OutboxModel {
  return conn.model<OutboxChange>('OutboxChange', outboxSchema);
}

/** Thrown by commitChange when another change took this sequence number first. */
export class SequenceTaken extends Error {
  constructor(aggregateId: string, sequence: number) {
    super(`sequence ${sequence} of ${aggregateId} is taken`);
  }
}

export function isDuplicateKey(err: unknown): boolean {
  return (err as { code?: unknown })?.code === 11000;
}

/**
 * Inserts `doc` unless a document with its unique key exists: true when this call inserted it.
 * The one write every MongoDB-wire server makes atomic, so it serves as a claim or a once-only mark.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function insertOnce(model: Model<any>, doc: object): Promise<boolean> {
  try {
    await model.create(doc);
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

export type NewChange = Omit<OutboxChange, '_id' | 'published'>;

/**
 * Changes with events committed by this process and not yet published, per outbox: the relay
 * reads them by id (the one lookup FerretDB serves from an index) instead of scanning the outbox
 * for unpublished changes after every commit; its periodic scan still finds everyone else's.
 */
const committedHere = new WeakMap<OutboxModel, Set<string>>();

/** Commits a change by inserting it under its sequence number; SequenceTaken when another won. */
export async function commitChange(model: OutboxModel, change: NewChange): Promise<void> {
  const id = `${change.aggregate_id}:${change.sequence}`;
  try {
    // A change without events has nothing to publish: the relay never needs to look at it.
    const published = change.messages.length === 0;
    await model.create({ ...change, _id: id, published });
  } catch (err) {
    if (isDuplicateKey(err)) throw new SequenceTaken(change.aggregate_id, change.sequence);
    throw err;
  }
  if (change.messages.length > 0) {
    const ids = committedHere.get(model) ?? new Set<string>();
    committedHere.set(model, ids.add(id));
  }
}

/**
 * Brings an aggregate's document up to its newest committed change when the change's writer
 * stopped before writing the document (or is too slow): `sequenceField` holds the document's
 * sequence. Only changes older than `graceMs` are applied, so a live writer finishes its own.
 */
export async function rollForward(
  model: OutboxModel,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  target: Model<any>,
  aggregateId: string,
  sequenceField: string,
  graceMs = 2000,
): Promise<boolean> {
  const latest = await model.findOne({ aggregate_id: aggregateId }).sort({ sequence: -1 }).lean<OutboxChange>().exec();
  if (!latest || Date.now() - new Date(latest.created_at).getTime() < graceMs) return false;
  const res = await target
    .updateOne({ _id: aggregateId, [sequenceField]: { $lt: latest.sequence } }, { $set: latest.projection })
    .exec();
  return res.modifiedCount > 0;
}

export interface OutboxRelayOptions {
  model: OutboxModel;
  producer: Producer;
  log: Logger;
  pollMs?: number;
  /** How often the whole outbox is scanned for unpublished changes (other writers', crashed ones). */
  scanMs?: number;
  batchSize?: number;
}

export class OutboxRelay {
  private readonly opts: Required<OutboxRelayOptions>;
  private readonly ensureConnected: () => Promise<void>;
  private readonly poller: Poller;

  private lastScan = 0;

  constructor(opts: OutboxRelayOptions) {
    this.opts = { pollMs: 500, scanMs: 5000, batchSize: 200, ...opts };
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
  }

  /** Asks for a pass now; writers call it right after committing an event. */
  notify(): void {
    this.poller.notify();
  }

  stop(): Promise<void> {
    return this.poller.stop();
  }

  /**
   * Publishes what this process committed (read by id); every `scanMs`, also every unpublished
   * change in the outbox. Returns when none is left or a publish fails.
   */
  private async pass(): Promise<void> {
    const mine = committedHere.get(this.opts.model);
    const ids = [...(mine ?? [])];
    mine?.clear();
    try {
      const found = await Promise.all(ids.map((id) => this.opts.model.findById(id).lean<OutboxChange>().exec()));
      await this.publishAndMark(found.filter((c): c is OutboxChange => c !== null && !c.published));
    } catch (err) {
      for (const id of ids) mine?.add(id);
      throw err;
    }
    if (Date.now() - this.lastScan < this.opts.scanMs) return;
    for (;;) {
      const changes = await this.opts.model
        .find({ published: false })
        .sort({ created_at: 1, sequence: 1 })
        .limit(this.opts.batchSize)
        .lean<OutboxChange[]>()
        .exec();
      await this.publishAndMark(changes);
      if (changes.length < this.opts.batchSize) break;
    }
    this.lastScan = Date.now();
  }

  private async publishAndMark(changes: OutboxChange[]): Promise<void> {
    if (changes.length === 0) return;
    changes.sort(
      (a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.sequence - b.sequence,
    );
    await this.publish(changes.flatMap((c) => c.messages));
    const set = { $set: { published: true } };
    // By id one at a time while few (an indexed lookup on every MongoDB-wire server), else at once.
    if (changes.length <= 20)
      await Promise.all(changes.map((c) => this.opts.model.updateOne({ _id: c._id }, set).exec()));
    else await this.opts.model.updateMany({ _id: { $in: changes.map((c) => c._id) } }, set).exec();
  }

  private async publish(messages: OutboxMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.ensureConnected();
    const byTopic = new Map<string, OutboxMessage[]>();
    for (const message of messages) byTopic.set(message.topic, [...(byTopic.get(message.topic) ?? []), message]);
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

export interface OutboxMaintenanceOptions {
  model: OutboxModel;
  /**
   * Makes the aggregate's document show `change` when it does not yet (its writer stopped between
   * the change and the document); a no-op when the document already shows it or a newer change.
   */
  applyProjection: (change: OutboxChange) => Promise<void>;
  log: Logger;
  now?: () => Date;
  intervalMs?: number;
  /** Changes younger than this are their live writer's to finish. */
  graceMs?: number;
  /** Published changes are deleted after this long. */
  keepMs?: number;
}

/**
 * Keeps the outbox small and every projection current, whatever crashed: each pass applies the
 * projections of the changes of the last ten minutes (older than the grace period), then
 * deletes published changes older than `keepMs`, applying theirs first. Without it the outbox
 * grows with every change ever made, and on FerretDB (no index use beyond _id) the relay's scan
 * for unpublished changes grows with it. Any number of replicas may run it: every step repeats
 * safely.
 */
export function startOutboxMaintenance(opts: OutboxMaintenanceOptions): Poller {
  const intervalMs = opts.intervalMs ?? 60_000;
  const graceMs = opts.graceMs ?? 30_000;
  const keepMs = opts.keepMs ?? 24 * 60 * 60 * 1000;
  const now = opts.now ?? (() => new Date());
  const pass = async () => {
    const t = now().getTime();
    // Ten minutes back (at least two intervals): passes that ran late or failed leave no change
    // unchecked, and the deletion below checks the rest again first.
    const lookbackMs = Math.max(10 * 60_000, 2 * intervalMs);
    const recent = await opts.model
      .find({ created_at: { $gte: new Date(t - graceMs - lookbackMs), $lt: new Date(t - graceMs) } })
      .sort({ created_at: 1, sequence: 1 })
      .lean<OutboxChange[]>()
      .exec();
    for (const change of recent) await opts.applyProjection(change);
    for (;;) {
      const old = await opts.model
        .find({ published: true, created_at: { $lt: new Date(t - keepMs) } })
        .sort({ created_at: 1, sequence: 1 })
        .limit(500)
        .lean<OutboxChange[]>()
        .exec();
      if (old.length === 0) return;
      for (const change of old) await opts.applyProjection(change);
      await opts.model.deleteMany({ _id: { $in: old.map((c) => c._id) } }).exec();
      if (old.length < 500) return;
    }
  };
  const poller = new Poller({ pass, intervalMs, log: opts.log, failureMessage: 'outbox maintenance pass failed' });
  poller.start();
  return poller;
}

/** applyProjection for aggregates whose document keeps its change number in `sequenceField`. */
export function projectionBySequence(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  target: Model<any>,
  sequenceField: string,
): (change: OutboxChange) => Promise<void> {
  return async (change) => {
    if (Object.keys(change.projection).length === 0) return;
    await target
      .updateOne({ _id: change.aggregate_id, [sequenceField]: { $lt: change.sequence } }, { $set: change.projection })
      .exec();
  };
}
