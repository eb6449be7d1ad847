import { AppError } from '@invoice-platform/common/errors';
import { topics } from '@invoice-platform/common/kafka';
import { type OutboxMessage, newOutbox, outboxEvent, withEvents } from '@invoice-platform/common/store/outbox';
import type { PageOf, PageRequest } from '@invoice-platform/common/paging';
import { listPage } from '@invoice-platform/common/store/paging';
import { insertOnce } from '@invoice-platform/common/store/unique';
import { changeVersioned, type VersionedChange } from '@invoice-platform/common/store/versioned';
import type { UpdateQuery } from 'mongoose';
import type { InvoiceDoc, InvoiceListFilter } from '../domain/invoice.ts';
import type { LifecycleEvent } from '../domain/lifecycle-events.ts';
import type { Models, StoredInvoice } from './models.ts';
import { operator } from '@invoice-platform/common/store/operators';

/** What a change of an invoice sets, and the events it emits (built from the invoice after it). */
export interface InvoiceDecision {
  patch: Partial<InvoiceDoc>;
  events: (next: InvoiceDoc) => LifecycleEvent[];
}

/** A lifecycle event in the envelope its outbox publishes, on the invoice.lifecycle.v1 topic. */
function outboxMessage(event: LifecycleEvent, now: Date): OutboxMessage {
  return outboxEvent({ topic: topics.invoiceLifecycle, ...event, now });
}

/**
 * The workspace_id of a void record (voidUnlessStored). Workspace ids are upper-case letters and
 * digits, so no workspace has it and no query of a workspace's invoices finds a void record.
 */
export const voidWorkspace = '~void';

/** What voidUnlessStored found: the invoice stored under the id, or the id void for good. */
export type IdFate = 'stored' | 'void';

/**
 * Invoices of all workspaces. Every read by a client names the workspace, so another workspace's
 * id is simply not found (a 404, docs/architecture.md#errors).
 */
export class InvoiceStore {
  private readonly models: Models;

  constructor(models: Models) {
    this.models = models;
  }

  async find(workspaceId: string, id: string): Promise<StoredInvoice | null> {
    return this.models.Invoice.findOne({ _id: id, workspace_id: workspaceId }).lean<StoredInvoice>().exec();
  }

  async get(workspaceId: string, id: string): Promise<StoredInvoice> {
    const doc = await this.find(workspaceId, id);
    if (!doc) throw new AppError('not_found', `Invoice ${id} does not exist in this workspace.`);
    return doc;
  }

  /** The public page's lookup: the unguessable id alone is the capability (docs/architecture.md#ids). */
  async findPublic(id: string): Promise<StoredInvoice | null> {
    const doc = await this.models.Invoice.findById(id).lean<StoredInvoice>().exec();
    return doc && doc.workspace_id !== voidWorkspace ? doc : null;
  }

  /** Whether another invoice of the workspace holds `invoiceNumber` (the unique index's key). */
  async numberTaken(workspaceId: string, invoiceNumber: string): Promise<boolean> {
    return (
      (await this.models.Invoice.exists({ workspace_id: workspaceId, invoice_number: invoiceNumber }).exec()) !== null
    );
  }

  /** Whether `id` is void: no invoice will ever be stored under it. */
  async isVoid(id: string): Promise<boolean> {
    return (await this.models.Invoice.exists({ _id: id, workspace_id: voidWorkspace }).exec()) !== null;
  }

  /**
   * Decides for good whether the invoice `id` of a generate that went quiet is stored
   * (docs/architecture.md#numbering): unless it is, inserts a void record under its id, so the
   * generate's insert, however late, fails on the _id and nothing is ever stored under the id;
   * only then may its credit, number and files be given back. The record is in no workspace
   * (voidWorkspace; its unique keys are its own) and carries the sweep of the id's pdf files in
   * `workspaceId`, due now; on an id already void the sweep is made due again.
   */
  async voidUnlessStored(id: string, workspaceId: string, now: Date): Promise<IdFate> {
    const scope = `void:${id}`;
    const record = {
      _id: id,
      workspace_id: voidWorkspace,
      void_workspace_id: workspaceId,
      invoice_number: scope,
      occurrence_scope: scope,
      idempotency_scope: scope,
      invoice_status: 'void',
      overdue_at: null,
      series_pending: false,
      pdf_sweep_at: now,
      created_at: now,
      updated_at: now,
      ...newOutbox([], now),
    };
    if (await insertOnce(this.models.Invoice, record)) return 'void';
    const again = await this.models.Invoice.updateOne(
      { _id: id, workspace_id: voidWorkspace },
      { $set: { pdf_sweep_at: now } },
    ).exec();
    return again.matchedCount === 1 ? 'void' : 'stored';
  }

