/**
 * Credit notes and payments (OpenAPI `issueCreditNote` … `listPayments`, docs/money-trail.md). The
 * objects they answer are the contracts' (common/contracts/money-trail.ts); the bodies are ours,
 * with generous bounds so no request can make the service store or render unbounded input.
 */
import { CreditNote, Payment } from '@invoice-platform/common/contracts/money-trail';
import { recordedPaymentMethods } from '@invoice-platform/common/contracts/values';
import { Type, type Static } from '@sinclair/typebox';
import { DataOf, DateTimeString, NOT_BLANK_PATTERN, ResourceId, StringEnum, use } from './common.ts';
import { Item, MONEY_MAX } from './generate.ts';

export const CreditNoteIdParams = Type.Object(
  { id: use(ResourceId, { description: 'The credit note id (cn_…).' }) },
  { additionalProperties: false },
);

export const IssueCreditNoteBody = Type.Object(
  {
    reason: Type.String({
      pattern: NOT_BLANK_PATTERN,
      maxLength: 500,
      description: 'Why the invoice is corrected; printed on the credit note.',
    }),
    items: Type.Optional(
      Type.Array(Item, {
        minItems: 1,
        maxItems: 500,
        description:
          "The lines credited, as a generate's items, each with its own tax_rate (else the invoice's) and " +
          'tax_category. Omitted: the whole amount still creditable. Their total may not pass what is still ' +
          'creditable (amount − amount_credited).',
      }),
    ),
  },
  { title: 'IssueCreditNoteRequest', additionalProperties: false },
);
export type IssueCreditNoteBody = Static<typeof IssueCreditNoteBody>;

export const RecordPaymentBody = Type.Object(
  {
    amount: Type.Number({
      exclusiveMinimum: 0,
      maximum: MONEY_MAX,
      description:
        "In the invoice's currency, exact to its minor unit (no third decimal in EUR, none in IDR), at most amount_due.",
    }),
    method: Type.Optional(
      StringEnum(recordedPaymentMethods, { description: 'How the payment was received. Default: other.' }),
    ),
    reference: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: "The payer's or the bank's reference, e.g. a transfer id.",
      }),
    ),
    paid_at: Type.Optional({
      ...DateTimeString,
      description: 'When the money was received, not in the future. Default: now.',
    }),
  },
  { title: 'RecordPaymentRequest', additionalProperties: false },
);
export type RecordPaymentBody = Static<typeof RecordPaymentBody>;

export const CreditNoteResponse = DataOf(CreditNote, 'CreditNoteResponse');
export const CreditNoteListResponse = Type.Object(
  { data: Type.Array(CreditNote, { description: 'Oldest first.' }) },
  { title: 'CreditNoteListResponse' },
);
export const PaymentResponse = DataOf(Payment, 'PaymentResponse');
export const PaymentListResponse = Type.Object(
  { data: Type.Array(Payment, { description: 'Oldest first, online payments included.' }) },
  { title: 'PaymentListResponse' },
);
