/**
 * What each e-invoice format needs from a generate request and the workspace's legal profile, as
 * field errors in plain words: generate answers 400 with them before anything is stored or any
 * credit used. A request that passes makes an XML the validators accept (test/contracts/e-invoice-xml.test.ts).
 *
 *   factur-x   EN 16931: seller legal name and address; a seller VAT id or tax registration as the
 *              tax categories need it; buyer name and address; each category's rate and exemption
 *              rules (BR-S/Z/E/AE/IC/G/O).
 *   xrechnung  EN 16931 plus the German rules (BR-DE): buyer reference, seller contact with name,
 *              phone and e-mail, seller and buyer electronic addresses, payment instructions.
 *   peppol     EN 16931 plus Peppol BIS 3.0: seller and buyer electronic addresses in a scheme Peppol
 *              routes (not EM), buyer reference or order reference, and the national rules for a
 *              German or Dutch seller.
 */
import {
  categoriesNeedingReason,
  type EInvoiceFormat,
  type ElectronicAddress,
  type PostalAddress,
  type TaxCategory,
} from '@invoice-platform/common/contracts/e-invoice';
import { currencyMinorUnits } from '@invoice-platform/common/contracts/currencies';
import type { FieldError } from '@invoice-platform/common/errors';
import { isPositive, lineCategory, VAT_ID } from './en16931.ts';
import type { EInvoiceInput, EInvoiceLine } from './input.ts';

/**
 * What the checks read: an EInvoiceInput, or the same data from a generate request before the
 * invoice exists (no number, dates or figures yet). `payment.url`: any text when a payment_gateway
 * is set, since the public page's address is known only once the invoice is stored.
 */
export interface EInvoiceDraft {
  format: EInvoiceFormat;
  invoice: Pick<
    EInvoiceInput['invoice'],
    | 'currency'
    | 'customer_name'
    | 'customer_tax_id'
    | 'customer_address'
    | 'customer_electronic_address'
    | 'buyer_reference'
    | 'purchase_order_reference'
    | 'tax_category'
    | 'tax_exemption_reason'
  > & { items: Pick<EInvoiceLine, 'effective_tax_rate' | 'tax_category' | 'tax_exemption_reason'>[] };
  seller: Pick<EInvoiceInput['seller'], 'profile'>;
  payment: { account: { account_number: string } | null; url: string | null };
}

/**
 * Electronic address schemes (EAS), as the EN 16931 rules in Mustang 2.25.0 list them (BR-CL-25).
 * Peppol routes all but PEPPOL_REFUSED_SCHEMES (PEPPOL-EN16931-CL008, rules 2025.5).
 */
const EAS_SCHEMES = new Set(
  (
    '0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 0183 0184 0188 ' +
    '0190 0191 0192 0193 0194 0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 0208 0209 0210 0211 0212 0213 ' +
    '0215 0216 0217 0218 0219 0220 0221 0225 0230 0235 0240 0244 9910 9913 9914 9915 9918 9919 9920 9922 9923 ' +
    '9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944 ' +
    '9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959 AN AQ AS AU EM'
  ).split(' '),
);
const PEPPOL_REFUSED_SCHEMES = new Set(['0219', '0220', '0244', 'AN', 'AQ', 'AS', 'AU', 'EM']);

const categoryNames: Record<TaxCategory, string> = {
  S: 'S (standard rate)',
  Z: 'Z (zero rated)',
  E: 'E (exempt)',
  AE: 'AE (reverse charge)',
  K: 'K (intra-community supply)',
  G: 'G (export outside the EU)',
  O: 'O (not subject to VAT)',
  L: 'L (Canary Islands IGIC)',
  M: 'M (Ceuta and Melilla IPSI)',
};

/** Categories with a rate of 0 (BR-Z-5, BR-E-5, BR-AE-5, BR-IC-5, BR-G-5; O has none, BR-O-5). */
const zeroRated: readonly TaxCategory[] = ['Z', 'E', 'AE', 'K', 'G', 'O'];

