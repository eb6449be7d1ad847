import {
  claimById,
  claimDue,
  completeLease,
  heldBy,
  type Lease,
  renewLease,
  unclaimed,
} from '@invoice-platform/common/store/leases';
import { operator } from '@invoice-platform/common/store/operators';
import type { PageOf, PageRequest } from '@invoice-platform/common/paging';
import { listPage } from '@invoice-platform/common/store/paging';
import { insertOnce } from '@invoice-platform/common/store/unique';
import {
  type AttemptDoc,
  type DeliveryDoc,
  type DeliveryFilter,
  type DueDelivery,
  openStatuses,
  settledStatuses,
} from '../domain/deliveries.ts';
import type { AttemptOutcome } from '../domain/delivery-outcome.ts';
import type { EventDoc } from '../domain/events.ts';
import type { NoticeDoc, NoticeResult } from '../domain/notices.ts';
import type { Models } from './models.ts';

/**
 * Events, deliveries (work items leased by the senders, docs/data-layer.md), their attempts and
 * deactivation notices. A sender's result is written only while its lease holds, by one
 * conditional write on the delivery, so a sender whose lease was lost records nothing.
 */
export class DeliveryStore {
  private readonly models: Models;

  constructor(models: Models) {
    this.models = models;
  }

  // ------------------------------------------------------------------------------ events ---

  /** Takes an event in once: the stored one when it was taken in before (consumer dedupe). */
  async insertEvent(doc: EventDoc): Promise<{ inserted: boolean; event: EventDoc }> {
    if (await insertOnce(this.models.Event, doc)) return { inserted: true, event: doc };
    return { inserted: false, event: (await this.findEvent(doc._id)) ?? doc };
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

  /** One page of a workspace's delivery log, newest first; only the filter fields given narrow it. */
  listDeliveries(filter: DeliveryFilter, page: PageRequest): Promise<PageOf<DeliveryDoc>> {
    const query: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(filter)) if (v) query[k] = v;
    return listPage<DeliveryDoc>(this.models.Delivery, query, { created_at: -1, _id: -1 }, page);
  }

  /**
   * Cancels the endpoint's open deliveries, leased ones included: their senders lose the lease and
   * record nothing. Returns how many were cancelled.
   */
  async cancelOpen(endpointId: string, now: Date): Promise<number> {
    const res = await this.models.Delivery.updateMany(
      { endpoint_id: endpointId, status: operator({ $in: openStatuses }) },
      { $set: { status: 'cancelled', next_attempt_at: null, due_at: null, lease_token: null, updated_at: now } },
    ).exec();
    return res.modifiedCount;
  }

  /**
   * The ids of the deliveries whose due time has come (of one workspace, when given), earliest
   * first: an indexed range with a limit. A sender then claims each one by id (claim).
   */
  async dueIds(now: Date, limit: number, workspaceId?: string): Promise<string[]> {
    const query: Record<string, unknown> = { due_at: operator({ $lte: now }) };
    if (workspaceId) query.workspace_id = workspaceId;
    const due = await this.models.Delivery.find(query, { _id: 1 })
      .sort({ due_at: 1 })
      .limit(limit)
      .lean<{ _id: string }[]>()
      .exec();
    return due.map((d) => d._id);
  }

  /**
   * The earliest due deliveries, leaving out the workspaces and endpoints whose share of this
   * sender's lanes is taken, so their backlog does not hide everyone else's (the due_at index; the
   * exclusions are filtered after it).
   */
  async dueCandidates(
    now: Date,
    limit: number,
    exclude: { workspaces: string[]; endpoints: string[] },
    workspaceId?: string,
  ): Promise<DueDelivery[]> {
    const query: Record<string, unknown> = { due_at: operator({ $lte: now }) };
    if (workspaceId) query.workspace_id = workspaceId;
    else if (exclude.workspaces.length > 0) query.workspace_id = operator({ $nin: exclude.workspaces });
    if (exclude.endpoints.length > 0) query.endpoint_id = operator({ $nin: exclude.endpoints });
    return this.models.Delivery.find(query, { _id: 1, workspace_id: 1, endpoint_id: 1 })
      .sort({ due_at: 1 })
      .limit(limit)
      .lean<DueDelivery[]>()
      .exec();
  }

  /**
   * Leases the delivery if it is still due: one conditional write, so of any number of senders
   * exactly one gets it. Null when another sender took it first or it is no longer due.
   */
  claim(id: string, now: Date, leaseMs: number): Promise<Lease<DeliveryDoc> | null> {
    return claimById(this.models.Delivery, id, {}, now, leaseMs);
  }

  /** Extends the lease while it holds; false when it was lost. */
  renewLease(lease: Lease<DeliveryDoc>, until: Date): Promise<boolean> {
    return renewLease(this.models.Delivery, lease, until);
  }

