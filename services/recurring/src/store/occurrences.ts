import {
  claimFree,
  heldBy,
  type Lease,
  leaseFree,
  newLeaseToken,
  noLease,
  releaseAllHeld,
  releaseHeld,
  renewHeld,
  takeFree,
  writeHeld,
} from '@invoice-platform/common/store/leases';
import { operator } from '@invoice-platform/common/store/operators';
import { isDuplicateKey } from '@invoice-platform/common/store/unique';
import { openStatuses } from '../domain/occurrences.ts';
import type { OccurrenceDoc } from '../domain/records.ts';
import type { Models, StoredOccurrence } from './models.ts';

/** A scheduler worker's lease on one occurrence: the occurrence as leased, and the token that holds it. */
export type OccurrenceLease = Lease<StoredOccurrence>;

/** Where a pass looks for due occurrences: everywhere, or one workspace or series (RunSchedulerOnce). */
export interface DueScope {
  workspaceId?: string;
  seriesId?: string;
}

/**
 * The occurrences collection (store/models.ts). A scheduler worker leases an occurrence before it
 * works on it, and a series change holds the ones it is about to remove, both through
 * common/store/leases.ts (`lease_token`, `lease_until`): every write of a holder is guarded by its
 * token, so one whose lease was lost writes nothing.
 */
export class OccurrenceStore {
  private readonly models: Models;

  constructor(models: Models) {
    this.models = models;
  }

  /**
   * Inserts in one round trip (a series may have 1000 occurrences), none of them leased; an
   * occurrence that exists already (a retried change) stays as it is.
   */
  async insert(docs: OccurrenceDoc[]): Promise<number> {
    if (docs.length === 0) return 0;
    try {
      await this.models.Occurrence.insertMany(
        docs.map((doc) => ({ ...doc, ...noLease() })),
        { ordered: false },
      );
      return docs.length;
    } catch (err) {
      const failed = (err as { writeErrors?: unknown[] }).writeErrors;
      if (!failed || !failed.every(isDuplicateKey)) throw err;
      return docs.length - failed.length;
    }
  }

  /** A series' occurrences in date order. */
  async ofSeries(seriesId: string): Promise<StoredOccurrence[]> {
    return this.models.Occurrence.find({ series_id: seriesId }).sort({ date: 1 }).lean<StoredOccurrence[]>().exec();
  }

  /** The occurrences of each of the series, in date order (one query). */
  async ofEachSeries(seriesIds: string[]): Promise<Map<string, StoredOccurrence[]>> {
    const docs = await this.models.Occurrence.find({ series_id: operator({ $in: seriesIds }) })
      .sort({ date: 1 })
      .lean<StoredOccurrence[]>()
      .exec();
    const bySeries = new Map<string, StoredOccurrence[]>(seriesIds.map((id) => [id, []]));
    for (const doc of docs) bySeries.get(doc.series_id)?.push(doc);
    return bySeries;
  }

  async find(id: string): Promise<StoredOccurrence | null> {
    return this.models.Occurrence.findById(id).lean<StoredOccurrence>().exec();
  }

  async hasOpen(seriesId: string): Promise<boolean> {
    const open = await this.models.Occurrence.exists({
      series_id: seriesId,
      status: operator({ $in: openStatuses }),
    }).exec();
    return open !== null;
  }

  /** True when some occurrence already holds this invoice. */
  async knowsInvoice(invoiceId: string): Promise<boolean> {
    return (await this.models.Occurrence.exists({ invoice_id: invoiceId }).exec()) !== null;
  }

  /**
   * Records the invoice an occurrence produced, learnt from invoice.lifecycle.v1 when its worker
   * died before writing it. Only an occurrence without one takes it, so the worker's own record
   * (the same invoice) and this never undo each other. True when written.
   */
  async recordInvoiceFromEvent(occurrenceId: string, invoiceId: string, invoiceNumber: string): Promise<boolean> {
    const res = await this.models.Occurrence.updateOne(
      { _id: occurrenceId, invoice_id: null },
      { $set: { invoice_id: invoiceId, invoice_number: invoiceNumber } },
    ).exec();
    return res.modifiedCount === 1;
  }

