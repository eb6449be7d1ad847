import { type EventInvoiceJson, eventInvoiceJson } from '@invoice-platform/common/contracts/invoice';
import type { InvoiceDoc } from './invoice.ts';
import { encodeInvoice } from './invoice-message.ts';

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
 * event. The store writes it into the invoice's outbox, in the envelope every consumer reads.
 */
export interface LifecycleEvent {
  type: LifecycleType;
  key: string;
  workspaceId: string;
  sequence: number;
  data: { object: EventInvoiceJson; previous_status?: string };
}

export function lifecycleEvent(
  type: LifecycleType,
  invoice: InvoiceDoc,
  baseUrl: string,
  extra: { previous_status?: string } = {},
): LifecycleEvent {
  return {
    key: invoice._id,
    type,
    workspaceId: invoice.workspace_id,
    sequence: invoice.version,
    data: { object: eventInvoice(invoice, baseUrl), ...extra },
  };
}

/**
 * The event's data.object (AsyncAPI `EventInvoice`): the same message mapped by the contracts, so
 * an event's invoice and the API's GET cannot differ.
 */
function eventInvoice(doc: InvoiceDoc, baseUrl: string): EventInvoiceJson {
  return eventInvoiceJson(encodeInvoice(doc, baseUrl));
}
