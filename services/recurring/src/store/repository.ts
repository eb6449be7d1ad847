import { randomBytes } from 'node:crypto';
import { AppError } from '@invoice-platform/common/errors';
import { insertOnce, isDuplicateKey } from '@invoice-platform/common/store/unique';
import { changeVersioned } from '@invoice-platform/common/store/versioned';
import { openStatuses } from '../domain/series.ts';
import type { Models, OccurrenceDoc, SeriesDoc } from './models.ts';
import { ProcessedEvents } from '@invoice-platform/common/store/processed-events';
import { operator } from '@invoice-platform/common/store/operators';

/** A scheduler worker's lease on one occurrence: the occurrence as leased, and the token that holds it. */
export interface OccurrenceLease {
  occurrence: OccurrenceDoc;
  token: string;
}

export interface SeriesChange {
  before: SeriesDoc;
  /** The series after the change; null when the decision was to change nothing. */
  after: SeriesDoc | null;
}

/** Where a pass looks for due occurrences: everywhere, or one workspace or series (RunSchedulerOnce). */
export interface DueScope {
  workspaceId?: string;
  seriesId?: string;
}

const newToken = () => randomBytes(12).toString('base64url');

/** A lease is free when none was taken, or the last one has run out (its holder died or stalled). */
const leaseFree = (now: Date) => ({ lease_until: operator({ $not: { $gt: now } }) });

export class RecurringRepository {
  readonly models: Models;

  /** workspace.v1 and invoice.lifecycle.v1 events the consumers have applied. */
  readonly processed: ProcessedEvents;

  constructor(models: Models) {
    this.models = models;
    this.processed = new ProcessedEvents(models.ProcessedEvent);
  }

  async findSeries(id: string): Promise<SeriesDoc | null> {
    return this.models.Series.findById(id).lean<SeriesDoc>().exec();
  }

  /** Another workspace's series is simply not found (a 404, docs/architecture.md#errors). */
  async getSeries(workspaceId: string, id: string): Promise<SeriesDoc> {
    const doc = await this.findSeries(id);
    if (!doc || doc.workspace_id !== workspaceId)
      throw new AppError('not_found', `Recurring series ${id} does not exist in this workspace.`);
    return doc;
  }

  /** Inserts a new series; false when it exists already (CreateSeries is idempotent by id). */
  async insertSeries(doc: SeriesDoc): Promise<boolean> {
    return insertOnce(this.models.Series, doc);
  }

  /**
   * Changes a series by compare-and-set on its version (changeVersioned): `decide` sees the series
   * and what `read` gathers for it (its occurrences, say), both read again when another change got
   * in first. `decide` returns the fields to set, or null to change nothing; it may throw.
   */
  async changeSeries<C>(
    workspaceId: string,
    id: string,
    read: (series: SeriesDoc) => Promise<C>,
    decide: (series: SeriesDoc, context: C) => Partial<SeriesDoc> | null,
    now: Date,
  ): Promise<SeriesChange> {
    let context: C;
    return changeVersioned(
      this.models.Series,
      async () => {
        const series = await this.getSeries(workspaceId, id);
        context = await read(series);
        return series;
      },
      (series) => {
        const patch = decide(series, context);
        return patch && { $set: { ...patch, updated_at: now } };
      },
      'The series is being changed concurrently. Retry shortly.',
    );
  }

