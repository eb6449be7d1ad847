import { type EventInvoiceJson, eventInvoiceJson } from '@invoice-platform/common/contracts/invoice';
import {
  type CreditNoteJson,
  creditNoteJson,
  type PaymentJson,
  paymentJson,
} from '@invoice-platform/common/contracts/money-trail';
import type { LifecycleType } from '@invoice-platform/common/contracts/values';
import type { CreditNote } from '@invoice-platform/protos/invoiceplatform/invoice/v1/CreditNote';
import type { Payment } from '@invoice-platform/protos/invoiceplatform/invoice/v1/Payment';
import type { InvoiceDoc } from './invoice.ts';
import { encodeInvoice } from './invoice-message.ts';

export type { LifecycleType };

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
  data:
    | { object: EventInvoiceJson; previous_status?: string }
    | { object: CreditNoteJson; invoice: EventInvoiceJson }
    | { object: EventInvoiceJson; payment: PaymentJson };
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
 * credit_note.created (opt-in, docs/money-trail.md "Events"), written in the same change as the
 * note: data.object is the public CreditNote (`note` as encodeCreditNote encodes it, so the event
 * and the API's GET cannot differ), data.invoice the invoice's webhook object after the note. Keyed
 * by the invoice like its other events, so on the topic the note comes before a status move it
 * caused (written after it in the same change).
 */
export function creditNoteCreatedEvent(invoice: InvoiceDoc, note: CreditNote, baseUrl: string): LifecycleEvent {
  return {
    key: invoice._id,
    type: 'credit_note.created',
    workspaceId: invoice.workspace_id,
    sequence: invoice.version,
    data: { object: creditNoteJson(note), invoice: eventInvoice(invoice, baseUrl) },
  };
}

/**
 * invoice.payment_recorded (opt-in, docs/money-trail.md "Events"), written in the same change as
 * the payment: data.object is the invoice's webhook object after the payment, data.payment the
 * Payment (`payment` as the invoice message encodes it).
 */
export function paymentRecordedEvent(invoice: InvoiceDoc, payment: Payment, baseUrl: string): LifecycleEvent {
  return {
    key: invoice._id,
    type: 'invoice.payment_recorded',
    workspaceId: invoice.workspace_id,
    sequence: invoice.version,
    data: { object: eventInvoice(invoice, baseUrl), payment: paymentJson(payment) },
  };
}

/**
 * The event's data.object (AsyncAPI `EventInvoice`): the same message mapped by the contracts, so
 * an event's invoice and the API's GET cannot differ.
 */
function eventInvoice(doc: InvoiceDoc, baseUrl: string): EventInvoiceJson {
  return eventInvoiceJson(encodeInvoice(doc, baseUrl));
}
