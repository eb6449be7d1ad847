/**
 * UBL 2.1 Invoice for XRechnung 3.0 and Peppol BIS Billing 3.0, written from the EN 16931 model with
 * template strings, in the element order of the UBL 2.1 schema. A credit note (type 381) is a UBL
 * CreditNote: the same content under its own root, type code and line elements, with positive
 * amounts, no header due date (the CreditNote schema has none) and the corrected invoice in
 * BillingReference.
 */
import type { Address, En16931Invoice, LineAdjustment, Party, Seller } from './en16931.ts';
import { xmlEscape as x } from './xml-text.ts';

/** BT-24 per format. */
export const UBL_CUSTOMIZATION = {
  xrechnung: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
  peppol: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
} as const;

/** The names that differ between the two document types. */
const documents = {
  '380': { root: 'Invoice', typeCode: 'InvoiceTypeCode', line: 'InvoiceLine', quantity: 'InvoicedQuantity' },
  '381': { root: 'CreditNote', typeCode: 'CreditNoteTypeCode', line: 'CreditNoteLine', quantity: 'CreditedQuantity' },
} as const;

const header = (root: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  `<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2"` +
  ' xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"' +
  ' xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">';

const opt = (tag: string, value: string | null) => (value ? `<cbc:${tag}>${x(value)}</cbc:${tag}>` : '');

export function toUbl(m: En16931Invoice, format: keyof typeof UBL_CUSTOMIZATION): string {
  const c = m.currency;
  const doc = documents[m.typeCode];
  const amount = (tag: string, value: string) => `<cbc:${tag} currencyID="${c}">${value}</cbc:${tag}>`;
  const category = (id: string, rate: string | null) =>
    `<cbc:ID>${id}</cbc:ID>${rate === null ? '' : `<cbc:Percent>${rate}</cbc:Percent>`}`;
  const scheme = '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>';
  const adjustment = (charge: boolean, a: LineAdjustment) =>
    `<cac:AllowanceCharge><cbc:ChargeIndicator>${charge}</cbc:ChargeIndicator>${opt('AllowanceChargeReasonCode', a.reasonCode)}<cbc:AllowanceChargeReason>${x(a.reason)}</cbc:AllowanceChargeReason>${amount('Amount', a.amount)}</cac:AllowanceCharge>`;

  const preceding = m.precedingInvoice;
  const out: string[] = [
    header(doc.root),
    `<cbc:CustomizationID>${UBL_CUSTOMIZATION[format]}</cbc:CustomizationID>`,
    opt('ProfileID', m.businessProcess),
    `<cbc:ID>${x(m.number)}</cbc:ID><cbc:IssueDate>${m.issueDate}</cbc:IssueDate>${opt('DueDate', m.dueDate)}<cbc:${doc.typeCode}>${m.typeCode}</cbc:${doc.typeCode}>`,
    opt('Note', m.note),
    `<cbc:DocumentCurrencyCode>${c}</cbc:DocumentCurrencyCode>`,
    opt('BuyerReference', m.buyerReference),
    m.orderReference ? `<cac:OrderReference><cbc:ID>${x(m.orderReference)}</cbc:ID></cac:OrderReference>` : '',
    // BG-3: the invoice a credit note corrects (BT-25, BT-26).
    preceding
      ? `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${x(preceding.number)}</cbc:ID><cbc:IssueDate>${preceding.issueDate}</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>`
      : '',
    `<cac:AccountingSupplierParty>${seller(m.seller)}</cac:AccountingSupplierParty>`,
    `<cac:AccountingCustomerParty>${party(m.buyer)}</cac:AccountingCustomerParty>`,
    `<cac:Delivery><cbc:ActualDeliveryDate>${m.deliveryDate}</cbc:ActualDeliveryDate>`,
    m.deliverTo ? `<cac:DeliveryLocation>${address('Address', m.deliverTo)}</cac:DeliveryLocation>` : '',
    '</cac:Delivery>',
  ];
  const p = m.payment;
  if (p) {
    out.push(
      `<cac:PaymentMeans><cbc:PaymentMeansCode name="${p.name}">${p.code}</cbc:PaymentMeansCode><cbc:PaymentID>${x(m.paymentReference)}</cbc:PaymentID>`,
      p.accountId
        ? `<cac:PayeeFinancialAccount><cbc:ID>${x(p.accountId)}</cbc:ID>${opt('Name', p.accountName)}</cac:PayeeFinancialAccount>`
        : '',
      '</cac:PaymentMeans>',
    );
  }
  if (m.paymentTerms) out.push(`<cac:PaymentTerms><cbc:Note>${x(m.paymentTerms)}</cbc:Note></cac:PaymentTerms>`);
  for (const a of m.allowances) {
    out.push(
      `<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>${a.reasonCode}</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>${x(a.reason)}</cbc:AllowanceChargeReason>`,
      `${amount('Amount', a.amount)}<cac:TaxCategory>${category(a.category, a.rate)}${scheme}</cac:TaxCategory></cac:AllowanceCharge>`,
    );
  }
  out.push(`<cac:TaxTotal>${amount('TaxAmount', m.totals.taxTotal)}`);
  for (const v of m.vat) {
    out.push(
      // O has no rate, but XRechnung requires one in the breakdown (BR-DE-14): 0.
      `<cac:TaxSubtotal>${amount('TaxableAmount', v.taxableAmount)}${amount('TaxAmount', v.taxAmount)}<cac:TaxCategory>${category(v.category, v.rate ?? '0')}`,
      opt('TaxExemptionReasonCode', v.exemptionReasonCode),
      opt('TaxExemptionReason', v.exemptionReason),
      `${scheme}</cac:TaxCategory></cac:TaxSubtotal>`,
    );
  }
  const t = m.totals;
  out.push(
    '</cac:TaxTotal><cac:LegalMonetaryTotal>',
    amount('LineExtensionAmount', t.lineTotal),
    amount('TaxExclusiveAmount', t.taxExclusive),
    amount('TaxInclusiveAmount', t.taxInclusive),
    t.allowanceTotal ? amount('AllowanceTotalAmount', t.allowanceTotal) : '',
    amount('PayableAmount', t.payable),
    '</cac:LegalMonetaryTotal>',
  );
  for (const l of m.lines) {
    out.push(
      `<cac:${doc.line}><cbc:ID>${l.id}</cbc:ID><cbc:${doc.quantity} unitCode="${x(l.unitCode)}">${l.quantity}</cbc:${doc.quantity}>${amount('LineExtensionAmount', l.netAmount)}`,
      ...l.allowances.map((a) => adjustment(false, a)),
      ...l.charges.map((ch) => adjustment(true, ch)),
      `<cac:Item><cbc:Name>${x(l.name)}</cbc:Name><cac:ClassifiedTaxCategory>${category(l.category, l.rate)}${scheme}</cac:ClassifiedTaxCategory></cac:Item>`,
      `<cac:Price>${amount('PriceAmount', l.netPrice)}</cac:Price></cac:${doc.line}>`,
    );
  }
  out.push(`</${doc.root}>\n`);
  return out.join('');
}

function seller(s: Seller): string {
  const c = s.contact;
  return party(
    s,
    s.identifier ? `<cac:PartyIdentification><cbc:ID>${x(s.identifier)}</cbc:ID></cac:PartyIdentification>` : '',
    s.taxRegistrationId
      ? `<cac:PartyTaxScheme><cbc:CompanyID>${x(s.taxRegistrationId)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
      : '',
    c
      ? `<cac:Contact>${opt('Name', c.name)}${opt('Telephone', c.phone)}${opt('ElectronicMail', c.email)}</cac:Contact>`
      : '',
    s.tradingName,
  );
}

/**
 * A party in UBL order: endpoint, identification, name (the trading name when there is one, BT-28),
 * address, tax schemes, legal entity (BT-27), contact.
 */
function party(
  p: Party,
  identification = '',
  taxRegistration = '',
  contact = '',
  tradingName: string | null = null,
): string {
  const e = p.electronicAddress;
  return `<cac:Party>${e ? `<cbc:EndpointID schemeID="${x(e.scheme)}">${x(e.id)}</cbc:EndpointID>` : ''}${identification}${
    tradingName ? `<cac:PartyName><cbc:Name>${x(tradingName)}</cbc:Name></cac:PartyName>` : ''
  }${address('PostalAddress', p.address)}${
    p.vatId
      ? `<cac:PartyTaxScheme><cbc:CompanyID>${x(p.vatId)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
      : ''
  }${taxRegistration}<cac:PartyLegalEntity><cbc:RegistrationName>${x(p.name)}</cbc:RegistrationName></cac:PartyLegalEntity>${contact}</cac:Party>`;
}

function address(tag: string, a: Address): string {
  return `<cac:${tag}>${opt('StreetName', a.line1)}${opt('AdditionalStreetName', a.line2)}${opt('CityName', a.city)}${opt('PostalZone', a.postalCode)}${opt('CountrySubentity', a.region)}<cac:Country><cbc:IdentificationCode>${a.country}</cbc:IdentificationCode></cac:Country></cac:${tag}>`;
}
