/**
 * Generate an invoice (OpenAPI `generateInvoice`, `Item`). `GenerateInvoiceResult` is the contracts'
 * (common/contracts/generate.ts).
 *
 * The contract sets no maximum for most strings and for the item list; the bounds below are
 * generous limits of ours, so no request can make the service store or render unbounded input.
 */
import {
  EInvoiceFormat,
  ElectronicAddress,
  PostalAddress,
  TaxCategory,
} from '@invoice-platform/common/contracts/e-invoice';
import { GenerateInvoiceResult } from '@invoice-platform/common/contracts/generate';
import { documentLanguages, paymentProviders } from '@invoice-platform/common/contracts/values';
import { Type, type Static } from '@sinclair/typebox';
import type { FieldError } from '@invoice-platform/common/errors';
import {
  CURRENCY_PATTERN,
  DataOf,
  DateString,
  IDEMPOTENCY_KEY_PATTERN,
  NOT_BLANK_PATTERN,
  RecurringInterval,
  StringEnum,
  use,
} from './common.ts';

export { documentLanguages };

export const DocumentLanguage = StringEnum(documentLanguages, {
  title: 'DocumentLanguage',
  description: 'Language of the words in the invoice document (PDF and email).',
});

export const paymentGateways = paymentProviders;
export const PaymentGateway = StringEnum(paymentGateways, {
  title: 'PaymentGateway',
  description: 'An online payment gateway already connected in the workspace dashboard.',
});

const TaxRate = Type.Number({ minimum: 0, maximum: 100 });

/**
 * The most a single money input may be (major units). Together with quantity ≤ 999999 and at most
 * 500 items it keeps inputs sane; the invoice service then refuses any line or total past 2^53 − 1
 * minor units, so every figure a client reads back as a JSON number is exact.
 */
export const MONEY_MAX = 1_000_000_000_000;

export const Item = Type.Object(
  {
    description: Type.Optional(
      Type.String({ maxLength: 500, description: 'Product or service name. When empty, the value Item is used.' }),
    ),
    quantity: Type.Number({
      minimum: 0.01,
      maximum: 999999,
      multipleOf: 0.01,
      description: '0.01 to 999999, at most 2 decimals.',
    }),
    price: Type.Number({
      minimum: 0,
      maximum: MONEY_MAX,
      description: `Price per unit, at most ${MONEY_MAX}. Every line and total must stay within 2^53 − 1 minor units of the currency (9007199254740991; 90071992547409.91 for a two-decimal currency).`,
    }),
    discount: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: MONEY_MAX,
        default: 0,
        description: `Discount amount for this line, at most ${MONEY_MAX}.`,
      }),
    ),
    unit: Type.Optional(Type.String({ maxLength: 50, description: 'Unit label shown next to the quantity.' })),
    tax_rate: Type.Optional({
      ...TaxRate,
      description: 'Per-item tax percentage; when omitted, the invoice-level tax_rate applies.',
    }),
    unit_code: Type.Optional(
      Type.String({
        pattern: '^[A-Z0-9]{2,3}$',
        description:
          'E-invoices: UN/ECE Recommendation 20 unit code (HUR hour, DAY day, MON month, H87 piece, C62 one, …). ' +
          'When omitted, a common unit label maps to one, else C62.',
      }),
    ),
    tax_category: Type.Optional(
      use(TaxCategory, { description: "E-invoices: this line's VAT category; when omitted, the invoice's." }),
    ),
    tax_exemption_reason: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 300,
        description: 'E-invoices: why the line is not taxed; needed for categories E, AE, K, G and O.',
      }),
    ),
  },
  { title: 'Item', additionalProperties: false },
);

