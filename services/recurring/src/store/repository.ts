import { AppError } from '@invoice-platform/common/errors';
import { commitChange, insertOnce, isDuplicateKey, rollForward, SequenceTaken } from '@invoice-platform/common/outbox';
import type { ClaimDoc, HeartbeatDoc, Models, OccurrenceDoc, OccurrenceInvoiceDoc, SeriesDoc } from './models.ts';

export { SequenceTaken };

export class RecurringRepository {
  readonly models: Models;

  constructor(models: Models) {
    this.models = models;
  }

  async findSeries(id: string): Promise<SeriesDoc | null> {
    return this.models.Series.findById(id).lean<SeriesDoc>().exec();
  }

  /** Another workspace's series is simply not found (spec §7 404). */
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
    const [docs, invoices] = await Promise.all([
      this.models.Occurrence.find({ series_id: seriesId }).sort({ date: 1 }).lean<OccurrenceDoc[]>().exec(),
      this.models.OccurrenceInvoice.find({ series_id: seriesId }).lean<OccurrenceInvoiceDoc[]>().exec(),
    ]);
    return withInvoices(docs, invoices);
  }

  async occurrencesOf(seriesIds: string[]): Promise<Map<string, OccurrenceDoc[]>> {
    const [docs, invoices] = await Promise.all([
      this.models.Occurrence.find({ series_id: { $in: seriesIds } })
        .sort({ date: 1 })
        .lean<OccurrenceDoc[]>()
        .exec(),
      this.models.OccurrenceInvoice.find({ series_id: { $in: seriesIds } })
        .lean<OccurrenceInvoiceDoc[]>()
        .exec(),
    ]);
    const bySeries = new Map<string, OccurrenceDoc[]>(seriesIds.map((id) => [id, []]));
    for (const doc of withInvoices(docs, invoices)) bySeries.get(doc.series_id)?.push(doc);
    return bySeries;
  }

  async findOccurrence(id: string): Promise<OccurrenceDoc | null> {
    const [doc, invoice] = await Promise.all([
      this.models.Occurrence.findById(id).lean<OccurrenceDoc>().exec(),
      this.models.OccurrenceInvoice.findById(id).lean<OccurrenceInvoiceDoc>().exec(),
    ]);
    return doc && withInvoices([doc], invoice ? [invoice] : [])[0]!;
  }

  /** True when some occurrence already holds this invoice (recorded by the scheduler or from an event). */
  async knowsInvoice(invoiceId: string): Promise<boolean> {
    const [recorded, learnt] = await Promise.all([
      this.models.Occurrence.exists({ invoice_id: invoiceId }).exec(),
      this.models.OccurrenceInvoice.exists({ invoice_id: invoiceId }).exec(),
    ]);
    return recorded !== null || learnt !== null;
  }

  /** Records the invoice an occurrence produced, once (see OccurrenceInvoiceDoc). */
  async recordOccurrenceInvoice(doc: OccurrenceInvoiceDoc): Promise<boolean> {
    return insertOnce(this.models.OccurrenceInvoice, doc);
  }

  async updateOccurrence(id: string, patch: Partial<OccurrenceDoc>): Promise<void> {
    await this.models.Occurrence.updateOne({ _id: id }, { $set: patch }).exec();
  }

  async deleteOccurrences(ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const res = await this.models.Occurrence.deleteMany({ _id: { $in: ids } }).exec();
    return res.deletedCount ?? 0;
  }

  /**
   * Commits a change of the series as version n+1 (the insert is the compare-and-set); the
   * caller re-reads and decides again on SequenceTaken.
   */
  async changeSeries(series: SeriesDoc, patch: Partial<SeriesDoc>, now: Date): Promise<SeriesDoc> {
    const version = series.version + 1;
    const projection = { ...patch, version, updated_at: now };
    try {
      await commitChange(this.models.Changes, {
        aggregate_id: series._id,
        sequence: version,
        messages: [],
        projection,
        created_at: now,
      });
    } catch (err) {
      if (err instanceof SequenceTaken)
        await rollForward(this.models.Changes, this.models.Series, series._id, 'version');
      throw err;
    }
    await this.models.Series.updateOne({ _id: series._id }, { $set: projection }).exec();
    return { ...series, ...projection };
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

  async dueOccurrences(now: Date, limit: number): Promise<OccurrenceDoc[]> {
    return this.models.Occurrence.find({ status: { $in: ['pending', 'failed'] }, next_attempt_at: { $lte: now } })
      .sort({ next_attempt_at: 1 })
      .limit(limit)
      .lean<OccurrenceDoc[]>()
      .exec();
  }

  /** Takes a claim (attempt or email) by inserting it; false when another worker holds it. */
  async claim(id: string, occurrenceId: string, kind: ClaimDoc['kind'], owner: string, at: Date): Promise<boolean> {
    return insertOnce(this.models.Claim, { _id: id, occurrence_id: occurrenceId, kind, owner, at });
  }

  async releaseClaims(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.models.Claim.deleteMany({ _id: { $in: ids } }).exec();
  }

  /** True while every claim in `ids` exists and is `owner`'s (none was taken over). */
  async holdsClaims(ids: string[], owner: string): Promise<boolean> {
    return (await this.models.Claim.countDocuments({ _id: { $in: ids }, owner }).exec()) === ids.length;
  }

  /** Claims taken before `before`, except those listed by a heartbeat since then (still being worked on). */
  async staleClaims(before: Date): Promise<ClaimDoc[]> {
    const renewing = await this.models.Heartbeat.find({ at: { $gte: before } })
      .lean<HeartbeatDoc[]>()
      .exec();
    return this.models.Claim.find({ at: { $lt: before }, _id: { $nin: renewing.flatMap((h) => h.claims) } })
      .limit(500)
      .lean<ClaimDoc[]>()
      .exec();
  }

  /** The replica's heartbeat; only that replica writes its document. */
  async heartbeat(owner: string, claims: string[], at: Date): Promise<void> {
    await this.models.Heartbeat.updateOne({ _id: owner }, { $set: { at, claims } }, { upsert: true }).exec();
  }

  /** Heartbeats of replicas gone long ago (each process start writes a new one). */
  async dropHeartbeats(before: Date): Promise<void> {
    await this.models.Heartbeat.deleteMany({ at: { $lt: before } }).exec();
  }

  async isProcessed(eventId: string): Promise<boolean> {
    return (await this.models.ProcessedEvent.exists({ _id: eventId }).exec()) !== null;
  }

  /** Forgets consumed events older than `before` (common/processed-events.ts). */
  async forgetProcessedBefore(before: Date): Promise<void> {
    await this.models.ProcessedEvent.deleteMany({ at: { $lt: before } }).exec();
  }

  /** Records a consumed event; false when it was seen before. */
  async markProcessed(eventId: string, at: Date): Promise<boolean> {
    return insertOnce(this.models.ProcessedEvent, { _id: eventId, at });
  }
}

/** Occurrences with the invoices learnt from events filled in where the scheduler recorded none. */
function withInvoices(docs: OccurrenceDoc[], invoices: OccurrenceInvoiceDoc[]): OccurrenceDoc[] {
  if (invoices.length === 0) return docs;
  const byOccurrence = new Map(invoices.map((i) => [i._id, i]));
  return docs.map((doc) => {
    const learnt = doc.invoice_id ? undefined : byOccurrence.get(doc._id);
    return learnt ? { ...doc, invoice_id: learnt.invoice_id, invoice_number: learnt.invoice_number } : doc;
  });
}
