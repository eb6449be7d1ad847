/**
 * Building blocks shared by the public HTTP schemas (the OpenAPI components, docs/architecture.md#errors).
 *
 * Every named schema carries a `title` and no `$id`: the OpenAPI builder turns each titled
 * sub-schema into a `components.schemas` entry of that name and references it with `$ref`.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import {
  DateString,
  DateTimeString,
  InvoiceStatus,
  Nullable,
  RecurringInterval,
  StringEnum,
} from '@invoice-platform/common/contracts/schema';
import { ElectronicAddress, LegalProfile, PostalAddress } from '@invoice-platform/common/contracts/e-invoice';
import { invoiceStatuses, recurringIntervals } from '@invoice-platform/common/contracts/values';

export {
  DateString,
  DateTimeString,
  InvoiceStatus,
  invoiceStatuses,
  Nullable,
  RecurringInterval,
  recurringIntervals,
  StringEnum,
};

/**
 * Marks a use of a named schema that adds its own annotations (a field description, a default).
 * Validators see the merged schema; OpenAPI renders `$ref` to the named schema with the
 * annotations beside it, so one component serves every field that uses it.
 */
export const UseOf = Symbol('UseOf');

export function use<T extends TSchema>(named: T, annotations: { description?: string; default?: unknown }): T {
  return { ...named, ...annotations, [UseOf]: named };
}

export const ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
export const CURRENCY_PATTERN = '^[A-Z]{3}$';
/**
 * Idempotency-Key (docs/architecture.md#idempotency): printable ASCII without spaces; the length is
 * checked by min/maxLength.
 */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7E]*$';
/** At least one non-white-space character: a name of only spaces is as good as none. */
export const NOT_BLANK_PATTERN = '\\S';

/** Messages for pattern failures, which would otherwise only echo the regular expression. */
export const patternMessages: Readonly<Record<string, string>> = {
  [ID_PATTERN]: 'must be 1 to 64 characters: letters, digits, _ or -',
  [CURRENCY_PATTERN]: 'must be a 3-letter uppercase currency code',
  [IDEMPOTENCY_KEY_PATTERN]: 'must contain only printable ASCII characters without spaces',
  [NOT_BLANK_PATTERN]: 'must not be blank',
  // The e-invoice shapes (legal profile, customer address) keep their patterns in the contracts.
  [PostalAddress.properties.country.pattern!]: 'must be an ISO 3166-1 alpha-2 country code in upper case, e.g. DE',
  [ElectronicAddress.properties.scheme.pattern!]:
    'must be an EAS scheme code: 2 to 4 digits or upper-case letters, e.g. 9930 or EM',
  [LegalProfile.properties.vat_id.pattern!]:
    'must be a VAT identifier with its 2-letter country prefix in upper case, e.g. DE123456789',
};

export const ResourceId = Type.String({
  title: 'ResourceId',
  pattern: ID_PATTERN,
  description: 'An invoice id or a recurring series id.',
});

/**
 * A PDF answered as it is. JSON Schema 2020-12 (OpenAPI 3.1) names a file's media type with
 * contentMediaType; `format: binary` is OpenAPI 3.0's, which the validators' strict Ajv refuses.
 */
export const PdfFile = Type.String({ contentMediaType: 'application/pdf', description: 'A PDF file.' });

export const InvoiceIdParams = Type.Object(
  { id: use(ResourceId, { description: 'The invoice id.' }) },
  { additionalProperties: false },
);
export const SeriesIdParams = Type.Object(
  { id: use(ResourceId, { description: 'The recurring series id.' }) },
  { additionalProperties: false },
);

export const PageMeta = Type.Object(
  {
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100 }),
    total: Type.Integer({ minimum: 0 }),
  },
  { title: 'PageMeta' },
);

const Page = Type.Integer({ minimum: 1, default: 1, description: 'Page number, from 1.' });
const PageSize = Type.Integer({ minimum: 1, maximum: 100, default: 25, description: 'Items per page.' });

/**
 * Query of the list endpoints (OpenAPI `listInvoices`, `listRecurring`): an optional status filter
 * plus paging.
 */
export function listQuery<T extends TSchema>(status: T) {
  return Type.Object(
    {
      status: Type.Optional(use(status, { description: 'Only the items with this status.' })),
      page: Type.Optional(Page),
      pageSize: Type.Optional(PageSize),
    },
    { additionalProperties: false },
  );
}

/** `{data}`: the shape of every successful single-object response. */
export function DataOf<T extends TSchema>(data: T, title: string) {
  return Type.Object({ data }, { title });
}

/** `{data: [...], meta: PageMeta}`: the shape of the paged list responses. */
export function PageOf<T extends TSchema>(item: T, title: string) {
  return Type.Object({ data: Type.Array(item), meta: PageMeta }, { title });
}

export const FieldError = Type.Object(
  {
    path: Type.String({ description: 'Where the problem is, e.g. body.items[2].quantity or query.pageSize.' }),
    message: Type.String(),
  },
  { title: 'FieldError' },
);

/** The error envelope (docs/architecture.md#errors). */
export const ErrorEnvelope = Type.Object(
  {
    data: Type.Null(),
    error: Type.Object({
      status: Type.Integer({ description: 'The HTTP status.' }),
      name: Type.String({
        description:
          'ValidationError, ApplicationError, PaymentRequiredError, ForbiddenError, NotFoundError, ConflictError, ' +
          'UnprocessableEntityError, RateLimitError, InternalServerError or ServiceUnavailableError.',
      }),
      message: Type.String(),
      details: Type.Optional(
        Type.Object(
          {
            errors: Type.Optional(
              Type.Array(FieldError, { description: 'With ValidationError: every invalid field.' }),
            ),
          },
          { additionalProperties: true },
        ),
      ),
    }),
  },
  { title: 'Error' },
);
