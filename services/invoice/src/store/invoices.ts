import { AppError } from '@invoice-platform/common/errors';
import { type OutboxMessage, newOutbox, withEvents } from '@invoice-platform/common/store/outbox';
import { changeVersioned, type VersionedChange } from '@invoice-platform/common/store/versioned';
import type { UpdateQuery } from 'mongoose';
import type { InvoiceDoc, Models } from './models.ts';
import { operator } from '@invoice-platform/common/store/operators';

/** What a change of an invoice sets, and the events it emits (built from the invoice after it). */
export interface InvoiceDecision {
  patch: Partial<InvoiceDoc>;
  events: (next: InvoiceDoc) => OutboxMessage[];
}

/**
 * Invoices of all workspaces. Every read by a client names the workspace, so another workspace's
 * id is simply not found (a 404, docs/architecture.md#errors).
 */
export class InvoiceStore {
  private readonly models: Models;

  constructor(models: Models) {
    this.models = models;
  }

  async find(workspaceId: string, id: string): Promise<InvoiceDoc | null> {
    return this.models.Invoice.findOne({ _id: id, workspace_id: workspaceId }).lean<InvoiceDoc>().exec();
  }

  async get(workspaceId: string, id: string): Promise<InvoiceDoc> {
    const doc = await this.find(workspaceId, id);
    if (!doc) throw new AppError('not_found', `Invoice ${id} does not exist in this workspace.`);
    return doc;
  }

  /** The public page's lookup: the unguessable id alone is the capability (docs/architecture.md#ids). */
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
   * Inserts a new invoice with its invoice.created in its outbox: one write, so the event exists
   * exactly when the invoice does. A duplicate key error means a concurrent twin (same
   * Idempotency-Key or occurrence) won.
   */
  async insert(doc: InvoiceDoc, created: OutboxMessage, now: Date): Promise<void> {
    await this.models.Invoice.create({ ...doc, ...newOutbox([created], now) });
  }

  /**
   * Applies a change decided on the invoice's current state, by compare-and-set on its version
   * (decided again when a concurrent change won). `decide` returns null for "nothing to change";
   * `first` saves the first read when the caller has just read the invoice.
   */
  async change(
    workspaceId: string,
    id: string,
    decide: (current: InvoiceDoc, now: Date) => InvoiceDecision | null,
    now: () => Date,
    first?: InvoiceDoc,
  ): Promise<VersionedChange<InvoiceDoc>> {
    let prefetched = first;
    const load = async () => {
      const doc = prefetched ?? (await this.get(workspaceId, id));
      prefetched = undefined;
      return doc;
    };
    return changeVersioned(
      this.models.Invoice,
      load,
      (current) => {
        const at = now();
        const decision = decide(current, at);
        if (!decision) return null;
        const patch = { ...decision.patch, updated_at: at };
        const next: InvoiceDoc = { ...current, ...patch, version: current.version + 1 };
        return withEvents<InvoiceDoc>(current, { $set: patch } as UpdateQuery<InvoiceDoc>, decision.events(next), at);
      },
      'The invoice is being changed concurrently. Retry shortly.',
    );
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

  /** Unpaid invoices whose automatic overdue time has come, earliest first. */
  async dueForOverdue(now: Date, workspaceId: string | undefined, limit: number): Promise<InvoiceDoc[]> {
    const filter: Record<string, unknown> = { invoice_status: 'unpaid', overdue_at: operator({ $lte: now }) };
    if (workspaceId) filter.workspace_id = workspaceId;
    return this.models.Invoice.find(filter).sort({ overdue_at: 1 }).limit(limit).lean<InvoiceDoc[]>().exec();
  }

  /** First invoices of a series whose creation in the recurring service has not finished since `before`. */
  async seriesPending(before: Date, limit: number): Promise<InvoiceDoc[]> {
    return this.models.Invoice.find({ series_pending: true, created_at: operator({ $lt: before }) })
      .sort({ created_at: 1 })
      .limit(limit)
      .lean<InvoiceDoc[]>()
      .exec();
  }
}
