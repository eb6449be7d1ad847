/**
 * UN/CEFACT Cross Industry Invoice D16B, the XML inside a Factur-X / ZUGFeRD 2.x PDF, profile
 * EN 16931 (guideline urn:cen.eu:en16931:2017), written from the EN 16931 model with template
 * strings, in the element order of the Factur-X EN 16931 XSD (docs/e-invoicing.md says why there is
 * no library here). A credit note is the same document with TypeCode 381, positive amounts and the
 * corrected invoice in InvoiceReferencedDocument.
 */
import type { Address, En16931Invoice, LineAdjustment, Party, Seller } from './en16931.ts';
import { xmlEscape as x } from './xml-text.ts';

export const CII_GUIDELINE = 'urn:cen.eu:en16931:2017';

const header =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"' +
  ' xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"' +
  ' xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"' +
  ' xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">';

/** YYYY-MM-DD as a CII date (format 102: YYYYMMDD). */
const date = (iso: string) => `<udt:DateTimeString format="102">${iso.replace(/-/g, '')}</udt:DateTimeString>`;
const opt = (tag: string, value: string | null) => (value ? `<ram:${tag}>${x(value)}</ram:${tag}>` : '');

export function toCii(m: En16931Invoice): string {
  const out: string[] = [header, '<rsm:ExchangedDocumentContext>'];
  if (m.businessProcess)
    out.push(
      `<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>${x(m.businessProcess)}</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>`,
    );
  out.push(
    `<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${CII_GUIDELINE}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>`,
    `<rsm:ExchangedDocument><ram:ID>${x(m.number)}</ram:ID><ram:TypeCode>${m.typeCode}</ram:TypeCode><ram:IssueDateTime>${date(m.issueDate)}</ram:IssueDateTime>`,
    m.note ? `<ram:IncludedNote><ram:Content>${x(m.note)}</ram:Content></ram:IncludedNote>` : '',
    '</rsm:ExchangedDocument><rsm:SupplyChainTradeTransaction>',
  );
  for (const l of m.lines) {
    out.push(
      `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${l.id}</ram:LineID></ram:AssociatedDocumentLineDocument>`,
      `<ram:SpecifiedTradeProduct><ram:Name>${x(l.name)}</ram:Name></ram:SpecifiedTradeProduct>`,
      `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${l.netPrice}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>`,
      `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${x(l.unitCode)}">${l.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>`,
      `<ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${l.category}</ram:CategoryCode>`,
      l.rate === null ? '' : `<ram:RateApplicablePercent>${l.rate}</ram:RateApplicablePercent>`,
      '</ram:ApplicableTradeTax>',
      ...l.charges.map((c) => adjustment(true, c)),
      ...l.allowances.map((a) => adjustment(false, a)),
      `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${l.netAmount}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>`,
    );
  }
  out.push(
    '<ram:ApplicableHeaderTradeAgreement>',
    opt('BuyerReference', m.buyerReference),
    seller(m.seller),
    party('BuyerTradeParty', m.buyer),
    m.orderReference
      ? `<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>${x(m.orderReference)}</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>`
      : '',
    '</ram:ApplicableHeaderTradeAgreement><ram:ApplicableHeaderTradeDelivery>',
    m.deliverTo ? `<ram:ShipToTradeParty>${address(m.deliverTo)}</ram:ShipToTradeParty>` : '',
    `<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime>${date(m.deliveryDate)}</ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent></ram:ApplicableHeaderTradeDelivery>`,
    `<ram:ApplicableHeaderTradeSettlement><ram:PaymentReference>${x(m.paymentReference)}</ram:PaymentReference><ram:InvoiceCurrencyCode>${m.currency}</ram:InvoiceCurrencyCode>`,
  );
  const p = m.payment;
  if (p) {
    out.push(
      `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>${p.code}</ram:TypeCode><ram:Information>${p.name}</ram:Information>`,
      p.accountId
        ? `<ram:PayeePartyCreditorFinancialAccount>${p.iban ? opt('IBANID', p.accountId) : ''}${opt('AccountName', p.accountName)}${p.iban ? '' : opt('ProprietaryID', p.accountId)}</ram:PayeePartyCreditorFinancialAccount>`
        : '',
      '</ram:SpecifiedTradeSettlementPaymentMeans>',
    );
  }
  for (const v of m.vat) {
    out.push(
      `<ram:ApplicableTradeTax><ram:CalculatedAmount>${v.taxAmount}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>`,
      opt('ExemptionReason', v.exemptionReason),
      `<ram:BasisAmount>${v.taxableAmount}</ram:BasisAmount><ram:CategoryCode>${v.category}</ram:CategoryCode>`,
      opt('ExemptionReasonCode', v.exemptionReasonCode),
      // No rate for O: Mustang 2.25.0 fails on a breakdown rate its lines do not have (BT-119 is optional).
      v.rate === null ? '' : `<ram:RateApplicablePercent>${v.rate}</ram:RateApplicablePercent>`,
      '</ram:ApplicableTradeTax>',
    );
  }
  for (const a of m.allowances) {
    out.push(
      `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>${a.amount}</ram:ActualAmount>`,
      `<ram:ReasonCode>${a.reasonCode}</ram:ReasonCode><ram:Reason>${x(a.reason)}</ram:Reason>`,
      `<ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${a.category}</ram:CategoryCode>`,
      a.rate === null ? '' : `<ram:RateApplicablePercent>${a.rate}</ram:RateApplicablePercent>`,
      '</ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>',
    );
  }
  const t = m.totals;
  out.push(
    `<ram:SpecifiedTradePaymentTerms>${opt('Description', m.paymentTerms)}${m.dueDate ? `<ram:DueDateDateTime>${date(m.dueDate)}</ram:DueDateDateTime>` : ''}</ram:SpecifiedTradePaymentTerms>`,
    `<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>${t.lineTotal}</ram:LineTotalAmount>`,
    t.allowanceTotal ? `<ram:AllowanceTotalAmount>${t.allowanceTotal}</ram:AllowanceTotalAmount>` : '',
    `<ram:TaxBasisTotalAmount>${t.taxExclusive}</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="${m.currency}">${t.taxTotal}</ram:TaxTotalAmount>`,
    `<ram:GrandTotalAmount>${t.taxInclusive}</ram:GrandTotalAmount><ram:DuePayableAmount>${t.payable}</ram:DuePayableAmount>`,
    '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
    // BG-3: the invoice a credit note corrects (BT-25, BT-26), after the summation in XSD order.
    m.precedingInvoice
      ? `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${x(m.precedingInvoice.number)}</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${m.precedingInvoice.issueDate.replace(/-/g, '')}</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>`
      : '',
    '</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>\n',
  );
  return out.join('');
}

