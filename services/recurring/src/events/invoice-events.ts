import { AppError } from '@invoice-platform/common/errors';
import type { TypedClient } from '@invoice-platform/common/grpc';
import type { EventEnvelope } from '@invoice-platform/common/kafka';
import type { Logger } from '@invoice-platform/common/logger';
import type { Invoice__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/Invoice';
import type { InvoiceServiceDefinition } from '@invoice-platform/protos/invoiceplatform/invoice/v1/InvoiceService';
import type { RecurringRepository } from '../store/repository.ts';

export type InvoiceEvent = EventEnvelope<{ object?: { id?: string; invoice_number?: string; is_recurring?: boolean } }>;

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
export function invoiceEvents(deps: {
  repo: RecurringRepository;
  invoice: TypedClient<InvoiceServiceDefinition>;
  log: Logger;
}) {
  const { repo, log } = deps;
  const invoices = deps.invoice;
  return async (event: InvoiceEvent): Promise<void> => {
    const invoiceId = event.data?.object?.id;
    if (!event.id || !invoiceId || event.data.object?.is_recurring !== true) return;
    if (await repo.processed.has(event.id)) return;
    if (!(await repo.knowsInvoice(invoiceId))) await record(event.workspace_id, invoiceId);
    await repo.processed.record(event.id, event.type);
  };

  async function record(workspaceId: string, invoiceId: string): Promise<void> {
    let invoice: Invoice__Output;
    try {
      invoice = await invoices.call('GetInvoice', { workspace_id: workspaceId, invoice_id: invoiceId });
    } catch (err) {
      if (AppError.isKind(err, 'not_found')) return;
      throw err;
    }
    // A first invoice has no occurrence date: CreateSeries records it as occurrence 1 itself.
    if (!invoice.series_id || !invoice.occurrence_date) return;
    const occurrenceId = `${invoice.series_id}:${invoice.occurrence_date}`;
    const occurrence = await repo.findOccurrence(occurrenceId);
    if (!occurrence || occurrence.workspace_id !== workspaceId) {
      log.warn({ invoice_id: invoiceId, occurrence: occurrenceId }, 'follow-up invoice of an occurrence that is gone');
      return;
    }
    if (await repo.recordInvoiceFromEvent(occurrenceId, invoiceId, invoice.invoice_number))
      log.info({ invoice_id: invoiceId, occurrence: occurrenceId }, 'follow-up invoice recorded from its event');
  }
}
