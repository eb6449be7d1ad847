/**
 * The EN 16931 model of one stored invoice: the one mapping the CII (cii.ts) and UBL (ubl.ts)
 * serialisers write from (docs/e-invoicing.md).
 *
 * The figures are never recomputed: the line nets are the stored line_amount, and they add up to
 * subtotal; the document allowances add up to discount_total; the VAT adds up to tax_amount; the
 * payable amount is amount. So the XML says what the API returns and the PDF prints. What EN 16931
 * asks for beyond them is derived from them:
 *
 *   - Document allowances (BG-20): the invoice discount, one per (category, rate) group, each the
 *     sum of its lines' discount_share (invoice-money.ts), so each group's taxable amount is exact.
 *   - VAT per group (BT-117): tax_amount is rounded once over the whole invoice, but EN 16931 states
 *     the VAT per group. So tax_amount is split over the groups by largest remainder, as
 *     invoice-money.ts splits discount_total. The groups add up to tax_amount exactly (BR-CO-14), and
 *     each stays within one minor unit of its exact taxable × rate / 100, inside BR-CO-17's tolerance.
 *   - Line allowances and charges (BG-27, BG-28): the item discount. Add to it the rounding of the
 *     line to the currency's minor units, when quantity × price − discount has more decimals than
 *     the currency (a 0-decimal currency, a fractional quantity). Then quantity × net price −
 *     allowances + charges is the line net. Peppol checks that (PEPPOL-EN16931-R120), and so does
 *     the validators' arithmetic.
 *
 * Amounts are written with 2 decimals (BR-DEC). A currency with more minor units cannot be written
 * exactly, and requirements.ts refuses it before anything is stored.
 */
import { categoriesNeedingReason, LegalProfile, type TaxCategory } from '@invoice-platform/common/contracts/e-invoice';
import type { EInvoiceFormat, ElectronicAddress, PostalAddress } from '@invoice-platform/common/contracts/e-invoice';
import { currencyMinorUnits } from '@invoice-platform/common/contracts/currencies';
import { AppError } from '@invoice-platform/common/errors';
import { exactMinorUnits } from '@invoice-platform/common/money';
import type { EInvoiceInput, EInvoiceLine } from './input.ts';
import { xmlClean } from './xml-text.ts';

/** An amount as EN 16931 writes it: decimal text with exactly 2 decimals ('1500.00'). */
export type Amount = string;

