/**
 * What generate answers (OpenAPI `GenerateInvoiceResult`), written once, and its mapping from the
 * invoice.v1 GenerateInvoiceResponse message (contracts/json.ts).
 */
import type { GenerateInvoiceResponse__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/GenerateInvoiceResponse';
import { type Static, Type } from '@sinclair/typebox';
import { fromMessage } from './json.ts';
import { DateTimeString, Nullable, RecurringInterval, StringEnum } from './schema.ts';

/** invoice.v1 RecurringInfo. */
export const GenerateRecurring = Type.Object(
  {
    schedule_id: Type.String({ description: 'The series id used by the recurring endpoints.' }),
    interval: RecurringInterval,
    occurrences: Type.Integer(),
    next_issue_date: Nullable(DateTimeString),
    end_date: Nullable(DateTimeString),
  },
  { description: 'Present only when a series was created.' },
);

/** invoice.v1 TemplateInfo. */
export const GenerateTemplate = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    source: StringEnum(['requested', 'company_default', 'system_default', 'fallback'] as const),
  },
  { description: 'The template used; null when the plain built-in layout was used.' },
);

export const GenerateInvoiceResult = Type.Object(
  {
    id: Type.String({ description: 'Identifies the invoice in the other endpoints.' }),
    invoice_number: Type.String(),
    pdf_url: Type.String({ format: 'uri' }),
    credits_remaining: Nullable(
      Type.Integer({
        description:
          'null when the workspace has unlimited quota. On an idempotent replay, the value from the first call.',
      }),
    ),
    is_recurring: Type.Boolean(),
    recurring: Type.Optional(GenerateRecurring),
    template: Nullable(GenerateTemplate),
  },
  { title: 'GenerateInvoiceResult' },
);
export type GenerateInvoiceResultJson = Static<typeof GenerateInvoiceResult>;

/**
 * OpenAPI `GenerateInvoiceResult` from an invoice.v1 GenerateInvoiceResponse: `recurring` only
 * when a series was created, `template` null for the plain layout.
 */
export function generateResultJson(message: GenerateInvoiceResponse__Output): GenerateInvoiceResultJson {
  return fromMessage(GenerateInvoiceResult, message);
}