  /** How many occurrences are due by `now`: the range `due` reads, counted by its index. */
  countDue(now: Date): Promise<number> {
    return this.models.Occurrence.countDocuments({ due_at: operator({ $lte: now }) }).exec();
  }

  /**
   * The occurrences due by `now` (service clock), oldest first, read a page at a time through
   * the due_at range. Each page starts where the last one ended; occurrences the caller works
   * on leave the range (sent, retried later or snoozed), those it cannot take stay behind it.
   */
  async *due(now: Date, scope: DueScope, pageSize = 100): AsyncGenerator<StoredOccurrence> {
    const filter: Record<string, unknown> = {};
    if (scope.workspaceId) filter.workspace_id = scope.workspaceId;
    if (scope.seriesId) filter.series_id = scope.seriesId;
    let from: Date | undefined;
    /** Ids already read whose due_at is `from`: the next page starts at `from` again and skips them. */
    let seenAtFrom: string[] = [];
    for (;;) {
      const page = await this.models.Occurrence.find({
        ...filter,
        due_at: operator(from ? { $gte: from, $lte: now } : { $lte: now }),
        ...(seenAtFrom.length > 0 ? { _id: operator({ $nin: seenAtFrom }) } : {}),
      })
        .sort({ due_at: 1 })
        .limit(pageSize)
        .lean<StoredOccurrence[]>()
        .exec();
      yield* page;
      if (page.length < pageSize) return;
      const last = page.at(-1)!.due_at!;
      const atLast = page.filter((o) => o.due_at!.getTime() === last.getTime()).map((o) => o._id);
      seenAtFrom = from?.getTime() === last.getTime() ? [...seenAtFrom, ...atLast] : atLast;
      from = last;
    }
  }

  /**
   * Leases a due occurrence to a scheduler worker for `leaseMs` of real time (claimFree: of any
   * number of workers exactly one gets it, and none while another's lease lasts). Null when it is
   * not due by `dueBy` (service clock) or is leased.
   */
  leaseDue(id: string, dueBy: Date, now: Date, leaseMs: number): Promise<OccurrenceLease | null> {
    return claimFree(this.models.Occurrence, { _id: id, due_at: operator({ $lte: dueBy }) }, now, leaseMs);
  }

  /** Extends a lease while its token still holds it; false when it ran out and was taken over. */
  renewLease(lease: OccurrenceLease, until: Date): Promise<boolean> {
    return renewHeld(this.models.Occurrence, lease, until);
  }

  /** Records the generated invoice while the lease holds; false when it was lost (nothing written). */
  recordInvoice(lease: OccurrenceLease, invoiceId: string, invoiceNumber: string): Promise<boolean> {
    return writeHeld(this.models.Occurrence, lease, { $set: { invoice_id: invoiceId, invoice_number: invoiceNumber } });
  }

  /**
   * Claims the send of the occurrence's email right before it is handed to SMTP: moves it to
   * `sending` under `messageId` and extends the lease to `until`, in one write guarded by the lease
   * token, so of all workers only the lease holder sends, and only while its lease holds. One found
   * in `sending` (a send whose outcome is unknown) is claimed again by the next lease holder. False
   * when the lease was lost (nothing written).
   */
  claimSend(lease: OccurrenceLease, messageId: string, until: Date): Promise<boolean> {
    return renewHeld(
      this.models.Occurrence,
      lease,
      until,
      { status: 'sending', message_id: messageId },
      { status: operator({ $in: openStatuses }) },
    );
  }

  /** Marks the occurrence sent and ends the lease, while it holds; false when it was lost. */
  complete(lease: OccurrenceLease, sentAt: Date): Promise<boolean> {
    return releaseHeld(this.models.Occurrence, lease, {
      $set: { status: 'sent', sent_at: sentAt, email_sent: true, last_error: null, due_at: null },
    });
  }

  /**
   * Marks the attempt failed, due again at `retryAt`, and ends the lease, while it holds; false
   * when it was lost. An invoice already recorded stays: only its email is retried.
   */
  fail(lease: OccurrenceLease, retryAt: Date, error: string): Promise<boolean> {
    return releaseHeld(this.models.Occurrence, lease, {
      $set: { status: 'failed', next_attempt_at: retryAt, due_at: retryAt, last_error: error },
      $inc: { attempts: 1 },
    });
  }