export const GenerateInvoiceBody = Type.Object(
  {
    customer_name: Type.String({
      pattern: NOT_BLANK_PATTERN,
      maxLength: 200,
      description: 'Client or recipient name.',
    }),
    customer_email: Type.Optional(
      Type.String({
        format: 'email',
        maxLength: 254,
        description: 'Required when is_recurring is true. The created invoice is not emailed.',
      }),
    ),
    customer_tax_id: Type.Optional(Type.String({ maxLength: 40, description: 'Printed under the client address.' })),
    items: Type.Array(Item, { minItems: 1, maxItems: 500 }),
    currency: Type.Optional(
      Type.String({ pattern: CURRENCY_PATTERN, default: 'IDR', description: 'ISO 4217 currency code.' }),
    ),
    tax_rate: Type.Optional({
      ...TaxRate,
      default: 0,
      description: 'Percentage of the subtotal after discount.',
    }),
    discount_total: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: MONEY_MAX,
        default: 0,
        description: 'Invoice-level discount taken off before tax, shared across items in proportion to their value.',
      }),
    ),
    due_date: Type.Optional({ ...DateString, description: 'Default: 14 days after generation.' }),
    notes: Type.Optional(Type.String({ maxLength: 5000, description: 'Shown on the invoice.' })),
    custom_payment_notes: Type.Optional(
      Type.String({ maxLength: 5000, description: 'Extra payment instructions on the PDF.' }),
    ),
    footer_text: Type.Optional(Type.String({ maxLength: 1000, description: 'Short text at the bottom of the PDF.' })),
    document_language: Type.Optional(use(DocumentLanguage, { default: 'en' })),
    template: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 128,
        description:
          'Template id from the template list. When omitted, the workspace default template is used, then the service default.',
      }),
    ),
    is_recurring: Type.Optional(
      Type.Boolean({
        description:
          'Creates a recurring series whose first invoice is this one. Needs a plan with recurring invoices, ' +
          'recurring_interval and customer_email.',
      }),
    ),
    recurring_interval: Type.Optional(
      use(RecurringInterval, { description: 'Required when is_recurring is true; allowed only then.' }),
    ),
    recurring_count: Type.Optional(
      Type.Integer({
        minimum: 2,
        maximum: 121,
        description:
          'Total invoices in the series including the first; 4 when neither this nor recurring_end_date is given. ' +
          'Allowed only when is_recurring is true, and not together with recurring_end_date.',
      }),
    ),
    recurring_end_date: Type.Optional({
      ...DateString,
      description:
        'Must be in the future; no invoices are generated after it. Allowed only when is_recurring is true, ' +
        'and not together with recurring_count.',
    }),
    payment_gateway: Type.Optional(PaymentGateway),
    payment_account: Type.Optional(
      Type.String({ minLength: 1, maxLength: 128, description: 'Id of an existing payment account to attach.' }),
    ),
    customer_address: Type.Optional(
      use(PostalAddress, { description: "The customer's postal address, printed on the PDF." }),
    ),
    customer_electronic_address: Type.Optional(
      use(ElectronicAddress, {
        description: "E-invoices: the customer's electronic address (BT-49), e.g. Peppol 0208 + an enterprise number.",
      }),
    ),
    buyer_reference: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: "E-invoices: the buyer's reference (BT-10), e.g. a German public buyer's Leitweg-ID.",
      }),
    ),
    purchase_order_reference: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'E-invoices: the purchase order number (BT-13).' }),
    ),
    tax_category: Type.Optional(
      use(TaxCategory, { description: 'E-invoices: the VAT category of lines that name none.' }),
    ),
    tax_exemption_reason: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 300,
        description: 'E-invoices: why lines of category E, AE, K, G or O that give no reason are not taxed.',
      }),
    ),
    e_invoice: Type.Optional(EInvoiceFormat),
  },
  { title: 'GenerateInvoiceRequest', additionalProperties: false },
);

export type GenerateInvoiceBody = Static<typeof GenerateInvoiceBody>;

const recurringOnlyFields = ['recurring_interval', 'recurring_count', 'recurring_end_date'] as const;

/** The rules of OpenAPI `generateInvoice` that tie fields together; run on a body that passed the schema. */
export function checkGenerateInvoice(body: GenerateInvoiceBody): FieldError[] {
  const errors: FieldError[] = [];
  if (body.is_recurring === true) {
    if (body.recurring_interval === undefined) {
      errors.push({ path: 'body.recurring_interval', message: 'is required when is_recurring is true' });
    }
    if (body.customer_email === undefined) {
      errors.push({ path: 'body.customer_email', message: 'is required when is_recurring is true' });
    }
    if (body.recurring_count !== undefined && body.recurring_end_date !== undefined) {
      errors.push({ path: 'body.recurring_end_date', message: 'is not allowed together with recurring_count' });
    }
  } else {
    for (const field of recurringOnlyFields) {
      if (body[field] !== undefined) {
        errors.push({ path: `body.${field}`, message: 'is only allowed when is_recurring is true' });
      }
    }
  }
  return errors;
}

export const IdempotencyKey = Type.String({
  title: 'IdempotencyKey',
  minLength: 1,
  maxLength: 255,
  pattern: IDEMPOTENCY_KEY_PATTERN,
  description: '1 to 255 printable ASCII characters, no spaces.',
});

export const GenerateInvoiceResponse = DataOf(GenerateInvoiceResult, 'GenerateInvoiceResponse');
