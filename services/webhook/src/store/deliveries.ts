import { insertOnce, isDuplicateKey } from '@invoice-platform/common/outbox';
import type { AttemptDoc, ClaimDoc, DeliveryDoc, DueDoc, EventDoc, Models, NoticeDoc } from './models.ts';

export const openStatuses = ['pending', 'retrying'];

export interface DeliveryFilter {
  workspace_id: string;
  endpoint_id?: string;
  event_id?: string;
  event_type?: string;
  status?: string;
  invoice_id?: string;
}

/** Events, deliveries, their waiting attempts, claims and results, and deactivation notices. */
export class DeliveryStore {
  private readonly models: Models;

  constructor(models: Models) {
    this.models = models;
  }

  // ------------------------------------------------------------------------------ events ---

  /** Takes an event in once: the stored one when it was taken in before (consumer dedupe). */
  async insertEvent(doc: EventDoc): Promise<{ inserted: boolean; event: EventDoc }> {
    try {
      await this.models.Event.create(doc);
      return { inserted: true, event: doc };
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const existing = await this.findEvent(doc._id);
      return { inserted: false, event: existing ?? doc };
    }
  }

  findEvent(id: string): Promise<EventDoc | null> {
    return this.models.Event.findById(id).lean<EventDoc>().exec();
  }

  async markFannedOut(id: string): Promise<void> {
    await this.models.Event.updateOne({ _id: id }, { $set: { fanned_out: true } }).exec();
  }

  // -------------------------------------------------------------------------- deliveries ---

  /** Inserts the delivery; false when a delivery with that id exists already (a repeated fan-out). */
  async insertDelivery(doc: DeliveryDoc): Promise<boolean> {
    return insertOnce(this.models.Delivery, doc);
  }

  findDelivery(id: string): Promise<DeliveryDoc | null> {
    return this.models.Delivery.findById(id).lean<DeliveryDoc>().exec();
  }

  async updateDelivery(id: string, set: Partial<DeliveryDoc>): Promise<void> {
    await this.models.Delivery.updateOne({ _id: id }, { $set: set }).exec();
  }

