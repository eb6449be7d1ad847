/**
 * The invoice's public objects, written once: OpenAPI `Invoice`, `InvoiceSummary` and the results
 * of its status, archive and PDF calls (what the API answers), AsyncAPI `EventInvoice` (data.object of invoice.lifecycle.v1 and of webhook payloads),
 * and their mappings from the invoice.v1 gRPC messages (contracts/json.ts).
 */
import type { Invoice as InvoiceMessage } from '@invoice-platform/protos/invoiceplatform/invoice/v1/Invoice';
import type { GetInvoicePdfResponse__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/GetInvoicePdfResponse';
import type { InvoiceSummary__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/InvoiceSummary';
import type { SetArchivedResponse__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/SetArchivedResponse';
import type { UpdateInvoiceStatusResponse__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/UpdateInvoiceStatusResponse';
import { type Static, Type } from '@sinclair/typebox';
import { asIssuedProperties } from './archive.ts';
import { fromMessage } from './json.ts';
import { DateString, DateTimeString, InvoiceStatus, Nullable, StringEnum } from './schema.ts';
import { pdfStatuses, recurringIntervals } from './values.ts';

const Email = Type.String({ format: 'email' });

/** A test payment listed on a live invoice (docs/payments.md "Test mode"). */
export const TestPayment = Type.Object(
  {
    payment_gateway: Type.String({ description: 'The provider that took it.' }),
    provider_payment_id: Type.String(),
    amount: Type.Number({ description: 'In the invoice currency.' }),
    currency: Type.String(),
    paid_at: DateTimeString,
  },
  { title: 'TestPayment' },
);

export const Invoice = Type.Object(
  {
    id: Type.String(),
    invoice_number: Type.String(),
    customer_name: Type.String(),
    customer_email: Nullable(Email),
    currency: Nullable(Type.String()),
    subtotal: Nullable(Type.Number()),
    discount_total: Nullable(Type.Number()),
    tax_rate: Nullable(Type.Number()),
    tax_amount: Nullable(Type.Number()),
    amount: Nullable(Type.Number({ description: 'Total in the invoice currency.' })),
    invoice_status: InvoiceStatus,
    is_archived: Type.Boolean(),
    is_recurring: Type.Boolean(),
    recurring_interval: StringEnum(['none', ...recurringIntervals] as const),
    issue_date: DateTimeString,
    due_date: DateString,
    paid_at: Nullable(DateTimeString),
    pdf_url: Nullable(Type.String({ format: 'uri' })),
    pdf_status: StringEnum(pdfStatuses),
    test_mode: Type.Optional(
      Type.Literal(true, {
        description:
          'Present (true) only on a test invoice, generated in a test workspace: sandbox (test) payments mark it paid. Absent on a live invoice.',
      }),
    ),
    test_payments: Type.Optional(
      Type.Array(TestPayment, {
        maxItems: 20,
        description:
          'Present only on a live invoice that received test payments (a sandbox connection, or a Stripe event with livemode false): they never mark it paid, count in no amount and send no event.',
      }),
    ),
    // The balance (docs/money-trail.md), exact to the currency's minor unit: services/invoice
    // domain/balance.ts is its one definition.
    amount_credited: Type.Number({ description: 'The sum of the invoice’s credit notes.' }),
    amount_paid: Type.Number({
      description:
        'The payments applied to the invoice, recorded or online; while it was marked paid by a status change, amount − amount_credited.',
    }),
    amount_due: Type.Number({ description: 'amount − amount_credited − amount_paid, never below 0.' }),
    // The as-issued archive (docs/money-trail.md): null on invoices issued before it.
    ...asIssuedProperties,
  },
  { title: 'Invoice' },
);
export type InvoiceJson = Static<typeof Invoice>;

export const InvoiceSummary = Type.Object(
  {
    id: Type.String(),
    invoice_number: Type.String(),
    customer_name: Type.String(),
    customer_email: Nullable(Email),
    currency: Nullable(Type.String()),
    amount: Nullable(Type.Number()),
    invoice_status: InvoiceStatus,
    is_recurring: Type.Boolean(),
    due_date: DateString,
    paid_at: Nullable(DateTimeString),
    created_at: DateTimeString,
    test_mode: Type.Optional(Type.Literal(true, { description: 'Present (true) only on a test invoice.' })),
  },
  { title: 'InvoiceSummary' },
);
export type InvoiceSummaryJson = Static<typeof InvoiceSummary>;

/**
 * The invoice as events carry it: the API's `Invoice` (its balance included: the spec's
 * amount_paid and amount_credited, and amount_due) plus the one figure only events carry.
 */
export const EventInvoice = Type.Composite(
  [
    Invoice,
    Type.Object({
      amount_received: Type.Number({
        description:
          'Total of the online payments received, a late one on a paid or cancelled invoice too (refundable, not applied).',
      }),
    }),
  ],
  { title: 'EventInvoice' },
);
export type EventInvoiceJson = Static<typeof EventInvoice>;

export const InvoiceStatusResult = Type.Object(
  {
    id: Type.String(),
    invoice_number: Type.String(),
    invoice_status: InvoiceStatus,
    paid_at: Nullable(DateTimeString),
  },
  { title: 'InvoiceStatusResult' },
);
export type InvoiceStatusResultJson = Static<typeof InvoiceStatusResult>;

export const InvoiceArchiveResult = Type.Object(
  {
    id: Type.String(),
    invoice_number: Type.String(),
    is_archived: Type.Boolean(),
    archived_at: Nullable(DateTimeString),
  },
  { title: 'InvoiceArchiveResult' },
);
export type InvoiceArchiveResultJson = Static<typeof InvoiceArchiveResult>;

export const InvoicePdfResult = Type.Object(
  {
    url: Type.String({ format: 'uri' }),
    generated: Type.Boolean({ description: 'true when the file was (re)generated by this call.' }),
  },
  { title: 'InvoicePdfResult' },
);
export type InvoicePdfResultJson = Static<typeof InvoicePdfResult>;

/**
 * OpenAPI `Invoice` from an invoice.v1 Invoice: as decoded by a client (`Invoice__Output`, which
 * this type accepts) or as the invoice service builds it before sending.
 */
export function invoiceJson(message: InvoiceMessage): InvoiceJson {
  return fromMessage(Invoice, message);
}

/** OpenAPI `InvoiceSummary` from an invoice.v1 InvoiceSummary. */
export function invoiceSummaryJson(message: InvoiceSummary__Output): InvoiceSummaryJson {
  return fromMessage(InvoiceSummary, message);
}

/** AsyncAPI `EventInvoice` (the event's data.object) from an invoice.v1 Invoice. */
export function eventInvoiceJson(message: InvoiceMessage): EventInvoiceJson {
  return fromMessage(EventInvoice, message);
}

/** OpenAPI `InvoiceStatusResult` from an invoice.v1 UpdateInvoiceStatusResponse. */
export function invoiceStatusResultJson(message: UpdateInvoiceStatusResponse__Output): InvoiceStatusResultJson {
  return fromMessage(InvoiceStatusResult, message);
}

/** OpenAPI `InvoiceArchiveResult` from an invoice.v1 SetArchivedResponse. */
export function invoiceArchiveResultJson(message: SetArchivedResponse__Output): InvoiceArchiveResultJson {
  return fromMessage(InvoiceArchiveResult, message);
}

/** OpenAPI `InvoicePdfResult` from an invoice.v1 GetInvoicePdfResponse. */
export function invoicePdfResultJson(message: GetInvoicePdfResponse__Output): InvoicePdfResultJson {
  return fromMessage(InvoicePdfResult, message);
}
