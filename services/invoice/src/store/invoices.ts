import { AppError } from '@invoice-platform/common/errors';
import { commitChange, type OutboxMessage, rollForward, SequenceTaken } from '@invoice-platform/common/outbox';
import type { InvoiceDoc, Models, PendingWorkDoc } from './models.ts';

export { SequenceTaken };

/**
 * Invoices of all workspaces. Every read by a client names the workspace, so another workspace's
 * id is simply not found (spec §7 404).
 */
export class InvoiceStore {
  private readonly models: Models;

  constructor(models: Models) {
    this.models = models;
  }

  async find(workspaceId: string, id: string): Promise<InvoiceDoc | null> {
    // By id alone (the fastest lookup on every MongoDB-wire server), then scoped to the workspace.
    const doc = await this.models.Invoice.findById(id).lean<InvoiceDoc>().exec();
    return doc && doc.workspace_id === workspaceId ? doc : null;
  }

  async get(workspaceId: string, id: string): Promise<InvoiceDoc> {
    const doc = await this.find(workspaceId, id);
    if (!doc) throw new AppError('not_found', `Invoice ${id} does not exist in this workspace.`);
    return doc;
  }

  /** The public page's lookup: the unguessable id alone is the capability (DESIGN.md §3 Ids). */
  async findPublic(id: string): Promise<InvoiceDoc | null> {
    return this.models.Invoice.findById(id).lean<InvoiceDoc>().exec();
  }

  async exists(id: string): Promise<boolean> {
    return (await this.models.Invoice.exists({ _id: id }).exec()) !== null;
  }

  async findByIdempotencyKey(workspaceId: string, key: string): Promise<InvoiceDoc | null> {
    return this.models.Invoice.findOne({ workspace_id: workspaceId, idempotency_scope: key }).lean<InvoiceDoc>().exec();
  }

  async findByOccurrence(workspaceId: string, scope: string): Promise<InvoiceDoc | null> {
    return this.models.Invoice.findOne({ workspace_id: workspaceId, occurrence_scope: scope })
      .lean<InvoiceDoc>()
      .exec();
  }

  /**
   * Inserts a new invoice with its pending work (its invoice.created, and its series when
   * `series_pending`); a duplicate key error means a concurrent twin (same key or occurrence) won.
   */
  async insert(doc: InvoiceDoc): Promise<void> {
    const kinds: PendingWorkDoc['kind'][] = doc.series_pending ? ['created', 'series'] : ['created'];
    const work = kinds.map((kind) => ({
      _id: `${kind}:${doc._id}`,
      kind,
      invoice_id: doc._id,
      created_at: doc.created_at,
    }));
    await this.models.PendingWork.create(work);
    try {
      await this.models.Invoice.create(doc);
    } catch (err) {
      await this.models.PendingWork.deleteMany({ _id: { $in: work.map((w) => w._id) } }).exec();
      throw err;
    }
  }

  /**
   * Commits invoice.created (change 1) and marks that work done; safe to repeat after a crash.
   * The mark is not waited for: left behind, the maintenance pass finds the change committed and
   * removes it.
   */
  async commitCreated(doc: InvoiceDoc, message: OutboxMessage): Promise<void> {
    try {
      await commitChange(this.models.Outbox, {
        aggregate_id: doc._id,
        sequence: 1,
        messages: [message],
        projection: {},
        created_at: doc.created_at,
      });
    } catch (err) {
      if (!(err instanceof SequenceTaken)) throw err;
    }
    this.workDone('created', doc._id).catch(() => undefined);
  }

  async workDone(kind: PendingWorkDoc['kind'], invoiceId: string): Promise<void> {
    await this.models.PendingWork.deleteOne({ _id: `${kind}:${invoiceId}` }).exec();
  }

  /** Invoices with `kind` work pending since before `before`; work whose invoice never got stored is dropped. */
  async pending(kind: PendingWorkDoc['kind'], before: Date, limit: number): Promise<InvoiceDoc[]> {
    const work = await this.models.PendingWork.find({ kind, created_at: { $lt: before } })
      .sort({ created_at: 1 })
      .limit(limit)
      .lean<PendingWorkDoc[]>()
      .exec();
    const docs: InvoiceDoc[] = [];
    for (const w of work) {
      const doc = await this.models.Invoice.findById(w.invoice_id).lean<InvoiceDoc>().exec();
      if (doc) docs.push(doc);
      else await this.workDone(kind, w.invoice_id);
    }
    return docs;
  }

  /**
   * Commits change `doc.sequence + 1`: the change record (with its events) first, then the
   * document. SequenceTaken when a concurrent change came first; the caller re-reads and decides
   * again on the new state.
   */
  async applyChange(
    doc: InvoiceDoc,
    patch: Partial<InvoiceDoc>,
    messages: OutboxMessage[],
    now: Date,
  ): Promise<InvoiceDoc> {
    const sequence = doc.sequence + 1;
    const projection = { ...patch, sequence, updated_at: now };
    try {
      await commitChange(this.models.Outbox, {
        aggregate_id: doc._id,
        sequence,
        messages,
        projection,
        created_at: now,
      });
    } catch (err) {
      if (err instanceof SequenceTaken) await rollForward(this.models.Outbox, this.models.Invoice, doc._id, 'sequence');
      throw err;
    }
    await this.models.Invoice.updateOne({ _id: doc._id }, { $set: projection }).exec();
    return { ...doc, ...projection };
  }

  async list(
    workspaceId: string,
    status: string | undefined,
    page: number,
    pageSize: number,
  ): Promise<{ docs: InvoiceDoc[]; total: number }> {
    const filter: Record<string, unknown> = { workspace_id: workspaceId };
    if (status) filter.invoice_status = status;
    const [docs, total] = await Promise.all([
      this.models.Invoice.find(filter)
        .sort({ created_at: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<InvoiceDoc[]>()
        .exec(),
      this.models.Invoice.countDocuments(filter).exec(),
    ]);
    return { docs, total };
  }

  async dueForOverdue(now: Date, workspaceId: string | undefined, limit: number): Promise<InvoiceDoc[]> {
    const filter: Record<string, unknown> = { invoice_status: 'unpaid', overdue_at: { $lte: now } };
    if (workspaceId) filter.workspace_id = workspaceId;
    return this.models.Invoice.find(filter).limit(limit).lean<InvoiceDoc[]>().exec();
  }
}
