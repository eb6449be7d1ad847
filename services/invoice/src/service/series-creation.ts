import { AppError } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import type { GenerateRequest } from '@invoice-platform/common/contracts/generate';
import type { GenerateResult, InvoiceDoc, RecurringBlock } from '../domain/invoice.ts';
import type { InvoiceStore } from '../store/invoices.ts';
import type { InvoiceChanges } from './changes.ts';
import type { RecurringClient } from './peers.ts';

export interface SeriesCreationDeps {
  /** Absent until the recurring service is deployed. */
  recurring?: RecurringClient;
  invoices: InvoiceStore;
  changes: InvoiceChanges;
  log: Logger;
}

/** The series a first recurring invoice starts, created in the recurring service. */
export class SeriesCreation {
  private readonly deps: SeriesCreationDeps;

  constructor(deps: SeriesCreationDeps) {
    this.deps = deps;
  }

  /**
   * The series of a just-committed first invoice. When the recurring service cannot be reached the
   * generate still succeeds: failing it would invite a retry that (without an Idempotency-Key)
   * makes a second invoice. The answer then has no `recurring` block (OpenAPI
   * `GenerateInvoiceResult`: present only when a series was created); the maintenance job creates
   * the series under the id already fixed, and it appears in the recurring list with this invoice's
   * number.
   */
  async createSeriesOrLeavePending(doc: InvoiceDoc, req: GenerateRequest, result: GenerateResult): Promise<void> {
    try {
      result.recurring = await this.createSeries(doc, req);
    } catch (err) {
      this.deps.log.warn(
        { err, invoice_id: doc._id, series_id: doc.series_id },
        'series creation failed; the maintenance job will finish it',
      );
    }
  }

  /**
   * Creates the series of a first recurring invoice (idempotent by series id) and records the
   * OpenAPI `GenerateInvoiceResult` `recurring` block in the stored response. A failure leaves
   * series_pending set; the maintenance job finishes it.
   */
  async createSeries(
    doc: InvoiceDoc,
    req: Pick<GenerateRequest, 'recurring_count' | 'recurring_end_date'>,
  ): Promise<RecurringBlock> {
    const limit = req.recurring_end_date ? { end_date: req.recurring_end_date } : { count: req.recurring_count ?? 4 };
    const res = await this.deps.recurring!.call('CreateSeries', {
      workspace_id: doc.workspace_id,
      series_id: doc.series_id ?? undefined,
      source_invoice_id: doc._id,
      invoice_number: doc.invoice_number,
      frequency: doc.recurring_interval,
      ...limit,
      anchor_date: new Date(doc.issue_date).toISOString(),
      first_due_date: doc.due_date,
      customer_name: doc.customer_name,
      customer_email: doc.customer_email ?? '',
      currency: doc.currency,
      amount: doc.amount,
      document_language: doc.document_language,
      time_zone: doc.time_zone,
    });
    const series = res.series;
    if (!series) throw new AppError('internal', 'the recurring service answered CreateSeries without a series');
    const recurring: RecurringBlock = {
      schedule_id: series.id,
      interval: series.frequency,
      occurrences: series.occurrences.length,
      next_issue_date: series.occurrences[1]?.date ?? null,
      end_date: series.end_date ?? null,
    };
    await this.deps.changes.applyChange(doc.workspace_id, doc._id, (current) =>
      current.series_pending
        ? {
            patch: { generate_response: { ...current.generate_response, recurring }, series_pending: false },
            events: () => [],
          }
        : null,
    );
    return recurring;
  }

  /** Finishes series creations that failed after their first invoice was committed. */
  async repairPendingSeries(before: Date): Promise<number> {
    if (!this.deps.recurring) return 0;
    const pending = await this.deps.invoices.seriesPending(before, 100);
    let finished = 0;
    for (const doc of pending) {
      try {
        await this.createSeries(doc, {
          recurring_end_date: doc.recurring_end_date ?? undefined,
          recurring_count: doc.recurring_count ?? undefined,
        });
        finished++;
      } catch (err) {
        // Left pending for the next pass; the rest of the maintenance pass still runs.
        this.deps.log.warn({ err, invoice_id: doc._id, series_id: doc.series_id }, 'series creation still failing');
      }
    }
    return finished;
  }
}
