import { AppError } from '@invoice-platform/common/errors';
import { topics } from '@invoice-platform/common/kafka';
import { outboxEvent, type WithOutbox, withEvents } from '@invoice-platform/common/store/outbox';
import type { PageOf, PageRequest } from '@invoice-platform/common/paging';
import { listPage } from '@invoice-platform/common/store/paging';
import { insertOnce } from '@invoice-platform/common/store/unique';
import { operator } from '@invoice-platform/common/store/operators';
import { changeVersioned } from '@invoice-platform/common/store/versioned';
import type { UpdateQuery } from 'mongoose';
import type { SeriesDoc } from '../domain/records.ts';
import type { SeriesEvent } from '../domain/series-events.ts';
import { isDeleted } from '../domain/series-deletion.ts';
import type { Models } from './models.ts';

export interface SeriesChange {
  before: SeriesDoc;
  /** The series after the change; null when the decision was to change nothing. */
  after: SeriesDoc | null;
}

/** The series collection (store/models.ts). */
export class SeriesStore {
  private readonly models: Models;

  constructor(models: Models) {
    this.models = models;
  }

  async find(id: string): Promise<SeriesDoc | null> {
    return this.models.Series.findById(id).lean<SeriesDoc>().exec();
  }

  /**
   * Another workspace's series is simply not found (a 404, docs/architecture.md#errors), and so is
   * a deleted one.
   */
  async get(workspaceId: string, id: string): Promise<SeriesDoc> {
    const doc = await this.getStored(workspaceId, id);
    if (isDeleted(doc)) throw notFound(id);
    return doc;
  }

  /** The workspace's series as stored, deleted or not (only a delete, which is idempotent, reads a deleted one). */
  async getStored(workspaceId: string, id: string): Promise<SeriesDoc> {
    const doc = await this.find(id);
    if (!doc || doc.workspace_id !== workspaceId) throw notFound(id);
    return doc;
  }

  /** Inserts a new series; false when it exists already (CreateSeries is idempotent by id). */
  async insert(doc: SeriesDoc): Promise<boolean> {
    return insertOnce(this.models.Series, doc);
  }

  /**
   * Changes a series by compare-and-set on its version (changeVersioned): `decide` sees the series
   * and what `read` gathers for it (its occurrences, say), both read again when another change got
   * in first. `decide` returns the fields to set, or null to change nothing; it may throw. A
   * deleted series is not found, unless `includeDeleted` (the delete itself). `events` are the
   * change's events, built from the series as the change leaves it and written into its outbox in
   * the same write (common/store/outbox.ts).
   */
  async change<C>(
    workspaceId: string,
    id: string,
    read: (series: SeriesDoc) => Promise<C>,
    decide: (series: SeriesDoc, context: C) => Partial<SeriesDoc> | null,
    now: Date,
    includeDeleted = false,
    events?: (after: SeriesDoc, context: C) => SeriesEvent[],
  ): Promise<SeriesChange> {
    let context: C;
    return changeVersioned(
      this.models.Series,
      async () => {
        const series = includeDeleted ? await this.getStored(workspaceId, id) : await this.get(workspaceId, id);
        context = await read(series);
        return series;
      },
      (series) => {
        const patch = decide(series, context);
        if (!patch) return null;
        const update: UpdateQuery<SeriesDoc> = { $set: { ...patch, updated_at: now } };
        if (!events) return update;
        const after: SeriesDoc = { ...series, ...patch, updated_at: now, version: series.version + 1 };
        const messages = events(after, context).map((e) => outboxEvent({ topic: topics.recurring, ...e, now }));
        // The relay reads the outbox by real time: a service clock moved ahead (tests) must not hold it back.
        return withEvents<SeriesDoc>(series as SeriesDoc & WithOutbox, update, messages, new Date());
      },
      'The series is being changed concurrently. Retry shortly.',
    );
  }

  /** A page of the workspace's series (with `status` only, if given), newest first; never a deleted one. */
  async list(workspaceId: string, status: string | undefined, page: PageRequest): Promise<PageOf<SeriesDoc>> {
    const filter: Record<string, unknown> = { workspace_id: workspaceId };
    if (!status) filter.status = operator({ $ne: 'deleted' });
    else filter.status = status === 'deleted' ? operator({ $in: [] }) : status;
    return listPage<SeriesDoc>(this.models.Series, filter, { created_at: -1, _id: -1 }, page);
  }

  /** Series paused for refused follow-ups whose owner's notice is still pending since before `before`. */
  async pendingPauseNotices(before: Date): Promise<SeriesDoc[]> {
    return this.models.Series.find({ pause_notice: 'pending', updated_at: operator({ $lte: before }) })
      .limit(100)
      .lean<SeriesDoc[]>()
      .exec();
  }

  /** The owner's notice of the series' pause was sent (not a change of the series: its version stays). */
  async markPauseNoticed(id: string): Promise<void> {
    await this.models.Series.updateOne({ _id: id, pause_notice: 'pending' }, { $set: { pause_notice: 'sent' } }).exec();
  }

  async activeOf(workspaceId: string): Promise<SeriesDoc[]> {
    return this.models.Series.find({ workspace_id: workspaceId, status: 'active' }).lean<SeriesDoc[]>().exec();
  }
}

function notFound(id: string): AppError {
  return new AppError('not_found', `Recurring series ${id} does not exist in this workspace.`);
}
