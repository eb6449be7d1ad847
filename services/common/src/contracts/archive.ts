/**
 * The as-issued archive's public object (docs/money-trail.md "The as-issued archive"): what the
 * invoice's and the credit note's `as_issued_pdf` and `as_issued_e_invoice` say of the copy kept,
 * mapped from the invoice.v1 ArchivedCopy message (its pdf-service file id stays inside).
 */
import { type TSchema, Type } from '@sinclair/typebox';
import { DateTimeString } from './schema.ts';

/** Nullable (schema.ts) with its own description. */
const described = <T extends TSchema>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

export const ArchivedCopy = Type.Object(
  {
    sha256: Type.String({
      pattern: '^[0-9a-f]{64}$',
      description: 'Hex SHA-256 of the bytes as issued; the ?as_issued=true download answers exactly these bytes.',
    }),
    // Number, not Integer: contracts/json.ts turns the message's int64 text into a number for `number`.
    size_bytes: Type.Number({ minimum: 1, description: 'Bytes.' }),
    content_type: Type.String({ description: 'application/pdf or application/xml.' }),
    stored_at: DateTimeString,
  },
  { title: 'ArchivedCopy' },
);

/** The properties a document kept as issued carries (OpenAPI `Invoice`, `CreditNote`). */
export const asIssuedProperties = {
  as_issued_pdf: described(
    ArchivedCopy,
    'The first PDF, kept byte-identical whatever is regenerated later (GET …/pdf?as_issued=true).',
  ),
  as_issued_e_invoice: described(
    ArchivedCopy,
    'The first e-invoice XML, kept byte-identical (GET …/e-invoice?as_issued=true); null without e_invoice.',
  ),
  retain_until: described(
    DateTimeString,
    'Until when the as-issued copies are kept: the issue time plus the workspace retention (10 years by default).',
  ),
};