function adjustment(charge: boolean, a: LineAdjustment): string {
  return `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${charge}</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>${a.amount}</ram:ActualAmount>${opt('ReasonCode', a.reasonCode)}<ram:Reason>${x(a.reason)}</ram:Reason></ram:SpecifiedTradeAllowanceCharge>`;
}

function seller(s: Seller): string {
  const c = s.contact;
  return party(
    'SellerTradeParty',
    s,
    opt('ID', s.identifier),
    s.tradingName
      ? `<ram:SpecifiedLegalOrganization><ram:TradingBusinessName>${x(s.tradingName)}</ram:TradingBusinessName></ram:SpecifiedLegalOrganization>`
      : '',
    c
      ? `<ram:DefinedTradeContact>${opt('PersonName', c.name)}${
          c.phone
            ? `<ram:TelephoneUniversalCommunication><ram:CompleteNumber>${x(c.phone)}</ram:CompleteNumber></ram:TelephoneUniversalCommunication>`
            : ''
        }${c.email ? `<ram:EmailURIUniversalCommunication><ram:URIID>${x(c.email)}</ram:URIID></ram:EmailURIUniversalCommunication>` : ''}</ram:DefinedTradeContact>`
      : '',
    s.taxRegistrationId
      ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">${x(s.taxRegistrationId)}</ram:ID></ram:SpecifiedTaxRegistration>`
      : '',
  );
}

/** A trade party in XSD order: ID, Name, legal organization, contact, address, electronic address, tax registrations. */
function party(tag: string, p: Party, id = '', legal = '', contact = '', taxRegistration = ''): string {
  const e = p.electronicAddress;
  return `<ram:${tag}>${id}<ram:Name>${x(p.name)}</ram:Name>${legal}${contact}${address(p.address)}${
    e
      ? `<ram:URIUniversalCommunication><ram:URIID schemeID="${x(e.scheme)}">${x(e.id)}</ram:URIID></ram:URIUniversalCommunication>`
      : ''
  }${p.vatId ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${x(p.vatId)}</ram:ID></ram:SpecifiedTaxRegistration>` : ''}${taxRegistration}</ram:${tag}>`;
}

function address(a: Address): string {
  return `<ram:PostalTradeAddress>${opt('PostcodeCode', a.postalCode)}${opt('LineOne', a.line1)}${opt('LineTwo', a.line2)}${opt('CityName', a.city)}<ram:CountryID>${a.country}</ram:CountryID>${opt('CountrySubDivisionName', a.region)}</ram:PostalTradeAddress>`;
}