  async listSeries(
    workspaceId: string,
    status: string | undefined,
    page: number,
    pageSize: number,
  ): Promise<{ docs: SeriesDoc[]; total: number }> {
    const filter: Record<string, unknown> = { workspace_id: workspaceId };
    if (status) filter.status = status;
    const [docs, total] = await Promise.all([
      this.models.Series.find(filter)
        .sort({ created_at: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<SeriesDoc[]>()
        .exec(),
      this.models.Series.countDocuments(filter).exec(),
    ]);
    return { docs, total };
  }

  async activeSeriesOf(workspaceId: string): Promise<SeriesDoc[]> {
    return this.models.Series.find({ workspace_id: workspaceId, status: 'active' }).lean<SeriesDoc[]>().exec();
  }

  /**
   * Inserts in one round trip (a series may have 1000 occurrences); an occurrence that exists
   * already (a retried change) stays as it is.
   */
  async insertOccurrences(docs: OccurrenceDoc[]): Promise<number> {
    if (docs.length === 0) return 0;
    try {
      await this.models.Occurrence.insertMany(docs, { ordered: false });
      return docs.length;
    } catch (err) {
      const failed = (err as { writeErrors?: unknown[] }).writeErrors;
      if (!failed || !failed.every(isDuplicateKey)) throw err;
      return docs.length - failed.length;
    }
  }

  async occurrences(seriesId: string): Promise<OccurrenceDoc[]> {
    return this.models.Occurrence.find({ series_id: seriesId }).sort({ date: 1 }).lean<OccurrenceDoc[]>().exec();
  }

  async occurrencesOf(seriesIds: string[]): Promise<Map<string, OccurrenceDoc[]>> {
    const docs = await this.models.Occurrence.find({ series_id: operator({ $in: seriesIds }) })
      .sort({ date: 1 })
      .lean<OccurrenceDoc[]>()
      .exec();
    const bySeries = new Map<string, OccurrenceDoc[]>(seriesIds.map((id) => [id, []]));
    for (const doc of docs) bySeries.get(doc.series_id)?.push(doc);
    return bySeries;
  }

  async findOccurrence(id: string): Promise<OccurrenceDoc | null> {
    return this.models.Occurrence.findById(id).lean<OccurrenceDoc>().exec();
  }

  async hasOpenOccurrences(seriesId: string): Promise<boolean> {
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

  /** How many occurrences are due by `now`: the range dueOccurrences reads, counted by its index. */
  countDue(now: Date): Promise<number> {
    return this.models.Occurrence.countDocuments({ due_at: operator({ $lte: now }) }).exec();
  }

  /**
   * The occurrences due by `now` (service clock), oldest first, read a page at a time through
   * the due_at range. Each page starts where the last one ended; occurrences the caller works
   * on leave the range (sent, retried later or snoozed), those it cannot take stay behind it.
   */
  async *dueOccurrences(now: Date, scope: DueScope, pageSize = 100): AsyncGenerator<OccurrenceDoc> {
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
        .lean<OccurrenceDoc[]>()
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
   * Leases a due occurrence to a scheduler worker for `leaseMs` of real time: one conditional
   * findOneAndUpdate, so of any number of workers exactly one gets it, and none while another's
   * lease lasts. Null when it is not due by `dueBy` (service clock) or is leased.
   */
  async leaseDueOccurrence(id: string, dueBy: Date, now: Date, leaseMs: number): Promise<OccurrenceLease | null> {
    const token = newToken();
    const occurrence = await this.models.Occurrence.findOneAndUpdate(
      { _id: id, due_at: operator({ $lte: dueBy }), ...leaseFree(now) },
      { $set: { lease_token: token, lease_until: new Date(now.getTime() + leaseMs) } },
      { returnDocument: 'after' },
    )
      .lean<OccurrenceDoc>()
      .exec();
    return occurrence ? { occurrence, token } : null;
  }

  /** Extends a lease while its token still holds it; false when it ran out and was taken over. */
  async renewLease(lease: OccurrenceLease, until: Date): Promise<boolean> {
    const res = await this.models.Occurrence.updateOne(
      { _id: lease.occurrence._id, lease_token: lease.token },
      { $set: { lease_until: until } },
    ).exec();
    return res.matchedCount === 1;
  }

  /** Records the generated invoice while the lease holds; false when it was lost (nothing written). */
  async recordInvoice(lease: OccurrenceLease, invoiceId: string, invoiceNumber: string): Promise<boolean> {
    const res = await this.models.Occurrence.updateOne(
      { _id: lease.occurrence._id, lease_token: lease.token },
      { $set: { invoice_id: invoiceId, invoice_number: invoiceNumber } },
    ).exec();
    return res.matchedCount === 1;
  }

  /**
   * Claims the send of the occurrence's email right before it is handed to SMTP: moves it to
   * `sending` under `messageId` and extends the lease to `until`, in one write guarded by the lease
   * token, so of all workers only the lease holder sends, and only while its lease holds. One found
   * in `sending` (a send whose outcome is unknown) is claimed again by the next lease holder. False
   * when the lease was lost (nothing written).
   */
  async claimSend(lease: OccurrenceLease, messageId: string, until: Date): Promise<boolean> {
    const res = await this.models.Occurrence.updateOne(
      { _id: lease.occurrence._id, lease_token: lease.token, status: operator({ $in: openStatuses }) },
      { $set: { status: 'sending', message_id: messageId, lease_until: until } },
    ).exec();
    return res.matchedCount === 1;
  }

  /** Marks the occurrence sent and ends the lease, while it holds; false when it was lost. */
  async completeOccurrence(lease: OccurrenceLease, sentAt: Date): Promise<boolean> {
    const res = await this.models.Occurrence.updateOne(
      { _id: lease.occurrence._id, lease_token: lease.token },
      {
        $set: {
          status: 'sent',
          sent_at: sentAt,
          email_sent: true,
          last_error: null,
          due_at: null,
          lease_token: null,
          lease_until: null,
        },
      },
    ).exec();
    return res.matchedCount === 1;
  }

  /**
   * Marks the attempt failed, due again at `retryAt`, and ends the lease, while it holds; false
   * when it was lost. An invoice already recorded stays: only its email is retried.
   */
  async failOccurrence(lease: OccurrenceLease, retryAt: Date, error: string): Promise<boolean> {
    const res = await this.models.Occurrence.updateOne(
      { _id: lease.occurrence._id, lease_token: lease.token },
      {
        $set: {
          status: 'failed',
          next_attempt_at: retryAt,
          due_at: retryAt,
          last_error: error,
          lease_token: null,
          lease_until: null,
        },
        $inc: { attempts: 1 },
      },
    ).exec();
    return res.matchedCount === 1;
  }

  /**
   * Gives the occurrence back untouched but for its lease, out of the pass's range until `until`
   * (the series was just paused; resuming wakes it). False when the lease was lost.
   */
  async releaseAndSnooze(lease: OccurrenceLease, until: Date): Promise<boolean> {
    const res = await this.models.Occurrence.updateOne(
      { _id: lease.occurrence._id, lease_token: lease.token },
      { $set: { due_at: until, lease_token: null, lease_until: null } },
    ).exec();
    return res.matchedCount === 1;
  }

  /**
   * Moves a due occurrence of a series that is not active out of the pass's range until `until`
   * (its next_attempt_at, what clients see, stays). Only if it is still due by `now`: a worker's
   * newer due_at wins.
   */
  async snoozeOccurrence(id: string, now: Date, until: Date): Promise<void> {
    await this.models.Occurrence.updateOne(
      { _id: id, due_at: operator({ $lte: now }) },
      { $set: { due_at: until } },
    ).exec();
  }

  /** Makes a series' snoozed occurrences due at `now` again (the series became active). */
  async wakeOccurrences(seriesId: string, now: Date): Promise<void> {
    await this.models.Occurrence.updateMany(
      { series_id: seriesId, next_attempt_at: operator({ $lte: now }), due_at: operator({ $gt: now }) },
      { $set: { due_at: now } },
    ).exec();
  }

  /**
   * Holds open occurrences without an invoice for a series change that will remove them, so no
   * worker starts on them meanwhile: all under one token, or none. Returns the token, or the id
   * of an occurrence a worker holds (being generated right now) after giving back the others.
   */
  async holdOccurrences(
    ids: string[],
    now: Date,
    holdMs: number,
  ): Promise<{ token: string; busy?: undefined } | { token?: undefined; busy: string }> {
    const token = newToken();
    for (const id of ids) {
      const res = await this.models.Occurrence.updateOne(
        { _id: id, status: operator({ $in: openStatuses }), invoice_id: null, ...leaseFree(now) },
        { $set: { lease_token: token, lease_until: new Date(now.getTime() + holdMs) } },
      ).exec();
      if (res.matchedCount !== 1) {
        await this.releaseHold(ids, token);
        return { busy: id };
      }
    }
    return { token };
  }

  /** Gives back what `token` still holds among `ids`. */
  async releaseHold(ids: string[], token: string): Promise<void> {
    if (ids.length === 0) return;
    await this.models.Occurrence.updateMany(
      { _id: operator({ $in: ids }), lease_token: token },
      { $set: { lease_token: null, lease_until: null } },
    ).exec();
  }

  /** Deletes the held occurrences that still have no invoice (one recorded from an event meanwhile stays). */
  async deleteHeldOccurrences(ids: string[], token: string): Promise<number> {
    if (ids.length === 0) return 0;
    const res = await this.models.Occurrence.deleteMany({
      _id: operator({ $in: ids }),
      lease_token: token,
      invoice_id: null,
    }).exec();
    return res.deletedCount ?? 0;
  }

  /**
   * Removes one open occurrence that has no invoice and that no worker holds, in one conditional
   * delete: a worker that leases it first keeps it. False when it was not removed.
   */
  async deleteFreeOccurrence(id: string, now: Date): Promise<boolean> {
    const res = await this.models.Occurrence.deleteOne({
      _id: id,
      status: operator({ $in: openStatuses }),
      invoice_id: null,
      ...leaseFree(now),
    }).exec();
    return res.deletedCount === 1;
  }
}
