/**
 * The generate request as its callers fill it and the invoice service reads it, and what generate
 * answers (OpenAPI `GenerateInvoiceResult`), each written once, with their mappings from the
 * invoice.v1 messages.
 */
import type { GenerateInvoiceRequest__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/GenerateInvoiceRequest';
import type { GenerateInvoiceResponse__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/GenerateInvoiceResponse';
import { type Static, Type } from '@sinclair/typebox';
import { generateItem } from './items.ts';
import { fromMessage } from './json.ts';
import { DateTimeString, Nullable, RecurringInterval, StringEnum } from './schema.ts';

/**
 * The generate request: invoice.v1 GenerateInvoiceRequest, whose fields the proto declares once,
 * without proto-loader's oneof markers (`_notes`, …), its items as GenerateInvoice takes them
 * (contracts/items.ts). The gateway fills it from the HTTP body; the invoice service reads it from
 * the message with readGenerateRequest, where an optional text is set or absent, never ''.
 */
export type GenerateRequest = Omit<GenerateInvoiceRequest__Output, `_${string}` | 'items'> & {
  items: ReturnType<typeof generateItem>[];
};

/**
 * The generate request a GenerateInvoice call carries. Proto3 leaves an unset optional out; an
 * optional text set to '' and an unset message (null) read as absent too. `source` defaults to api.
 */
export function readGenerateRequest(message: GenerateInvoiceRequest__Output): GenerateRequest {
  // Every field not named here is an optional text, or a oneof marker, which is left out.
  const { workspace_id, source, customer_name, items, is_recurring, recurring_count, ...texts } = message;
  const optionalTexts = Object.fromEntries(
    Object.entries(texts).flatMap(([field, value]) =>
      field.startsWith('_') ? [] : [[field, value === '' || value === null ? undefined : value]],
    ),
  ) as Omit<typeof texts, `_${string}`>;
  return {
    ...optionalTexts,
    workspace_id,
    source: source || 'api',
    customer_name,
    items: items.map(generateItem),
    is_recurring,
    recurring_count,
  };
}

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
    test_mode: Type.Optional(
      Type.Literal(true, {
        description: 'Present (true) only when the invoice is a test invoice (generated in a test workspace).',
      }),
    ),
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
