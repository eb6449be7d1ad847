import type { Models } from './models.ts';

/** The newest invoice sequence this service rendered for each invoice, by which stale events are dropped. */
export class RenderStateStore {
  private readonly models: Models;
  private readonly now: () => Date;

  constructor(models: Models, now: () => Date = () => new Date()) {
    this.models = models;
    this.now = now;
  }

  async lastRenderedSequence(invoiceId: string): Promise<number | undefined> {
    const doc = await this.models.InvoiceRenderState.findById(invoiceId).lean<{ last_sequence: number }>().exec();
    return doc?.last_sequence;
  }

  /** Remembers the newest sequence rendered for an invoice: it only moves forward ($max). */
  async recordRenderedSequence(workspaceId: string, invoiceId: string, sequence: number): Promise<void> {
    await this.models.InvoiceRenderState.updateOne(
      { _id: invoiceId },
      { $max: { last_sequence: sequence }, $set: { workspace_id: workspaceId, updated_at: this.now() } },
      { upsert: true },
    ).exec();
  }
}
