import { topics } from '@invoice-platform/common/kafka';
import { type OutboxMessage, outboxEvent } from '@invoice-platform/common/store/outbox';
import { eventInvoice } from '../domain/view.ts';
import type { InvoiceDoc } from '../store/models.ts';

export type LifecycleType =
  | 'invoice.created'
  | 'invoice.paid'
  | 'invoice.overdue'
  | 'invoice.cancelled'
  | 'invoice.status_changed'
  | 'invoice.archived'
  | 'invoice.pdf_updated';

/**
 * An invoice.lifecycle.v1 event (docs/architecture.md#events), keyed by invoice id so one invoice's
 * events keep their order; `sequence` is the invoice's version, so consumers can drop a stale
 * event.
 */
export function lifecycleEvent(
  type: LifecycleType,
  invoice: InvoiceDoc,
  baseUrl: string,
  now: Date,
  extra: { previous_status?: string } = {},
): OutboxMessage {
  return outboxEvent({
    topic: topics.invoiceLifecycle,
    key: invoice._id,
    type,
    workspaceId: invoice.workspace_id,
    sequence: invoice.version,
    data: { object: eventInvoice(invoice, baseUrl), ...extra },
    now,
  });
}
