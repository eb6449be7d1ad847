import { insertOnce } from '@invoice-platform/common/outbox';
import type { Models, NumberDoc, NumberHoleDoc } from './models.ts';

export interface AllocatedNumber {
  workspaceId: string;
  period: string;
  seq: number;
}

/**
 * Invoice number sequences (spec §1.4, DESIGN.md §3 Numbers): per workspace per month, from 1,
 * without gaps. Allocating is inserting `${workspace}:${period}:${seq}`, atomic on any
 * MongoDB-wire server: the lowest hole left by a failed generate first, else the next new seq.
 * A failed generate gives its number back as a hole (whether or not later numbers were taken
 * meanwhile), so the next invoice of the period takes it.
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

  private take(n: AllocatedNumber, invoiceId: string, now: Date): Promise<boolean> {
    return insertOnce(this.models.InvoiceNumber, {
      _id: key(n),
      workspace_id: n.workspaceId,
      period: n.period,
      seq: n.seq,
      invoice_id: invoiceId,
      state: 'reserved',
      at: now,
    });
  }

  async allocate(workspaceId: string, period: string, invoiceId: string, now: Date): Promise<AllocatedNumber> {
    const filled = await this.fillHole(workspaceId, period, invoiceId, now);
    if (filled) return filled;
    const hintKey = `${workspaceId}:${period}`;
    let seq = (this.last.get(hintKey) ?? (await this.top(workspaceId, period))) + 1;
    for (let attempt = 0; attempt < 1000; attempt++, seq++) {
      // Another replica may have moved on: after a few collisions, ask the database again.
      if (attempt > 0 && attempt % 8 === 0) seq = (await this.top(workspaceId, period)) + 1;
      if (await this.take({ workspaceId, period, seq }, invoiceId, now)) {
        this.last.set(hintKey, Math.max(seq, this.last.get(hintKey) ?? 0));
        return { workspaceId, period, seq };
      }
    }
    throw new Error('could not allocate an invoice number');
  }

  /**
   * Takes the lowest free hole of the period. The number document is inserted before the hole is
   * removed, so a crash in between leaves a stale hole (skipped and cleared later), never a gap.
   */
  private async fillHole(
    workspaceId: string,
    period: string,
    invoiceId: string,
    now: Date,
  ): Promise<AllocatedNumber | undefined> {
    const holes = await this.models.NumberHole.find({ workspace_id: workspaceId, period })
      .sort({ seq: 1 })
      .limit(20)
      .lean<NumberHoleDoc[]>()
      .exec();
    for (const hole of holes) {
      const n = { workspaceId, period, seq: hole.seq };
      if (await this.take(n, invoiceId, now)) {
        await this.models.NumberHole.deleteOne({ _id: hole._id }).exec();
        return n;
      }
      // Taken: by a generate still running (its hole goes once it settles) or a finished one.
      const holder = await this.models.InvoiceNumber.findById(hole._id, { state: 1 }).lean<NumberDoc>().exec();
      if (holder?.state === 'used') await this.models.NumberHole.deleteOne({ _id: hole._id }).exec();
    }
    return undefined;
  }

  async settle(n: AllocatedNumber): Promise<void> {
    await this.models.InvoiceNumber.updateOne({ _id: key(n) }, { $set: { state: 'used' } }).exec();
  }

  /**
   * Gives a number back: recorded as a hole first, then freed, so that at every moment the seq is
   * either held or a hole (a crash in between leaves a stale reservation the reaper releases).
   */
  async release(n: AllocatedNumber, now = new Date()): Promise<void> {
    await insertOnce(this.models.NumberHole, {
      _id: key(n),
      workspace_id: n.workspaceId,
      period: n.period,
      seq: n.seq,
      at: now,
    });
    await this.models.InvoiceNumber.deleteOne({ _id: key(n), state: 'reserved' }).exec();
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
