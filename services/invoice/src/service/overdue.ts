import type { InvoiceStore } from '../store/invoices.ts';
import type { InvoiceChanges } from './changes.ts';

/** Invoices the overdue sweep moves at a time. */
const sweepConcurrency = 4;

export interface OverdueSweepDeps {
  invoices: InvoiceStore;
  changes: InvoiceChanges;
  notifyOutbox: () => void;
  now: () => Date;
}

export class OverdueSweep {
  private readonly deps: OverdueSweepDeps;

  constructor(deps: OverdueSweepDeps) {
    this.deps = deps;
  }

  /**
   * The automatic overdue move (docs/architecture.md#status-moves): unpaid invoices whose due date
   * has passed in the workspace time zone.
   */
  async run(now: Date, workspaceId?: string): Promise<string[]> {
    const moved: string[] = [];
    const move = this.deps.changes.statusMove('overdue', 'unpaid');
    // Bounded passes: each pass moves what it found; anything left waits for the next sweep.
    for (let pass = 0; pass < 50; pass++) {
      const due = await this.deps.invoices.dueForOverdue(now, workspaceId, 200);
      // A few at a time, each from the copy just read: the writes queue at the database anyway,
      // and the rest of each move (its events, the round trips) overlaps. The relay is woken once
      // per batch, so it does not contend with every single move.
      let next = 0;
      await Promise.all(
        Array.from({ length: sweepConcurrency }, async () => {
          while (next < due.length) {
            const doc = due[next++]!;
            const { after } = await this.deps.invoices.change(doc.workspace_id, doc._id, move, this.deps.now, doc);
            if (after) moved.push(doc._id);
          }
        }),
      );
      if (due.length > 0) this.deps.notifyOutbox();
      if (due.length < 200) break;
    }
    return moved;
  }
}