  /** Invoices and void records whose files are due to be swept (indexed), at most `limit`. */
  async fileSweepsDue(now: Date, limit: number): Promise<StoredInvoice[]> {
    return this.models.Invoice.find({ pdf_sweep_at: operator({ $lte: now }) })
      .limit(limit)
      .lean<StoredInvoice[]>()
      .exec();
  }

  /** Sets the next sweep of `doc`'s files (null: none), unless another was set since it was read. */
  async fileSweepDone(doc: InvoiceDoc, next: Date | null): Promise<void> {
    await this.models.Invoice.updateOne(
      { _id: doc._id, pdf_sweep_at: doc.pdf_sweep_at ?? null },
      { $set: { pdf_sweep_at: next } },
    ).exec();
  }

  /**
   * Raises the invoice's `pdf_floor` to `floor` (never lowers it) by compare-and-set on its
   * version, so a change of its file decided on the old floor loses and is decided again; returns
   * the invoice after it. Not an invoice change: no event, `updated_at` stays.
   */
  async raisePdfFloor(doc: InvoiceDoc, floor: Date): Promise<StoredInvoice> {
    const { before, after } = await changeVersioned(
      this.models.Invoice,
      () => this.get(doc.workspace_id, doc._id),
      (current) =>
        current.pdf_floor && new Date(current.pdf_floor) >= floor
          ? null
          : ({ $set: { pdf_floor: floor } } as UpdateQuery<StoredInvoice>),
      'The invoice is being changed concurrently. Retry shortly.',
    );
    return after ?? before;
  }

  /**
   * Decides for good whether the credit note `noteId` of an issue that went quiet is stored on its
   * invoice (docs/money-trail.md "Credit notes"): unless it is, its id joins the invoice's
   * void_credit_notes by compare-and-set on the version, and the issue's own write, which refuses
   * a void id, can never store it afterwards; only then may its credit and number be given back.
   * Not an invoice change: no event, `updated_at` stays. An invoice that does not exist holds none.
   */
  async voidCreditNoteUnlessStored(workspaceId: string, invoiceId: string, noteId: string): Promise<IdFate> {
    if (!(await this.find(workspaceId, invoiceId))) return 'void';
    let fate: IdFate = 'void';
    await changeVersioned(
      this.models.Invoice,
      () => this.get(workspaceId, invoiceId),
      (current) => {
        if ((current.credit_notes ?? []).some((n) => n.id === noteId)) {
          fate = 'stored';
          return null;
        }
        fate = 'void';
        if ((current.void_credit_notes ?? []).includes(noteId)) return null;
        return {
          $set: { void_credit_notes: [...(current.void_credit_notes ?? []), noteId] },
        } as UpdateQuery<StoredInvoice>;
      },
      'The invoice is being changed concurrently. Retry shortly.',
    );
    return fate;
  }

  async findByIdempotencyKey(workspaceId: string, key: string): Promise<StoredInvoice | null> {
    return this.models.Invoice.findOne({ workspace_id: workspaceId, idempotency_scope: key })
      .lean<StoredInvoice>()
      .exec();
  }

  async findByOccurrence(workspaceId: string, scope: string): Promise<StoredInvoice | null> {
    return this.models.Invoice.findOne({ workspace_id: workspaceId, occurrence_scope: scope })
      .lean<StoredInvoice>()
      .exec();
  }

