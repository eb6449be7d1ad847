import { insertOnce } from '@invoice-platform/common/store/unique';
import type { CreditNoteRefDoc } from '../domain/credit-note.ts';
import type { Models } from './models.ts';

/**
 * Where each credit note lives (credit_note_refs, store/models.ts): the note's invoice by the
 * note's id, and the note's Idempotency-Key, unique per workspace. The note itself is stored in its
 * invoice's document (InvoiceStore.change); a ref whose invoice does not hold its note belongs to
 * an issue that failed, or is still running.
 */
export class CreditNoteRefStore {
  private readonly models: Models;

  constructor(models: Models) {
    this.models = models;
  }

  /** Inserts the ref; false when its Idempotency-Key is taken in the workspace (or the id exists). */
  insert(ref: CreditNoteRefDoc): Promise<boolean> {
    return insertOnce(this.models.CreditNoteRef, ref);
  }

  find(id: string): Promise<CreditNoteRefDoc | null> {
    return this.models.CreditNoteRef.findById(id).lean<CreditNoteRefDoc>().exec();
  }

  findByKey(workspaceId: string, scope: string): Promise<CreditNoteRefDoc | null> {
    return this.models.CreditNoteRef.findOne({ workspace_id: workspaceId, idempotency_scope: scope })
      .lean<CreditNoteRefDoc>()
      .exec();
  }

  /**
   * Frees the ref's key for a new request (`expired:{id}`: keys are kept 24 hours, and a failed
   * issue's key is free again), unless it changed since it was read.
   */
  async retireKey(ref: CreditNoteRefDoc): Promise<void> {
    await this.models.CreditNoteRef.updateOne(
      { _id: ref._id, idempotency_scope: ref.idempotency_scope },
      { $set: { idempotency_scope: `expired:${ref._id}` } },
    ).exec();
  }

  /** A failed issue's ref: its note was never stored and never will be. */
  async remove(id: string): Promise<void> {
    await this.models.CreditNoteRef.deleteOne({ _id: id }).exec();
  }
}