export interface Address {
  line1: string;
  line2: string | null;
  city: string;
  postalCode: string;
  region: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface Party {
  /** BT-27 / BT-44. */
  name: string;
  /** BG-5 / BG-8. */
  address: Address;
  /** BT-34 / BT-49. */
  electronicAddress: ElectronicAddress | null;
  /** BT-31 / BT-48. */
  vatId: string | null;
}

export interface Seller extends Party {
  /** BT-28. */
  tradingName: string | null;
  /** BT-29, no scheme. */
  identifier: string | null;
  /** BT-32. */
  taxRegistrationId: string | null;
  /** BG-6: BT-41, BT-42, BT-43. */
  contact: { name: string | null; phone: string | null; email: string | null } | null;
}

/** A line allowance (BG-27) or charge (BG-28). */
export interface LineAdjustment {
  amount: Amount;
  reason: string;
  /** UNTDID 5189 (allowances); null when only the reason text applies. */
  reasonCode: string | null;
}

export interface Line {
  /** BT-126: 1, 2, … */
  id: string;
  /** BT-153. */
  name: string;
  /** BT-129, as stored. */
  quantity: string;
  /** BT-130, UN/ECE Recommendation 20. */
  unitCode: string;
  /** BT-146, as stored. */
  netPrice: string;
  allowances: LineAdjustment[];
  charges: LineAdjustment[];
  /** BT-131: the stored line_amount. */
  netAmount: Amount;
  /** BT-151. */
  category: TaxCategory;
  /** BT-152; null for O, which has no rate (BR-O-5). */
  rate: string | null;
}

/** A document-level allowance (BG-20). */
export interface DocumentAllowance {
  amount: Amount;
  reason: string;
  reasonCode: string;
  /** BT-95, BT-96 (null for O, BR-O-6). */
  category: TaxCategory;
  rate: string | null;
}

/** One VAT breakdown group (BG-23). */
export interface VatBreakdown {
  category: TaxCategory;
  /** BT-119; null for O, which has none (the serialisers write what their rules expect). */
  rate: string | null;
  taxableAmount: Amount;
  taxAmount: Amount;
  /** BT-120, BT-121: for the categories that need a reason. */
  exemptionReason: string | null;
  exemptionReasonCode: string | null;
}

/** BG-16: one payment means (EN 16931 allows one BT-81 per invoice). */
export interface PaymentMeans {
  /** BT-81 (UNTDID 4461): 58 SEPA credit transfer, 30 credit transfer, 68 online payment service. */
  code: '58' | '30' | '68';
  /** BT-82. */
  name: string;
  /** BT-84: the IBAN for 58, the account number for 30. */
  accountId: string | null;
  /** BT-85. */
  accountName: string | null;
  /** True when accountId is an IBAN (CII writes it as IBANID, anything else as ProprietaryID). */
  iban: boolean;
}

export interface En16931Invoice {
  format: EInvoiceFormat;
  /** BT-3 (UNTDID 1001): 380 commercial invoice, 381 credit note. */
  typeCode: '380' | '381';
  /** BT-1. */
  number: string;
  /** BT-2, BT-9, BT-72: YYYY-MM-DD. BT-9 is null on a credit note: nothing falls due (BT-20 says so). */
  issueDate: string;
  dueDate: string | null;
  deliveryDate: string;
  /** BG-3 (BT-25, BT-26): the invoice a credit note corrects; null on an invoice. */
  precedingInvoice: { number: string; issueDate: string } | null;
  /** BT-5. */
  currency: string;
  /** BT-22: at most one note (PEPPOL-EN16931-R002); a credit note's reason. */
  note: string | null;
  /** BT-23. */
  businessProcess: string | null;
  /** BT-10, BT-13. */
  buyerReference: string | null;
  orderReference: string | null;
  seller: Seller;
  buyer: Party;
  /** BG-15: the deliver-to address, written for intra-community supplies only (BR-IC-12). */
  deliverTo: Address | null;
  payment: PaymentMeans | null;
  /** BT-20. */
  paymentTerms: string | null;
  /** BT-83. */
  paymentReference: string;
  lines: Line[];
  allowances: DocumentAllowance[];
  vat: VatBreakdown[];
  totals: {
    /** BT-106 = subtotal. */
    lineTotal: Amount;
    /** BT-107 = discount_total; null when there is no document allowance. */
    allowanceTotal: Amount | null;
    /** BT-109. */
    taxExclusive: Amount;
    /** BT-110 = tax_amount. */
    taxTotal: Amount;
    /** BT-112. */
    taxInclusive: Amount;
    /** BT-115 = amount. */
    payable: Amount;
  };
}

/** BT-23 for XRechnung and Peppol BIS Billing 3.0 (PEPPOL-EN16931-R001). */
export const PEPPOL_BILLING_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/**
 * VATEX codes (BT-121) for the categories whose exemption one code names exactly. E has none: an
 * exemption's legal basis varies (article 132, 135, a national small-business scheme, …), so the
 * seller's reason text (BT-120) states it, and one generic code would misstate it.
 */
export const exemptionReasonCodes: Partial<Record<TaxCategory, string>> = {
  AE: 'VATEX-EU-AE',
  K: 'VATEX-EU-IC',
  G: 'VATEX-EU-G',
  O: 'VATEX-EU-O',
};

/** Common `unit` labels (any case) and their UN/ECE Recommendation 20 codes; anything else is C62 ("one"). */
const unitCodes: Readonly<Record<string, string>> = {
  h: 'HUR',
  hr: 'HUR',
  hrs: 'HUR',
  hour: 'HUR',
  hours: 'HUR',
  jam: 'HUR',
  std: 'HUR',
  stunde: 'HUR',
  stunden: 'HUR',
  heure: 'HUR',
  heures: 'HUR',
  day: 'DAY',
  days: 'DAY',
  hari: 'DAY',
  tag: 'DAY',
  tage: 'DAY',
  jour: 'DAY',
  jours: 'DAY',
  week: 'WEE',
  weeks: 'WEE',
  minggu: 'WEE',
  month: 'MON',
  months: 'MON',
  bulan: 'MON',
  monat: 'MON',
  mois: 'MON',
  year: 'ANN',
  years: 'ANN',
  tahun: 'ANN',
  kg: 'KGM',
  m: 'MTR',
  km: 'KMT',
  l: 'LTR',
  piece: 'H87',
  pieces: 'H87',
  pcs: 'H87',
  unit: 'H87',
  units: 'H87',
  stk: 'H87',
};

/** BT-130: the item's unit_code, else its `unit` label mapped, else C62 ("one"). */
export function unitCode(line: Pick<EInvoiceLine, 'unit_code' | 'unit'>): string {
  if (line.unit_code) return line.unit_code;
  return (line.unit && unitCodes[line.unit.trim().toLowerCase()]) || 'C62';
}

/** BT-151: the item's tax_category, else the invoice's, else S with a tax rate above 0 and Z without. */
export function lineCategory(
  line: Pick<EInvoiceLine, 'tax_category' | 'effective_tax_rate'>,
  invoice: { tax_category: TaxCategory | null },
): TaxCategory {
  return line.tax_category ?? invoice.tax_category ?? (isPositive(line.effective_tax_rate) ? 'S' : 'Z');
}

/** True for a decimal text above 0 ('0.5'), false for '0', '0.00'. */
export function isPositive(decimal: string): boolean {
  return /[1-9]/.test(decimal);
}

/** An IBAN: country, check digits and up to 30 characters, whose mod-97 check (ISO 13616) holds. Spaces allowed. */
export function isIban(value: string): boolean {
  const iban = value.replace(/ /g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return BigInt(digits) % 97n === 1n;
}

const paymentMeansNames = { '58': 'SEPA credit transfer', '30': 'Credit transfer', '68': 'Online payment service' };
const DISCOUNT = { reason: 'Discount', reasonCode: '95' }; // UNTDID 5189 95: discount
const ROUNDING = 'Rounding';

/**
 * The EN 16931 model of `input`. Throws an internal AppError when the stored figures do not add up
 * (the invoice service's own arithmetic broke) or data eInvoiceProblems requires is missing (its
 * caller skipped the check): no e-invoice is better than a wrong one.
 */
export function toEn16931(input: EInvoiceInput): En16931Invoice {
  const inv = input.invoice;
  const currency = inv.currency;
  const digits = currencyMinorUnits(currency);
  if (digits === undefined || digits > 2) throw internal(`amounts in ${currency} cannot be written with 2 decimals`);
  const minor = (amount: string) => {
    const units = exactMinorUnits(amount, currency);
    if (units === null) throw internal(`not an amount in ${currency}`);
    return units;
  };
  const toCents = 10n ** BigInt(2 - digits);

  const profile = input.seller.profile;
  if (!profile?.address) throw internal('the seller has no legal profile with an address');
  if (!inv.customer_address) throw internal('the customer has no address');

  const categories = inv.items.map((line) => lineCategory(line, inv));
  const notSubjectToVat = categories.includes('O');

  const lines: Line[] = [];
  const groups = new Map<string, Group>();
  let lineSum = 0n;
  let shareSum = 0n;
  inv.items.forEach((item, i) => {
    const category = categories[i]!;
    const net = minor(item.line_amount);
    const share = minor(item.discount_share);
    lineSum += net;
    shareSum += share;
    const rate = normalizeDecimal(item.effective_tax_rate);
    const key = `${category} ${rate}`;
    let group = groups.get(key);
    if (!group) {
      group = { category, rate, net: 0n, shares: 0n, reasons: new Set() };
      groups.set(key, group);
    }
    group.net += net;
    group.shares += share;
    const reason = clean(item.tax_exemption_reason) ?? clean(inv.tax_exemption_reason);
    if (reason) group.reasons.add(reason);
    lines.push({
      id: String(i + 1),
      name: clean(item.description) ?? 'Item',
      quantity: item.quantity,
      unitCode: unitCode(item),
      netPrice: item.price,
      ...lineAdjustments(item, net * toCents),
      netAmount: formatCents(net * toCents),
      category,
      rate: category === 'O' ? null : rate,
    });
  });

  const subtotal = minor(inv.subtotal);
  const discountTotal = minor(inv.discount_total);
  const taxTotal = minor(inv.tax_amount);
  const amount = minor(inv.amount);
  if (lineSum !== subtotal) throw internal('the line amounts do not add up to subtotal');
  if (shareSum !== discountTotal) throw internal('the discount shares do not add up to discount_total');
  if (subtotal - discountTotal + taxTotal !== amount) throw internal('subtotal − discount_total + tax_amount ≠ amount');

  const groupList = [...groups.values()];
  const taxes = allocateTax(
    taxTotal,
    groupList.map((g) => ({ taxable: g.net - g.shares, rate: g.rate })),
  );
  if (!taxes) throw internal("tax_amount does not match the lines' tax rates");

  const seller = sellerParty(input, notSubjectToVat);
  const buyerAddress = address(inv.customer_address);
  const taxId = clean(inv.customer_tax_id);
  const cents = (units: bigint) => formatCents(units * toCents);
  const corrects = input.corrects;

  return {
    format: input.format,
    typeCode: corrects ? '381' : '380',
    number: inv.invoice_number,
    issueDate: inv.issue_date,
    dueDate: corrects ? null : inv.due_date,
    // The date of supply is not stored; the invoice's issue date stands for it, on the invoice and
    // on its credit notes (what they credit was supplied then). CII needs a delivery element, and
    // XRechnung recommends the date (BR-DE-TMP-32).
    deliveryDate: corrects ? corrects.issue_date : inv.issue_date,
    precedingInvoice: corrects ? { number: corrects.invoice_number, issueDate: corrects.issue_date } : null,
    currency,
    note: clean(inv.notes),
    businessProcess: input.format === 'factur-x' ? null : PEPPOL_BILLING_PROCESS,
    buyerReference: clean(inv.buyer_reference),
    orderReference: clean(inv.purchase_order_reference),
    seller,
    buyer: {
      name: clean(inv.customer_name) ?? '',
      address: buyerAddress,
      electronicAddress: electronicAddress(inv.customer_electronic_address),
      // BR-O-2..4: no VAT identifiers on an invoice not subject to VAT; BR-CO-9: a VAT id has its
      // country prefix, so a local tax number (an Indonesian NPWP) is not one.
      vatId: !notSubjectToVat && taxId && VAT_ID.test(taxId) ? taxId : null,
    },
    deliverTo: categories.includes('K') ? buyerAddress : null,
    payment: paymentMeans(input.payment),
    // The page link lets whoever holds it view and pay the invoice, and the XML goes through
    // access points and archives: it is written only when the seller opted in (docs/e-invoicing.md).
    // A credit note falls due on no date: BR-CO-25 then wants payment terms (its amount is positive),
    // and they say what the note does. It never carries the invoice page's link (nothing to pay there).
    paymentTerms: corrects
      ? `Credit note for invoice ${xmlClean(corrects.invoice_number)} of ${corrects.issue_date}: the amount is credited to the buyer, nothing is to be paid.`
      : input.payment.url && input.seller.profile?.e_invoice_payment_link === true
        ? `Online payment: ${input.payment.url}`
        : null,
    paymentReference: inv.invoice_number,
    lines,
    allowances: groupList
      .filter((g) => g.shares > 0n)
      .map((g) => ({
        amount: cents(g.shares),
        ...DISCOUNT,
        category: g.category,
        rate: g.category === 'O' ? null : g.rate,
      })),
    vat: groupList.map((g, i) => {
      const needsReason = categoriesNeedingReason.includes(g.category);
      return {
        category: g.category,
        rate: g.category === 'O' ? null : g.rate,
        taxableAmount: cents(g.net - g.shares),
        taxAmount: cents(taxes[i]!),
        exemptionReason: needsReason && g.reasons.size > 0 ? [...g.reasons].join('; ') : null,
        exemptionReasonCode: exemptionReasonCodes[g.category] ?? null,
      };
    }),
    totals: {
      lineTotal: cents(subtotal),
      allowanceTotal: discountTotal > 0n ? cents(discountTotal) : null,
      taxExclusive: cents(subtotal - discountTotal),
      taxTotal: cents(taxTotal),
      taxInclusive: cents(amount),
      payable: cents(amount),
    },
  };
}

interface Group {
  category: TaxCategory;
  rate: string;
  net: bigint;
  shares: bigint;
  reasons: Set<string>;
}

/** The legal profile's VAT id pattern (BR-CO-9: a country prefix), for the customer's tax id too. */
export const VAT_ID = new RegExp(LegalProfile.properties.vat_id.pattern!);

/**
 * Splits `taxTotal` (minor units) over groups of `taxable` minor units at `rate` percent, by
 * largest remainder: every group first gets floor(taxable × rate / 100), then the units still
 * missing go one each to the groups with the largest remainders, ties to the earlier group. So the
 * result adds up to taxTotal exactly and each group is within one unit of its exact tax. Null when
 * taxTotal is not the rounding of the exact total (it cannot be split that way).
 */
export function allocateTax(taxTotal: bigint, groups: { taxable: bigint; rate: string }[]): bigint[] | null {
  const rates = groups.map((g) => parseDecimal(g.rate));
  const scale = Math.max(0, ...rates.map((r) => r.scale));
  const divisor = 100n * 10n ** BigInt(scale);
  const exact = groups.map((g, i) => g.taxable * rates[i]!.units * 10n ** BigInt(scale - rates[i]!.scale));
  const shares = exact.map((e) => e / divisor);
  let missing = taxTotal - shares.reduce((a, b) => a + b, 0n);
  const byRemainder = exact
    .map((e, index) => ({ index, remainder: e % divisor }))
    .filter((g) => g.remainder > 0n)
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  if (missing < 0n || missing > BigInt(byRemainder.length)) return null;
  for (const { index } of byRemainder) {
    if (missing === 0n) break;
    shares[index]! += 1n;
    missing -= 1n;
  }
  return shares;
}

/**
 * The line's allowances and charges: the item discount (rounded to cents, BR-DEC-24), and the
 * rounding that makes quantity × price − allowances + charges equal the line net exactly, or within
 * half a cent when quantity × price has more than 2 decimals (so it rounds to the net). `netCents`:
 * the stored line_amount in cents.
 */
function lineAdjustments(item: EInvoiceLine, netCents: bigint): Pick<Line, 'allowances' | 'charges'> {
  const quantity = parseDecimal(item.quantity);
  const price = parseDecimal(item.price);
  const discount = roundToCents(parseDecimal(item.discount));
  const scale = Math.max(quantity.scale + price.scale, 2);
  const unit = 10n ** BigInt(scale - 2);
  const gross = quantity.units * price.units * 10n ** BigInt(scale - quantity.scale - price.scale);
  const rest = gross - (discount + netCents) * unit;
  // Rounded half up (towards +∞): the remaining difference is in [−½, ½) cent, which the
  // validators' half-away-from-zero rounding of a positive line takes back to the net.
  const rounding = floorDiv(rest + unit / 2n, unit);
  const allowances: LineAdjustment[] = discount > 0n ? [{ amount: formatCents(discount), ...DISCOUNT }] : [];
  const charges: LineAdjustment[] = [];
  if (rounding > 0n) allowances.push({ amount: formatCents(rounding), reason: ROUNDING, reasonCode: null });
  if (rounding < 0n) charges.push({ amount: formatCents(-rounding), reason: ROUNDING, reasonCode: null });
  return { allowances, charges };
}

function sellerParty(input: EInvoiceInput, notSubjectToVat: boolean): Seller {
  const profile = input.seller.profile!;
  const contact = profile.contact;
  const vatId = notSubjectToVat ? null : (profile.vat_id ?? null);
  const taxRegistrationId = clean(profile.tax_registration_id);
  const contactParts = {
    name: clean(contact?.name),
    phone: clean(contact?.phone),
    email: clean(contact?.email),
  };
  return {
    name: clean(profile.legal_name) ?? '',
    tradingName: clean(profile.trading_name),
    // BR-CO-26 wants a seller identifier, legal registration or VAT id; the tax registration
    // identifies the seller when there is no VAT id to write.
    identifier: vatId ? null : taxRegistrationId,
    taxRegistrationId,
    vatId,
    address: address(profile.address!),
    electronicAddress: electronicAddress(profile.electronic_address ?? null),
    contact: contactParts.name || contactParts.phone || contactParts.email ? contactParts : null,
  };
}

function paymentMeans(payment: EInvoiceInput['payment']): PaymentMeans | null {
  const account = payment.account;
  const accountNumber = clean(account?.account_number);
  if (account && accountNumber) {
    const iban = isIban(accountNumber);
    const code = iban ? '58' : '30';
    return {
      code,
      name: paymentMeansNames[code],
      accountId: iban ? accountNumber.replace(/ /g, '').toUpperCase() : accountNumber,
      accountName: clean(account.account_name),
      iban,
    };
  }
  if (payment.url)
    return { code: '68', name: paymentMeansNames['68'], accountId: null, accountName: null, iban: false };
  return null;
}

function address(a: PostalAddress): Address {
  return {
    line1: clean(a.line1) ?? '',
    line2: clean(a.line2),
    city: clean(a.city) ?? '',
    postalCode: clean(a.postal_code) ?? '',
    region: clean(a.region),
    country: a.country,
  };
}

function electronicAddress(a: ElectronicAddress | null): ElectronicAddress | null {
  const id = clean(a?.id);
  return a && id ? { scheme: a.scheme, id } : null;
}

/** Text as written: XML-clean and trimmed; null when nothing is left (no empty elements, PEPPOL-EN16931-R008). */
function clean(text: string | null | undefined): string | null {
  if (!text) return null;
  return xmlClean(text) || null;
}

interface Decimal {
  units: bigint;
  scale: number;
}

/** A stored non-negative decimal text ('1.5' → 15 × 10⁻¹). */
function parseDecimal(text: string): Decimal {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw internal(`not a decimal: ${text.slice(0, 20)}`);
  return { units: BigInt(m[1]! + (m[2] ?? '')), scale: m[2]?.length ?? 0 };
}

/** '7.50' → '7.5', '19.0' → '19': one key per rate, and the rate as EN 16931 writes it. */
function normalizeDecimal(text: string): string {
  const d = parseDecimal(text);
  const s = d.units.toString().padStart(d.scale + 1, '0');
  const whole = s.slice(0, s.length - d.scale);
  const fraction = s.slice(s.length - d.scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Half away from zero to cents (the platform's rounding), for a non-negative decimal. */
function roundToCents(d: Decimal): bigint {
  if (d.scale <= 2) return d.units * 10n ** BigInt(2 - d.scale);
  const unit = 10n ** BigInt(d.scale - 2);
  return (d.units + unit / 2n) / unit;
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/** Cents as 2-decimal text: 150050n → '1500.50', -5n → '-0.05'. */
export function formatCents(cents: bigint): Amount {
  const sign = cents < 0n ? '-' : '';
  const text = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${sign}${text.slice(0, -2)}.${text.slice(-2)}`;
}

function internal(message: string): AppError {
  return new AppError('internal', `e-invoice: ${message}`);
}
