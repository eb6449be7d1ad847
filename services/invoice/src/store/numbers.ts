import { isDuplicateKey } from '@invoice-platform/common/outbox';
import type { Models, NumberDoc } from './models.ts';

export interface AllocatedNumber {
  workspaceId: string;
  period: string;
  seq: number;
}

/**
 * Invoice number sequences (spec §1.4, DESIGN.md §3 Numbers): per workspace per month, from 1.
 * Allocating is inserting `${workspace}:${period}:${seq}` for the next free seq, atomic on any
 * MongoDB-wire server. A generate that fails gives its number back while it is still the last one
 * of the period, so the next invoice takes it and no gap appears.
 */
export class NumberStore {
  private readonly models: Models;
  /** Last seq this process saw per workspace period: probing by id is far cheaper than a sorted query. */
  private readonly last = new Map<string, number>();

  constructor(models: Models) {
    this.models = models;
  }

  private async top(workspaceId: string, period: string): Promise<number> {
    const top = await this.models.InvoiceNumber.findOne({ workspace_id: workspaceId, period }, { seq: 1 })
      .sort({ seq: -1 })
      .lean<NumberDoc>()
      .exec();
    return top?.seq ?? 0;
  }

  async allocate(workspaceId: string, period: string, invoiceId: string, now: Date): Promise<AllocatedNumber> {
    const hintKey = `${workspaceId}:${period}`;
    let seq = (this.last.get(hintKey) ?? (await this.top(workspaceId, period))) + 1;
    for (let attempt = 0; attempt < 1000; attempt++, seq++) {
      // Another replica may have moved on: after a few collisions, ask the database again.
      if (attempt > 0 && attempt % 8 === 0) seq = (await this.top(workspaceId, period)) + 1;
      try {
        await this.models.InvoiceNumber.create({
          _id: `${workspaceId}:${period}:${seq}`,
          workspace_id: workspaceId,
          period,
          seq,
          invoice_id: invoiceId,
          state: 'reserved',
          at: now,
        });
        this.last.set(hintKey, seq);
        return { workspaceId, period, seq };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
    throw new Error('could not allocate an invoice number');
  }

  async settle(n: AllocatedNumber): Promise<void> {
    await this.models.InvoiceNumber.updateOne({ _id: key(n) }, { $set: { state: 'used' } }).exec();
  }

  /** Gives a number back if no later number was allocated; otherwise it stays void (a gap we log). */
  async release(n: AllocatedNumber): Promise<boolean> {
    // Numbers are taken in order, so a later one exists exactly when the next one does.
    const later = await this.models.InvoiceNumber.exists({ _id: key({ ...n, seq: n.seq + 1 }) }).exec();
    if (later) {
      await this.models.InvoiceNumber.updateOne({ _id: key(n) }, { $set: { state: 'void' } }).exec();
      return false;
    }
    await this.models.InvoiceNumber.deleteOne({ _id: key(n) }).exec();
    const hintKey = `${n.workspaceId}:${n.period}`;
    if (this.last.get(hintKey) === n.seq) this.last.set(hintKey, n.seq - 1);
    return true;
  }

  async staleReservations(before: Date): Promise<(AllocatedNumber & { invoiceId: string })[]> {
    const docs = await this.models.InvoiceNumber.find({ state: 'reserved', at: { $lt: before } })
      .limit(500)
      .lean<NumberDoc[]>()
      .exec();
    return docs.map((d) => ({ workspaceId: d.workspace_id, period: d.period, seq: d.seq, invoiceId: d.invoice_id }));
  }
}

function key(n: AllocatedNumber): string {
  return `${n.workspaceId}:${n.period}:${n.seq}`;
}
