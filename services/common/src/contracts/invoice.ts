/**
 * The invoice's public objects, written once: OpenAPI `Invoice` and `InvoiceSummary` (what the API
 * answers), AsyncAPI `EventInvoice` (data.object of invoice.lifecycle.v1 and of webhook payloads),
 * and the one mapping from the invoice.v1 gRPC messages to them.
 */
import type { Invoice as InvoiceMessage } from '@invoice-platform/protos/invoiceplatform/invoice/v1/Invoice';
import type { InvoiceSummary__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/InvoiceSummary';
import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import { DateString, DateTimeString, InvoiceStatus, Nullable, StringEnum } from './schema.ts';
import { pdfStatuses, recurringIntervals } from './values.ts';

const Email = Type.String({ format: 'email' });

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
  },
  { title: 'InvoiceSummary' },
);
export type InvoiceSummaryJson = Static<typeof InvoiceSummary>;

/** The invoice as events carry it: the API's `Invoice` plus the three figures only events carry. */
export const EventInvoice = Type.Composite(
  [
    Invoice,
    Type.Object({
      amount_paid: Type.Number({ description: 'The amount settled: the total while paid, else 0.' }),
      amount_credited: Type.Number({ description: 'Credit notes: always 0 (none exist).' }),
      amount_received: Type.Number({ description: 'Total of the online payments recorded.' }),
    }),
  ],
  { title: 'EventInvoice' },
);
export type EventInvoiceJson = Static<typeof EventInvoice>;

const hasType = (schema: TSchema, type: string): boolean =>
  schema.type === type || (schema.anyOf as TSchema[] | undefined)?.some((s) => s.type === type) === true;

/**
 * One field of a message as the schema's JSON: money travels as exact decimal text and becomes a
 * number only here, at the edge; an unset optional (absent, or '' for a decimal) becomes null
 * where the schema allows null. A non-null number that is unset is proto3's zero.
 */
function jsonField(schema: TSchema, value: unknown): unknown {
  const nullable = hasType(schema, 'null');
  if (hasType(schema, 'number')) {
    if (value === undefined || value === null || value === '') return nullable ? null : 0;
    return Number(value);
  }
  return nullable && value === undefined ? null : value;
}

/** M itself when it has a field for every property of S; otherwise the call does not compile. */
type WithFieldsOf<S extends TObject, M> = [Exclude<keyof Static<S>, keyof M>] extends [never] ? M : never;

/**
 * The public JSON of a message, driven by the schema's property list and order: a property added
 * to the schema is mapped without a line here, and the JSON's key order is the schema's.
 */
function fromMessage<S extends TObject, M extends object>(schema: S, message: M & WithFieldsOf<S, M>): Static<S> {
  const json: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.properties)) json[key] = jsonField(field, message[key as keyof M]);
  return json as Static<S>;
}

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
