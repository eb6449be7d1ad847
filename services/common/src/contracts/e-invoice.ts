/**
 * The e-invoice data (docs/e-invoicing.md): the shapes the admin API, the public generate body,
 * accounts and the invoice service share, each declared once as a TypeBox schema. All of it is
 * optional on generate: without these fields an invoice is what it always was.
 */
import { type Static, Type } from '@sinclair/typebox';
import { fromMessage } from './json.ts';
import { StringEnum } from './schema.ts';

/** `e_invoice` on generate: the structured invoice made beside (factur-x: inside) the PDF. */
export const eInvoiceFormats = ['factur-x', 'xrechnung', 'peppol'] as const;
export type EInvoiceFormat = (typeof eInvoiceFormats)[number];

/**
 * EN 16931 VAT category codes (UNTDID 5305 subset, BT-118/BT-151): standard, zero rated, exempt,
 * reverse charge, intra-community, export, not subject, Canary Islands (IGIC), Ceuta and Melilla
 * (IPSI).
 */
export const taxCategories = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'] as const;
export type TaxCategory = (typeof taxCategories)[number];

/** Categories whose VAT breakdown needs an exemption reason (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10). */
export const categoriesNeedingReason: readonly TaxCategory[] = ['E', 'AE', 'K', 'G', 'O'];

const text = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, description });

export const PostalAddress = Type.Object(
  {
    line1: text(200, 'Street and number.'),
    line2: Type.Optional(text(200, 'Additional address line.')),
    city: text(100, 'City.'),
    postal_code: text(20, 'Postal code.'),
    region: Type.Optional(text(100, 'Region, state or province.')),
    country: Type.String({
      pattern: '^[A-Z]{2}$',
      description: 'ISO 3166-1 alpha-2 country code, upper case (DE, FR, BE, …).',
    }),
  },
  { title: 'PostalAddress', additionalProperties: false },
);
export type PostalAddress = Static<typeof PostalAddress>;

export const ElectronicAddress = Type.Object(
  {
    scheme: Type.String({
      pattern: '^[0-9A-Z]{2,4}$',
      description:
        'Electronic address scheme (EAS code list): 0204 Leitweg-ID, 9930 German VAT number, 0088 GLN, 0208 Belgian enterprise number, EM e-mail, …',
    }),
    id: text(200, 'The address in that scheme.'),
  },
  { title: 'ElectronicAddress', additionalProperties: false },
);
export type ElectronicAddress = Static<typeof ElectronicAddress>;

/** The workspace's legal profile (admin API, invoicectl workspace set-profile): the seller of its e-invoices. */
export const LegalProfile = Type.Object(
  {
    legal_name: text(200, 'Registered legal name (BT-27).'),
    trading_name: Type.Optional(text(200, 'Trading name, when different (BT-28).')),
    vat_id: Type.Optional(
      Type.String({
        pattern: '^[A-Z]{2}[0-9A-Za-z+*.]{2,13}$',
        description: 'VAT identifier with its country prefix, e.g. DE123456789 (BT-31).',
      }),
    ),
    tax_registration_id: Type.Optional(text(50, 'Local tax registration number, e.g. a German Steuernummer (BT-32).')),
    address: Type.Optional(PostalAddress),
    electronic_address: Type.Optional(ElectronicAddress),
    contact: Type.Optional(
      Type.Object(
        {
          name: Type.Optional(text(100, 'Contact person or department (BT-41).')),
          email: Type.Optional(Type.String({ format: 'email', maxLength: 254, description: 'BT-43.' })),
          phone: Type.Optional(text(50, 'BT-42.')),
        },
        { additionalProperties: false },
      ),
    ),
    e_invoice_payment_link: Type.Optional(
      Type.Boolean({
        description:
          "Whether the e-invoice's payment terms (BT-20) carry the link to the invoice's public page when the " +
          'invoice offers online payment. The link lets whoever holds it view and pay the invoice, and the XML ' +
          'travels through Peppol access points and archives, so it is left out unless this is true. Default false.',
      }),
    ),
  },
  { title: 'LegalProfile', additionalProperties: false },
);
export type LegalProfile = Static<typeof LegalProfile>;

export const EInvoiceFormat = StringEnum(eInvoiceFormats, {
  title: 'EInvoiceFormat',
  description:
    'factur-x: the PDF becomes PDF/A-3b with factur-x.xml (CII, profile EN 16931) inside; xrechnung: XRechnung 3.0 UBL; ' +
    'peppol: Peppol BIS Billing 3.0 UBL. The XML is read back from GET /api/invoices/external/{id}/e-invoice.',
});
export const TaxCategory = StringEnum(taxCategories, {
  title: 'TaxCategory',
  description:
    'EN 16931 VAT category: S standard, Z zero rated, E exempt, AE reverse charge, K intra-community supply, ' +
    'G export, O not subject to VAT, L Canary Islands, M Ceuta and Melilla. Default: S with a tax rate above 0, else Z.',
});

/** A PostalAddress message (accounts.v1 or invoice.v1) as its JSON; null when unset. */
export function postalAddressJson(message: Record<string, unknown> | null | undefined): PostalAddress | null {
  return message ? (fromMessage(PostalAddress, message as never) as PostalAddress) : null;
}

/** An ElectronicAddress message as its JSON; null when unset. */
export function electronicAddressJson(message: Record<string, unknown> | null | undefined): ElectronicAddress | null {
  return message ? (fromMessage(ElectronicAddress, message as never) as ElectronicAddress) : null;
}

/** An accounts.v1 LegalProfile message as its JSON; null when the workspace has none. */
export function legalProfileJson(message: Record<string, unknown> | null | undefined): LegalProfile | null {
  return message ? (fromMessage(LegalProfile, message as never) as LegalProfile) : null;
}
