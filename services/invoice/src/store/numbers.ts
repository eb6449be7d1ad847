import { KeyedMutex } from '@invoice-platform/common/keyed-mutex';
import { isDuplicateKey } from '@invoice-platform/common/store/unique';
import { changeVersioned } from '@invoice-platform/common/store/versioned';
import type { UpdateQuery } from 'mongoose';
import type { AllocatedNumber, NumberCounterDoc, NumberReservation } from '../domain/numbering.ts';
import type { Models } from './models.ts';
import { operator } from '@invoice-platform/common/store/operators';

/**
 * Invoice number sequences (docs/architecture.md#numbering): per workspace per month, from 1,
 * without gaps, one document per sequence (see NumberCounterDoc). A number is reserved by a
 * compare-and-set that takes the lowest free number, else the next one; a failed generate gives
 * it back (the sequence shrinks when it was the last, else the number is free for the next
 * generate); a successful one settles it.
 */
export class NumberStore {
  private readonly counters: Models['NumberCounter'];
  /**
   * One allocation at a time per sequence in this process: parallel generates of one workspace
   * would otherwise only make each other's compare-and-set fail and retry. Other replicas still
   * race, and the compare-and-set settles that.
   */
  private readonly sequences = new KeyedMutex();

  /** `kind`: invoice numbers, or credit notes' own sequences (collection credit_note_number_sequences). */
  constructor(models: Models, kind: 'invoice' | 'credit_note' = 'invoice') {
    this.counters = kind === 'invoice' ? models.NumberCounter : models.CreditNoteNumberCounter;
  }

  private find(id: string): Promise<NumberCounterDoc | null> {
    return this.counters.findById(id).lean<NumberCounterDoc>().exec();
  }

  private async counter(workspaceId: string, period: string): Promise<NumberCounterDoc> {
    const id = key(workspaceId, period);
    const existing = await this.find(id);
    if (existing) return existing;
    try {
      await this.counters.create({ _id: id, workspace_id: workspaceId, period });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    return (await this.find(id))!;
  }

  async allocate(workspaceId: string, period: string, invoiceId: string, now: Date): Promise<AllocatedNumber> {
    return this.sequences.run(key(workspaceId, period), async () => {
      let reservation: NumberReservation | undefined;
      await changeVersioned(
        this.counters,
        () => this.counter(workspaceId, period),
        (counter) => {
          const seq = counter.free[0] ?? counter.last + 1;
          reservation = { seq, invoice_id: invoiceId, at: now };
          return {
            $set: { free: counter.free.slice(1), last: Math.max(counter.last, seq) },
            $push: { reserved: reservation },
            $inc: { reserved_count: 1 },
          } as UpdateQuery<NumberCounterDoc>;
        },
        'Invoice numbers are being allocated concurrently. Retry shortly.',
      );
      return { workspaceId, period, seq: reservation!.seq, reservation: reservation! };
    });
  }

  /** The invoice is stored: its number stays used and its reservation goes. */
  async settle(n: AllocatedNumber): Promise<void> {
    await this.counters
      .updateOne(
        { _id: key(n.workspaceId, n.period), 'reserved.invoice_id': n.reservation.invoice_id },
        { $pullAll: { reserved: [n.reservation] }, $inc: { reserved_count: -1 } },
      )
      .exec();
  }

  /**
   * Gives a number back, once (a reservation already settled or given back is left alone): the
   * sequence ends before it when it was the last (and before any free numbers that then end it),
   * else it joins the free numbers.
   */
  async release(n: AllocatedNumber): Promise<void> {
    await this.sequences.run(key(n.workspaceId, n.period), () =>
      changeVersioned(
        this.counters,
        () => this.counter(n.workspaceId, n.period),
        (counter) => {
          if (!counter.reserved.some((r) => sameReservation(r, n.reservation))) return null;
          let last = counter.last;
          let free = [...counter.free, n.seq].sort((a, b) => a - b);
          while (last > 0 && free.at(-1) === last) {
            free = free.slice(0, -1);
            last--;
          }
          return {
            $set: { free, last },
            $pullAll: { reserved: [n.reservation] },
            $inc: { reserved_count: -1 },
          } as UpdateQuery<NumberCounterDoc>;
        },
        'Invoice numbers are being allocated concurrently. Retry shortly.',
      ),
    );
  }

  /** Reservations older than `before`, of sequences that have any (indexed): a crashed generate's. */
  async staleReservations(before: Date): Promise<AllocatedNumber[]> {
    const counters = await this.counters
      .find({ reserved_count: operator({ $gt: 0 }) })
      .limit(500)
      .lean<NumberCounterDoc[]>()
      .exec();
    return counters.flatMap((c) =>
      c.reserved
        .filter((r) => new Date(r.at) < before)
        .map((r) => ({ workspaceId: c.workspace_id, period: c.period, seq: r.seq, reservation: r })),
    );
  }
}

function key(workspaceId: string, period: string): string {
  return `${workspaceId}:${period}`;
}

function sameReservation(a: NumberReservation, b: NumberReservation): boolean {
  return a.seq === b.seq && a.invoice_id === b.invoice_id && new Date(a.at).getTime() === new Date(b.at).getTime();
}