/** Each field a `draft.format` e-invoice is missing, or has in a form it cannot use; [] when it can be made. */
export function eInvoiceProblems(draft: EInvoiceDraft): FieldError[] {
  const { format, invoice: inv, payment } = draft;
  const profile = draft.seller.profile;
  const errors: FieldError[] = [];
  // Lines that take the invoice's category share its fields: each problem is named once.
  const add = (path: string, message: string) => {
    if (!errors.some((e) => e.path === path && e.message === message)) errors.push({ path, message });
  };
  const needs = `${format} e-invoices need it`;
  const profileField = (field: string, why: string) =>
    add(`workspace.legal_profile.${field}`, `is required: ${why}. Set it with \`invoicectl workspace set-profile\`.`);

  const digits = currencyMinorUnits(inv.currency);
  if (digits !== undefined && digits > 2)
    add(
      'body.currency',
      `${inv.currency} amounts have ${digits} decimals, but e-invoice amounts have at most 2 (EN 16931 BR-DEC), ` +
        `so a ${format} e-invoice cannot state them exactly`,
    );

  // The seller (BG-4).
  if (!text(profile?.legal_name)) profileField('legal_name', `the seller's legal name (BT-27); ${needs}`);
  if (!profile?.address) profileField('address', `the seller's postal address (BG-5); ${needs}`);
  else
    addressProblems(
      profile.address,
      'workspace.legal_profile.address',
      add,
      ' Set it with `invoicectl workspace set-profile`.',
    );

  // The buyer (BG-7).
  if (!text(inv.customer_name)) add('body.customer_name', `is required: the buyer's name (BT-44); ${needs}`);
  if (!inv.customer_address) add('body.customer_address', `is required: the buyer's postal address (BG-8); ${needs}`);
  else addressProblems(inv.customer_address, 'body.customer_address', add, '');

  // Tax categories and the identifiers they need (BR-S-2 … BR-O-4, BR-CO-26).
  const categories = inv.items.map((item) => lineCategory(item, inv));
  inv.items.forEach((item, i) => {
    const category = categories[i]!;
    const from = item.tax_category ? '' : ' (from body.tax_category)';
    const positive = isPositive(item.effective_tax_rate);
    if (category === 'S' && !positive)
      add(
        `body.items[${i}].tax_category`,
        `is S (standard rate)${from}, which needs a tax rate above 0; this item's rate is 0 (BR-S-5): use Z, E or another category`,
      );
    if (zeroRated.includes(category) && positive)
      add(
        `body.items[${i}].tax_category`,
        `is ${categoryNames[category]}${from}, which needs a tax rate of 0; this item's rate is ${item.effective_tax_rate}: set its tax_category, or a rate of 0`,
      );
    if (
      categoriesNeedingReason.includes(category) &&
      !text(item.tax_exemption_reason) &&
      !text(inv.tax_exemption_reason)
    )
      add(
        item.tax_category ? `body.items[${i}].tax_exemption_reason` : 'body.tax_exemption_reason',
        `is required for tax category ${categoryNames[category]}: the reason the item bears no VAT, printed on the invoice (BT-120)`,
      );
  });
  const used = new Set(categories);
  if (used.has('O') && used.size > 1) {
    const i = categories.indexOf('O');
    add(
      inv.items[i]!.tax_category ? `body.items[${i}].tax_category` : 'body.tax_category',
      'is O (not subject to VAT), which cannot be combined with other tax categories on one invoice (BR-O-11)',
    );
  }
  const vatId = text(profile?.vat_id);
  const taxRegistration = text(profile?.tax_registration_id);
  const needingVatId = [...used].filter((c) => c === 'K' || c === 'G');
  if (used.has('O')) {
    // BR-O-2 forbids the seller's VAT id; the tax registration is then the identifier BR-CO-26 asks for.
    if (!taxRegistration)
      profileField(
        'tax_registration_id',
        `an invoice not subject to VAT (O) names the seller by its tax registration, not its VAT id (BR-O-2, BR-CO-26)`,
      );
  } else if (needingVatId.length > 0) {
    if (!vatId)
      profileField(
        'vat_id',
        `tax category ${needingVatId.map((c) => categoryNames[c]).join(' and ')} needs the seller's VAT id (BR-IC-2, BR-G-2)`,
      );
  } else if (!vatId && !taxRegistration) {
    profileField(
      'vat_id',
      `an e-invoice names the seller by its VAT id or, without one, its tax_registration_id (BR-CO-26, BR-S-2)`,
    );
  }
  const buyerVatCategories = [...used].filter((c) => c === 'AE' || c === 'K');
  if (buyerVatCategories.length > 0 && !(inv.customer_tax_id && VAT_ID.test(inv.customer_tax_id.trim())))
    add(
      'body.customer_tax_id',
      `is required as the buyer's VAT id with its country prefix (e.g. FR12345678901) for tax category ` +
        `${buyerVatCategories.map((c) => `${categoryNames[c]} (${c === 'AE' ? 'BR-AE-2' : 'BR-IC-2'})`).join(' and ')}`,
    );

  // Electronic addresses (BT-34, BT-49).
  const peppol = format === 'peppol';
  const sellerAddress = profile?.electronic_address ?? null;
  const buyerAddress = inv.customer_electronic_address;
  const endpoint = (a: ElectronicAddress | null, path: string, required: boolean, missing: string) => {
    if (!a || !text(a.id)) {
      if (!required) return;
      if (path.startsWith('workspace')) profileField('electronic_address', missing);
      else add(path, `is required: ${missing}`);
    } else if (!EAS_SCHEMES.has(a.scheme))
      add(`${path}.scheme`, `must be an EAS code (e.g. 9930, 0204, 0088, 0208, EM), not ${a.scheme} (BR-CL-25)`);
    else if (peppol && PEPPOL_REFUSED_SCHEMES.has(a.scheme))
      add(
        `${path}.scheme`,
        `${a.scheme} is not an address Peppol delivers to: use a Peppol participant scheme such as 0088, 0208 or 9930 (PEPPOL-EN16931-CL008)`,
      );
    else if (peppol) {
      const id = a.id.trim();
      if (a.scheme === '0088' && !isGln(id))
        add(`${path}.id`, 'must be a GLN: 13 digits with a valid check digit (PEPPOL-COMMON-R040)');
      if (a.scheme === '0208' && !isBelgianEnterpriseNumber(id))
        add(
          `${path}.id`,
          'must be a Belgian enterprise number: 10 digits with a valid mod-97 check (PEPPOL-COMMON-R043)',
        );
    }
  };
  const endpointsRequired = format !== 'factur-x';
  endpoint(
    sellerAddress,
    'workspace.legal_profile.electronic_address',
    endpointsRequired,
    `the seller's electronic address (BT-34); ${needs}`,
  );
  endpoint(
    buyerAddress,
    'body.customer_electronic_address',
    endpointsRequired,
    `the buyer's electronic address (BT-49); ${needs}`,
  );

  // Format rules.
  const sellerCountry = profile?.address?.country;
  const buyerCountry = inv.customer_address?.country;
  const germanRules = format === 'xrechnung' || (peppol && sellerCountry === 'DE' && buyerCountry === 'DE');
  const rulesName = format === 'xrechnung' ? 'XRechnung' : 'Peppol between German businesses';
  if (germanRules) {
    if (!text(inv.buyer_reference))
      add(
        'body.buyer_reference',
        `is required: ${rulesName} needs the buyer's reference (BT-10), e.g. a Leitweg-ID (BR-DE-15)`,
      );
    const contact = profile?.contact;
    if (!text(contact?.name))
      profileField('contact.name', `${rulesName} needs the seller's contact point (BT-41, BR-DE-5)`);
    if (!text(contact?.phone))
      profileField('contact.phone', `${rulesName} needs the seller's contact phone (BT-42, BR-DE-6)`);
    else if ((contact!.phone!.match(/\d/g)?.length ?? 0) < 3)
      add('workspace.legal_profile.contact.phone', 'must be a phone number of at least 3 digits (BR-DE-27)');
    if (!text(contact?.email))
      profileField('contact.email', `${rulesName} needs the seller's contact e-mail (BT-43, BR-DE-7)`);
    if (!payment.account && !payment.url)
      add(
        'body.payment_account',
        `is required: ${rulesName} needs payment instructions (BR-DE-1): a payment_account for a credit transfer, or a payment_gateway for online payment`,
      );
  } else if (peppol && !text(inv.buyer_reference) && !text(inv.purchase_order_reference)) {
    add(
      'body.buyer_reference',
      "is required: Peppol needs the buyer's reference (BT-10) or a purchase_order_reference (BT-13) (PEPPOL-EN16931-R003)",
    );
  }
  if (peppol && sellerCountry === 'NL') {
    // NL-R-007 asks for a payment means, NL-R-008 between Dutch businesses for a credit transfer or similar.
    if (buyerCountry === 'NL' && !payment.account)
      add(
        'body.payment_account',
        'is required: Peppol between Dutch businesses needs a bank account to pay to (NL-R-008)',
      );
    else if (!payment.account && !payment.url)
      add(
        'body.payment_account',
        'is required: Peppol from a Dutch seller needs payment instructions (NL-R-007): a payment_account or a payment_gateway',
      );
  }
  return errors;
}

function addressProblems(
  a: PostalAddress,
  path: string,
  add: (path: string, message: string) => void,
  hint: string,
): void {
  if (!text(a.line1)) add(`${path}.line1`, `is required: the street and number.${hint}`);
  if (!text(a.city)) add(`${path}.city`, `is required: the city.${hint}`);
  if (!text(a.postal_code)) add(`${path}.postal_code`, `is required: the postal code.${hint}`);
  if (!/^[A-Z]{2}$/.test(a.country ?? ''))
    add(`${path}.country`, `is required: the ISO 3166-1 alpha-2 country code.${hint}`);
}

/** Non-blank text, else undefined. */
function text(value: string | null | undefined): string | undefined {
  return value?.trim() || undefined;
}

/** GS1 check digit: weights 3, 1, 3, … from the right, excluding the check digit. */
function isGln(id: string): boolean {
  if (!/^\d{13}$/.test(id)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(id[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(id[12]);
}

/** Belgian enterprise number: 10 digits, the last two 97 − (the first eight mod 97). */
function isBelgianEnterpriseNumber(id: string): boolean {
  return /^\d{10}$/.test(id) && 97 - (Number(id.slice(0, 8)) % 97) === Number(id.slice(8));
}
