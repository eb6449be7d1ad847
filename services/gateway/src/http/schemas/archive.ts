import { type Static, Type } from '@sinclair/typebox';

/**
 * `?as_issued=true` on the document downloads (docs/money-trail.md "The as-issued archive"): the
 * first PDF or e-invoice XML of an invoice or credit note, byte for byte as it was issued, instead
 * of the current one. Absent or false: the route's own behaviour, unchanged.
 */
export const AsIssuedQuery = Type.Object(
  {
    as_issued: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'true: the copy kept as issued (byte-identical to the first one, whatever was regenerated since); 404 when ' +
          'none was kept.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type AsIssuedQuery = Static<typeof AsIssuedQuery>;
