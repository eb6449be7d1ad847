import type { EventEnvelope } from '@invoice-platform/common/kafka';
import type { InvoicesFromEvents } from '../service/invoices-from-events.ts';

export type InvoiceEvent = EventEnvelope<{ object?: { id?: string; invoice_number?: string; is_recurring?: boolean } }>;

/**
 * invoice.lifecycle.v1: the events of recurring invoices (`is_recurring`) go to
 * InvoicesFromEvents (service/invoices-from-events.ts), which records a follow-up's invoice whose
 * worker died before recording it; the others concern no series.
 */
export function invoiceEvents(deps: { invoicesFromEvents: InvoicesFromEvents }) {
  return async (event: InvoiceEvent): Promise<void> => {
    const invoiceId = event.data?.object?.id;
    if (!event.id || !invoiceId || event.data.object?.is_recurring !== true) return;
    await deps.invoicesFromEvents.apply({
      id: event.id,
      type: event.type,
      workspaceId: event.workspace_id,
      invoiceId,
    });
  };
}
