/**
 * The money trail's public objects (docs/money-trail.md), written once: OpenAPI and AsyncAPI
 * `CreditNote` (the API's answer, and data.object of credit_note.created) and `Payment` (the API's
 * answer, and data.payment of invoice.payment_recorded), with their mappings from the invoice.v1
 * CreditNote and Payment messages (contracts/json.ts).
 */
import type { CreditNote as CreditNoteMessage } from '@invoice-platform/protos/invoiceplatform/invoice/v1/CreditNote';
import type { Payment as PaymentMessage } from '@invoice-platform/protos/invoiceplatform/invoice/v1/Payment';
import { type Static, Type } from '@sinclair/typebox';
import { TaxCategory } from './e-invoice.ts';
import { asIssuedProperties } from './archive.ts';
import { fromMessage } from './json.ts';
import { DateTimeString, Nullable, StringEnum } from './schema.ts';
import { paymentMethods } from './values.ts';

/** A credited line: a generate's item as the invoice service computed it. */
export const CreditNoteLine = Type.Object(
  {
    description: Type.String(),
    quantity: Type.Number(),
    price: Type.Number({ description: 'Price per unit, in the invoice currency.' }),
    discount: Type.Optional(Type.Number()),
    unit: Type.Optional(Type.String()),
    tax_rate: Type.Optional(Type.Number({ description: 'The line’s own tax percentage, when it has one.' })),
    line_amount: Type.Number({ description: 'quantity × price − discount, before tax.' }),
    unit_code: Type.Optional(Type.String()),
    tax_category: Type.Optional(TaxCategory),
    tax_exemption_reason: Type.Optional(Type.String()),
  },
  { title: 'CreditNoteLine' },
);

export const CreditNote = Type.Object(
  {
    id: Type.String({ description: 'cn_…: identifies the note in the other endpoints.' }),
    credit_note_number: Type.String({ description: 'CN-{workspace id}-{YYYYMM}-{sequence}, without gaps.' }),
    invoice_id: Type.String({ description: 'The invoice the note corrects.' }),
    invoice_number: Type.String(),
    amount: Type.Number({ description: 'Total credited, tax included, in `currency` (positive).' }),
    currency: Type.String(),
    reason: Type.String(),
    items: Type.Array(CreditNoteLine),
    pdf_url: Nullable(Type.String({ format: 'uri' })),
    created_at: DateTimeString,
    // The as-issued archive (docs/money-trail.md).
    ...asIssuedProperties,
  },
  { title: 'CreditNote' },
);
export type CreditNoteJson = Static<typeof CreditNote>;

export const PaymentMethod = StringEnum(paymentMethods, {
  title: 'PaymentMethod',
  description: 'How the payment was received; online: through a payment gateway on the public page.',
});

export const Payment = Type.Object(
  {
    id: Type.String({ description: 'pay_…' }),
    invoice_id: Type.String(),
    amount: Type.Number({ description: 'In the invoice currency.' }),
    method: PaymentMethod,
    reference: Nullable(Type.String()),
    paid_at: DateTimeString,
  },
  { title: 'Payment' },
);
export type PaymentJson = Static<typeof Payment>;

/** OpenAPI `CreditNote` from an invoice.v1 CreditNote. */
export function creditNoteJson(message: CreditNoteMessage): CreditNoteJson {
  return fromMessage(CreditNote, message);
}

/** OpenAPI `Payment` from an invoice.v1 Payment. */
export function paymentJson(message: PaymentMessage): PaymentJson {
  return fromMessage(Payment, message);
}