  async listDeliveries(
    filter: DeliveryFilter,
    page: number,
    pageSize: number,
  ): Promise<{ deliveries: DeliveryDoc[]; total: number }> {
    const query: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(filter)) if (v) query[k] = v;
    const [deliveries, total] = await Promise.all([
      this.models.Delivery.find(query)
        .sort({ created_at: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<DeliveryDoc[]>()
        .exec(),
      this.models.Delivery.countDocuments(query).exec(),
    ]);
    return { deliveries, total };
  }

  /** The attempts of a delivery, by _id (`${delivery}:${n}`), oldest first. */
  async attemptsOf(delivery: DeliveryDoc): Promise<AttemptDoc[]> {
    const ids = Array.from({ length: Math.max(delivery.attempt_count, 0) + 1 }, (_, i) => `${delivery._id}:${i + 1}`);
    const docs = await Promise.all(ids.map((id) => this.findAttempt(id)));
    return docs.filter((d): d is AttemptDoc => d !== null);
  }

  /** Open deliveries of an endpoint, marked cancelled, and their waiting attempts removed. */
  async cancelOpen(endpointId: string, now: Date): Promise<number> {
    const open = await this.models.Delivery.find({ endpoint_id: endpointId, status: { $in: openStatuses } }, { _id: 1 })
      .lean<{ _id: string }[]>()
      .exec();
    if (open.length === 0) return 0;
    const ids = open.map((d) => d._id);
    await this.models.Delivery.updateMany(
      { _id: { $in: ids } },
      { $set: { status: 'cancelled', next_attempt_at: null, updated_at: now } },
    ).exec();
    await this.models.Due.deleteMany({ delivery_id: { $in: ids } }).exec();
    return ids.length;
  }

  // ------------------------------------------------------------------ attempts and claims ---

  /** Puts attempt `attempt` of a delivery in the retry loop's queue; a repeat is a no-op. */
  async schedule(doc: DueDoc): Promise<void> {
    await insertOnce(this.models.Due, doc);
  }

  due(now: Date, limit: number, workspaceId?: string): Promise<DueDoc[]> {
    const query: Record<string, unknown> = { due_at: { $lte: now } };
    if (workspaceId) query.workspace_id = workspaceId;
    return this.models.Due.find(query).sort({ due_at: 1 }).limit(limit).lean<DueDoc[]>().exec();
  }

  findDue(id: string): Promise<DueDoc | null> {
    return this.models.Due.findById(id).lean<DueDoc>().exec();
  }

  async removeDue(id: string): Promise<void> {
    await this.models.Due.deleteOne({ _id: id }).exec();
  }

  /** Inserts the claim; false when someone holds it already. */
  async claim(id: string, ownerId: string, worker: string, realNow: Date): Promise<boolean> {
    return insertOnce(this.models.Claim, { _id: id, owner_id: ownerId, claimed_at: realNow, worker });
  }

  /** The newest claim of `key`: generation 0 is `key` itself, generation g > 0 is `${key}:g${g}`. */
  async latestClaim(key: string): Promise<{ generation: number; claim: ClaimDoc } | undefined> {
    let latest: { generation: number; claim: ClaimDoc } | undefined;
    for (let generation = 0; ; generation++) {
      const claim = await this.models.Claim.findById(generation === 0 ? key : `${key}:g${generation}`)
        .lean<ClaimDoc>()
        .exec();
      if (!claim) return latest;
      latest = { generation, claim };
    }
  }

  findAttempt(id: string): Promise<AttemptDoc | null> {
    return this.models.Attempt.findById(id).lean<AttemptDoc>().exec();
  }

  /** Records an attempt's result once; false when a result was recorded already. */
  async insertAttempt(doc: AttemptDoc): Promise<boolean> {
    return insertOnce(this.models.Attempt, doc);
  }

  /**
   * Whether a delivery to the endpoint succeeded at or after `since` (DESIGN.md §3 deactivation
   * rule). Attempts are inserted once and never updated, so concurrent results cannot hide one.
   */
  async succeededSince(endpointId: string, since: Date): Promise<boolean> {
    const hit = await this.models.Attempt.exists({
      endpoint_id: endpointId,
      success: true,
      attempted_at: { $gte: since },
    });
    return hit !== null;
  }

  // --------------------------------------------------------------------------- notices ---

  async insertNotice(doc: NoticeDoc): Promise<boolean> {
    return insertOnce(this.models.Notice, doc);
  }

  dueNotices(now: Date, limit = 50): Promise<NoticeDoc[]> {
    return this.models.Notice.find({ status: 'pending', next_try_at: { $lte: now } })
      .sort({ next_try_at: 1 })
      .limit(limit)
      .lean<NoticeDoc[]>()
      .exec();
  }

  async updateNotice(id: string, set: Partial<NoticeDoc>): Promise<void> {
    await this.models.Notice.updateOne({ _id: id }, { $set: set }).exec();
  }

  // ----------------------------------------------------------------------------- purge ---

  /**
   * Deletes deliveries created before `cutoff` with their attempts, claims and waiting attempts,
   * events received before it, and old notices. A delivery still open is kept (none is, 30 days
   * after its creation: the whole retry schedule takes under two days). Success marks are kept a
   * whole retry schedule longer, so a delivery deciding on deactivation still sees every success
   * since its first attempt, however short the retention.
   */
  async purge(cutoff: Date, batch = 500): Promise<{ deliveries: number; events: number }> {
    let deliveries = 0;
    for (;;) {
      const old = await this.models.Delivery.find(
        { created_at: { $lt: cutoff }, status: { $nin: openStatuses } },
        { _id: 1 },
      )
        .limit(batch)
        .lean<{ _id: string }[]>()
        .exec();
      if (old.length === 0) break;
      const ids = old.map((d) => d._id);
      await this.models.Attempt.deleteMany({ delivery_id: { $in: ids } }).exec();
      await this.models.Claim.deleteMany({ owner_id: { $in: ids } }).exec();
      await this.models.Due.deleteMany({ delivery_id: { $in: ids } }).exec();
      const res = await this.models.Delivery.deleteMany({ _id: { $in: ids } }).exec();
      deliveries += res.deletedCount;
      if (old.length < batch) break;
    }
    const events = await this.models.Event.deleteMany({ received_at: { $lt: cutoff } }).exec();
    const notices = await this.models.Notice.find(
      { created_at: { $lt: cutoff }, status: { $ne: 'pending' } },
      { _id: 1 },
    )
      .lean<{ _id: string }[]>()
      .exec();
    if (notices.length > 0) {
      const ids = notices.map((n) => n._id);
      await this.models.Claim.deleteMany({ owner_id: { $in: ids } }).exec();
      await this.models.Notice.deleteMany({ _id: { $in: ids } }).exec();
    }
    return { deliveries, events: events.deletedCount };
  }
}
