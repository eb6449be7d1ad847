import { AppError } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import type { ProcessedEvents } from '@invoice-platform/common/store/processed-events';
import type { Invoice__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/Invoice';
import { occurrenceId } from '../domain/occurrences.ts';
import type { OccurrenceStore } from '../store/occurrences.ts';
import type { InvoiceClient } from './peers.ts';

export interface InvoicesFromEventsDeps {
  occurrences: OccurrenceStore;
  /** invoice.lifecycle.v1 events applied already. */
  processed: ProcessedEvents;
  invoice: InvoiceClient;
  log: Logger;
}

/** An invoice.lifecycle.v1 event of a recurring invoice: its id and type, and the invoice it is about. */
export interface RecurringInvoiceEvent {
  id: string;
  type: string;
  workspaceId: string;
  invoiceId: string;
}

/**
 * invoice.lifecycle.v1: keeps a series' figures current when a follow-up's invoice was made but
 * its worker died before recording it (between GenerateInvoice and its write). The invoice is
 * written onto its occurrence at once (only onto one without an invoice, so it never undoes the
 * worker's own record), so the series counts it (generated_count, last_run_date) and it cannot
 * be skipped or replaced, instead of waiting for the lease to run out.
 *
 * Only the membership matters: an invoice's content never changes after generate, and the series'
 * copies of the first invoice (number, customer, currency, amount) come from the stored invoice,
 * so no event carries anything newer for them (nor is a JSON number an exact amount). What is
 * recorded is the same in every event of an invoice, so their order (`sequence`) does not matter.
 */
export class InvoicesFromEvents {
  private readonly deps: InvoicesFromEventsDeps;

  constructor(deps: InvoicesFromEventsDeps) {
    this.deps = deps;
  }

  /** Applies the event once per event id; an invoice some occurrence holds already changes nothing. */
  async apply(event: RecurringInvoiceEvent): Promise<void> {
    const { occurrences, processed } = this.deps;
    if (await processed.has(event.id)) return;
    if (!(await occurrences.knowsInvoice(event.invoiceId))) await this.record(event.workspaceId, event.invoiceId);
    await processed.record(event.id, event.type);
  }

  private async record(workspaceId: string, invoiceId: string): Promise<void> {
    const { occurrences, log } = this.deps;
    let invoice: Invoice__Output;
    try {
      invoice = await this.deps.invoice.call('GetInvoice', { workspace_id: workspaceId, invoice_id: invoiceId });
    } catch (err) {
      if (AppError.isKind(err, 'not_found')) return;
      throw err;
    }
    // A first invoice has no occurrence date: CreateSeries records it as occurrence 1 itself.
    if (!invoice.series_id || !invoice.occurrence_date) return;
    const id = occurrenceId(invoice.series_id, invoice.occurrence_date);
    const occurrence = await occurrences.find(id);
    if (!occurrence || occurrence.workspace_id !== workspaceId) {
      log.warn({ invoice_id: invoiceId, occurrence: id }, 'follow-up invoice of an occurrence that is gone');
      return;
    }
    if (await occurrences.recordInvoiceFromEvent(id, invoiceId, invoice.invoice_number))
      log.info({ invoice_id: invoiceId, occurrence: id }, 'follow-up invoice recorded from its event');
  }
}