  /**
   * Gives the occurrence back untouched but for its lease, out of the pass's range until `until`
   * (the series was just paused; resuming wakes it). False when the lease was lost.
   */
  releaseAndSnooze(lease: OccurrenceLease, until: Date): Promise<boolean> {
    return releaseHeld(this.models.Occurrence, lease, { $set: { due_at: until } });
  }

  /**
   * Moves a due occurrence of a series that is not active out of the pass's range until `until`
   * (its next_attempt_at, what clients see, stays). Only if it is still due by `now`: a worker's
   * newer due_at wins.
   */
  async snooze(id: string, now: Date, until: Date): Promise<void> {
    await this.models.Occurrence.updateOne(
      { _id: id, due_at: operator({ $lte: now }) },
      { $set: { due_at: until } },
    ).exec();
  }

  /**
   * Takes a due occurrence of a deleted series out of the pass's range for good (due_at null), if
   * no worker holds it; one a worker holds is retired by the pass that finds it due again.
   */
  async retire(id: string, now: Date): Promise<void> {
    await this.models.Occurrence.updateOne(
      { _id: id, due_at: operator({ $lte: now }), ...leaseFree(new Date()) },
      { $set: { due_at: null } },
    ).exec();
  }

  /** Gives back a leased occurrence of a deleted series, out of the pass's range for good. False when the lease was lost. */
  releaseAndRetire(lease: OccurrenceLease): Promise<boolean> {
    return releaseHeld(this.models.Occurrence, lease, { $set: { due_at: null } });
  }

  /**
   * Takes the open occurrences of a deleted series that produced an invoice (only their email was
   * still to go) out of the pass's range, those no worker holds; the record of the invoice stays.
   */
  async retireOpen(seriesId: string, now: Date): Promise<void> {
    await this.models.Occurrence.updateMany(
      { series_id: seriesId, status: operator({ $in: openStatuses }), ...leaseFree(now) },
      { $set: { due_at: null } },
    ).exec();
  }

  /** Makes a series' snoozed occurrences due at `now` again (the series became active). */
  async wake(seriesId: string, now: Date): Promise<void> {
    await this.models.Occurrence.updateMany(
      { series_id: seriesId, next_attempt_at: operator({ $lte: now }), due_at: operator({ $gt: now }) },
      { $set: { due_at: now } },
    ).exec();
  }

  /**
   * Holds open occurrences without an invoice for a series change that will remove them (or change
   * what they are made from), so no worker starts on them meanwhile: all under one token (takeFree), or none. Returns the token,
   * or the id of an occurrence a worker holds (being generated right now) after giving back the
   * others.
   */
  async hold(
    ids: string[],
    now: Date,
    holdMs: number,
  ): Promise<{ token: string; busy?: undefined } | { token?: undefined; busy: string }> {
    const token = newLeaseToken();
    for (const id of ids) {
      const held = await takeFree(
        this.models.Occurrence,
        { _id: id, status: operator({ $in: openStatuses }), invoice_id: null },
        token,
        now,
        holdMs,
      );
      if (!held) {
        await this.releaseHold(ids, token);
        return { busy: id };
      }
    }
    return { token };
  }

  /** Gives back what `token` still holds among `ids`. */
  async releaseHold(ids: string[], token: string): Promise<void> {
    if (ids.length === 0) return;
    await releaseAllHeld(this.models.Occurrence, ids, token);
  }

  /** Deletes the held occurrences that still have no invoice (one recorded from an event meanwhile stays). */
  async deleteHeld(ids: string[], token: string): Promise<number> {
    if (ids.length === 0) return 0;
    const res = await this.models.Occurrence.deleteMany({
      _id: operator({ $in: ids }),
      ...heldBy(token),
      invoice_id: null,
    }).exec();
    return res.deletedCount ?? 0;
  }

  /**
   * Removes one open occurrence that has no invoice and that no worker holds, in one conditional
   * delete: a worker that leases it first keeps it. False when it was not removed.
   */
  async deleteFree(id: string, now: Date): Promise<boolean> {
    const res = await this.models.Occurrence.deleteOne({
      _id: id,
      status: operator({ $in: openStatuses }),
      invoice_id: null,
      ...leaseFree(now),
    }).exec();
    return res.deletedCount === 1;
  }
}