  /**
   * Inserts a new invoice with its invoice.created in its outbox: one write, so the event exists
   * exactly when the invoice does. A duplicate key error (11000) names no key on every server, so
   * the generate tells by reading which one it was: its id void, its number in use, or a twin
   * with its Idempotency-Key or occurrence.
   */
  async insert(doc: InvoiceDoc, created: LifecycleEvent, now: Date): Promise<void> {
    await this.models.Invoice.create({ ...doc, ...newOutbox([outboxMessage(created, now)], now) });
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
    first?: StoredInvoice,
  ): Promise<VersionedChange<StoredInvoice>> {
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
        const next: StoredInvoice = { ...current, ...patch, version: current.version + 1 };
        const events = decision.events(next).map((event) => outboxMessage(event, at));
        return withEvents<StoredInvoice>(current, { $set: patch } as UpdateQuery<StoredInvoice>, events, at);
      },
      'The invoice is being changed concurrently. Retry shortly.',
    );
  }

  /** A page of the workspace's invoices (those the filter names), newest first (ties by id). */
  async list(workspaceId: string, q: InvoiceListFilter, page: PageRequest): Promise<PageOf<StoredInvoice>> {
    const filter: Record<string, unknown> = { workspace_id: workspaceId };
    if (q.archived !== undefined) filter.is_archived = q.archived;
    if (q.status) filter.invoice_status = q.status;
    return listPage<StoredInvoice>(this.models.Invoice, filter, { created_at: -1, _id: -1 }, page);
  }

  /** Unpaid invoices whose automatic overdue time has come, earliest first. */
  async dueForOverdue(now: Date, workspaceId: string | undefined, limit: number): Promise<StoredInvoice[]> {
    const filter: Record<string, unknown> = { invoice_status: 'unpaid', overdue_at: operator({ $lte: now }) };
    if (workspaceId) filter.workspace_id = workspaceId;
    return this.models.Invoice.find(filter).sort({ overdue_at: 1 }).limit(limit).lean<StoredInvoice[]>().exec();
  }

  /** Invoices whose as-issued copies wait to be marked kept in the pdf service (archive_due_at passed). */
  async archivesDue(now: Date, limit: number): Promise<StoredInvoice[]> {
    return this.models.Invoice.find({ archive_due_at: operator({ $lte: now }) })
      .limit(limit)
      .lean<StoredInvoice[]>()
      .exec();
  }

  /**
   * Takes the keeping of `doc`'s copies until `until` (a lease: archive_due_at moves there), unless
   * another replica or write moved it since `doc` was read; returns the invoice as leased, or null.
   */
  async leaseArchive(doc: InvoiceDoc, until: Date): Promise<StoredInvoice | null> {
    return this.models.Invoice.findOneAndUpdate(
      { _id: doc._id, workspace_id: doc.workspace_id, archive_due_at: doc.archive_due_at ?? null },
      { $set: { archive_due_at: until } },
      { returnDocument: 'after' },
    )
      .lean<StoredInvoice>()
      .exec();
  }

  /**
   * The invoice holding credit note `creditNoteId` in the workspace (credit notes live in their
   * invoice's document), or null. Found through the note's ref (credit_note_refs, by _id): the
   * local FerretDB indexes no path inside an array.
   */
  async findHoldingCreditNote(workspaceId: string, creditNoteId: string): Promise<StoredInvoice | null> {
    if (!creditNoteId) return null;
    const ref = await this.models.CreditNoteRef.findById(creditNoteId)
      .lean<{ invoice_id: string; workspace_id: string }>()
      .exec();
    if (!ref || ref.workspace_id !== workspaceId) return null;
    const doc = await this.find(workspaceId, ref.invoice_id);
    return doc && (doc.credit_notes ?? []).some((n) => n.id === creditNoteId) ? doc : null;
  }

  /**
   * Clears archive_due_at once the copies `doc` records are kept, unless another write set it
   * again since `doc` was read (a credit note issued meanwhile): that one is kept for its turn.
   * Not an invoice change: no event, no version.
   */
  async archiveDone(doc: InvoiceDoc): Promise<void> {
    await this.models.Invoice.updateOne(
      { _id: doc._id, workspace_id: doc.workspace_id, archive_due_at: doc.archive_due_at ?? null },
      { $set: { archive_due_at: null } },
    ).exec();
  }

  /**
   * A page of the workspace's invoices for the archive's verification, newest first (ties by
   * id, the list's own index), after the invoice `after` names; `after` comes from the previous
   * page and was checked by the caller.
   */
  async archivePage(
    workspaceId: string,
    after: { created_at: Date; id: string } | null,
    limit: number,
  ): Promise<StoredInvoice[]> {
    const filter: Record<string, unknown> = { workspace_id: workspaceId };
    if (after)
      filter.$or = [
        { created_at: operator({ $lt: after.created_at }) },
        { created_at: after.created_at, _id: operator({ $lt: after.id }) },
      ];
    return this.models.Invoice.find(filter)
      .sort({ created_at: -1, _id: -1 })
      .limit(limit)
      .lean<StoredInvoice[]>()
      .exec();
  }

  /** First invoices of a series whose creation in the recurring service has not finished since `before`. */
  async seriesPending(before: Date, limit: number): Promise<StoredInvoice[]> {
    return this.models.Invoice.find({ series_pending: true, created_at: operator({ $lt: before }) })
      .sort({ created_at: 1 })
      .limit(limit)
      .lean<StoredInvoice[]>()
      .exec();
  }
}