  /**
   * Appends the attempt and writes the delivery's next state in one write, only while `lease`
   * holds the delivery; false when it was lost (nothing is recorded). With `keepLease` the sender
   * keeps the delivery for work after the attempt (`due_at` is then the end of its lease).
   */
  async recordAttempt(
    lease: Lease<DeliveryDoc>,
    attempt: AttemptDoc,
    outcome: AttemptOutcome,
    keepLease = false,
  ): Promise<boolean> {
    const res = await this.models.Delivery.updateOne(
      { _id: lease.doc._id, ...heldBy(lease.token) },
      {
        $set: keepLease ? outcome : { ...outcome, ...unclaimed() },
        $push: { attempts: { $each: [attempt] } },
      },
    ).exec();
    return res.matchedCount === 1;
  }

  /** Cancels a leased delivery that can no longer be sent (its endpoint or event is gone). */
  cancelLeased(lease: Lease<DeliveryDoc>, now: Date): Promise<boolean> {
    return completeLease(this.models.Delivery, lease, {
      status: 'cancelled',
      next_attempt_at: null,
      due_at: null,
      updated_at: now,
    });
  }

  /** Releases a delivery whose work after its last attempt is done: nothing is due any more. */
  finishLeased(lease: Lease<DeliveryDoc>): Promise<boolean> {
    return completeLease(this.models.Delivery, lease, { due_at: null });
  }

  /**
   * Whether a delivery to the endpoint succeeded at or after `since` (the deactivation
   * rule of docs/architecture.md#webhooks). A success is written once, by the write that records its attempt.
   */
  async succeededSince(endpointId: string, since: Date): Promise<boolean> {
    const hit = await this.models.Delivery.exists({
      endpoint_id: endpointId,
      status: 'succeeded',
      succeeded_at: operator({ $gte: since }),
    });
    return hit !== null;
  }

  // --------------------------------------------------------------------------- notices ---

  /** Inserts the notice; false when this deactivation has one already. */
  async insertNotice(doc: NoticeDoc): Promise<boolean> {
    return insertOnce(this.models.Notice, doc);
  }

  claimDueNotice(now: Date, leaseMs: number): Promise<Lease<NoticeDoc> | null> {
    return claimDue(this.models.Notice, {}, now, leaseMs);
  }

  /** Records a try's result (and the next try's time, or null when done) while the lease holds. */
  completeNotice(lease: Lease<NoticeDoc>, set: NoticeResult): Promise<boolean> {
    return completeLease(this.models.Notice, lease, set);
  }

  // ----------------------------------------------------------------------------- purge ---

  /**
   * Deletes deliveries (with their attempts) created before `cutoff`, events received before it,
   * and notices made before it, oldest first in batches through their indexes. A delivery still
   * open is kept (none is, 30 days after its creation: the whole retry schedule takes under two
   * days), and so is a notice still being tried.
   */
  async purge(cutoff: Date, batch = 500): Promise<{ deliveries: number; events: number }> {
    const deliveries = await this.purgeBatches(
      () =>
        this.models.Delivery.find(
          { created_at: operator({ $lt: cutoff }), status: operator({ $in: settledStatuses }) },
          { _id: 1 },
        )
          .sort({ created_at: 1 })
          .limit(batch)
          .lean<{ _id: string }[]>()
          .exec(),
      (ids) => this.models.Delivery.deleteMany({ _id: operator({ $in: ids }) }).exec(),
      batch,
    );
    const events = await this.purgeBatches(
      () =>
        this.models.Event.find({ received_at: operator({ $lt: cutoff }) }, { _id: 1 })
          .sort({ received_at: 1 })
          .limit(batch)
          .lean<{ _id: string }[]>()
          .exec(),
      (ids) => this.models.Event.deleteMany({ _id: operator({ $in: ids }) }).exec(),
      batch,
    );
    await this.purgeBatches(
      () =>
        this.models.Notice.find(
          { created_at: operator({ $lt: cutoff }), status: operator({ $in: ['sent', 'skipped'] }) },
          { _id: 1 },
        )
          .sort({ created_at: 1 })
          .limit(batch)
          .lean<{ _id: string }[]>()
          .exec(),
      (ids) => this.models.Notice.deleteMany({ _id: operator({ $in: ids }) }).exec(),
      batch,
    );
    return { deliveries, events };
  }

  private async purgeBatches(
    find: () => Promise<{ _id: string }[]>,
    remove: (ids: string[]) => Promise<{ deletedCount: number }>,
    batch: number,
  ): Promise<number> {
    let deleted = 0;
    for (;;) {
      const old = await find();
      if (old.length === 0) return deleted;
      deleted += (await remove(old.map((d) => d._id))).deletedCount;
      if (old.length < batch) return deleted;
    }
  }
}
