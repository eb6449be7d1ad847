/**
 * ISO 4217 currency codes and their minor units, the one currency table of the platform
 * (docs/architecture.md#money: amounts are rounded to the currency's ISO 4217 minor units, and
 * currency codes are validated against ISO 4217). The invoice service validates and rounds with it,
 * the pdf service checks its documents against it, and the PDFs, the public page and the follow-up
 * email format amounts with its minor units (i18n/format.ts), including codes Intl does not know.
 *
 * Source: ISO 4217 "List One: Current currency & funds", published 2026-01-01 (the maintenance
 * agency's list-one.xml). Every active alphabetic code with a numeric minor-unit count is here,
 * funds codes included (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW). Not here: codes withdrawn by
 * that date (BGN: Bulgaria uses the euro from 2026-01-01; ANG: replaced by XCG; CUC, HRK, SLL, ZWL, …)
 * and the codes whose minor units ISO gives as "N.A." (listed in NO_MINOR_UNIT_CODES below).
 *
 * Why an explicit table and not Intl: Node's ICU/CLDR data is display data, not ISO. Its
 * `maximumFractionDigits` differs from ISO for AFN, ALL, COP, HUF, IDR, IQD, IRR, KPW, LAK, LBP,
 * MGA, MMK, PKR, SOS, SYP and YER (CLDR 0; ISO 2, IQD 3), and `Intl.supportedValuesOf('currency')`
 * lacks BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW, VED and XAD. Checked with Node 24.21.
 *
 * When ISO publishes an amendment, edit this table by hand; the product overrides to ISO's minor
 * units are not here but in MINOR_UNIT_OVERRIDES, so this table stays a faithful copy of ISO.
 */

/** [code, minor units] per ISO 4217 List One (2026-01-01), in alphabetical order. */
const iso4217: readonly (readonly [string, number])[] = [
  ['AED', 2], // UAE Dirham
  ['AFN', 2], // Afghani
  ['ALL', 2], // Lek
  ['AMD', 2], // Armenian Dram
  ['AOA', 2], // Kwanza
  ['ARS', 2], // Argentine Peso
  ['AUD', 2], // Australian Dollar
  ['AWG', 2], // Aruban Florin
  ['AZN', 2], // Azerbaijan Manat
  ['BAM', 2], // Convertible Mark
  ['BBD', 2], // Barbados Dollar
  ['BDT', 2], // Taka
  ['BHD', 3], // Bahraini Dinar
  ['BIF', 0], // Burundi Franc
  ['BMD', 2], // Bermudian Dollar
  ['BND', 2], // Brunei Dollar
  ['BOB', 2], // Boliviano
  ['BOV', 2], // Mvdol
  ['BRL', 2], // Brazilian Real
  ['BSD', 2], // Bahamian Dollar
  ['BTN', 2], // Ngultrum
  ['BWP', 2], // Pula
  ['BYN', 2], // Belarusian Ruble
  ['BZD', 2], // Belize Dollar
  ['CAD', 2], // Canadian Dollar
  ['CDF', 2], // Congolese Franc
  ['CHE', 2], // WIR Euro
  ['CHF', 2], // Swiss Franc
  ['CHW', 2], // WIR Franc
  ['CLF', 4], // Unidad de Fomento
  ['CLP', 0], // Chilean Peso
  ['CNY', 2], // Yuan Renminbi
  ['COP', 2], // Colombian Peso
  ['COU', 2], // Unidad de Valor Real
  ['CRC', 2], // Costa Rican Colon
  ['CUP', 2], // Cuban Peso
  ['CVE', 2], // Cabo Verde Escudo
  ['CZK', 2], // Czech Koruna
  ['DJF', 0], // Djibouti Franc
  ['DKK', 2], // Danish Krone
  ['DOP', 2], // Dominican Peso
  ['DZD', 2], // Algerian Dinar
  ['EGP', 2], // Egyptian Pound
  ['ERN', 2], // Nakfa
  ['ETB', 2], // Ethiopian Birr
  ['EUR', 2], // Euro
  ['FJD', 2], // Fiji Dollar
  ['FKP', 2], // Falkland Islands Pound
  ['GBP', 2], // Pound Sterling
  ['GEL', 2], // Lari
  ['GHS', 2], // Ghana Cedi
  ['GIP', 2], // Gibraltar Pound
  ['GMD', 2], // Dalasi
  ['GNF', 0], // Guinean Franc
  ['GTQ', 2], // Quetzal
  ['GYD', 2], // Guyana Dollar
  ['HKD', 2], // Hong Kong Dollar
  ['HNL', 2], // Lempira
  ['HTG', 2], // Gourde
  ['HUF', 2], // Forint
  ['IDR', 2], // Rupiah
  ['ILS', 2], // New Israeli Sheqel
  ['INR', 2], // Indian Rupee
  ['IQD', 3], // Iraqi Dinar
  ['IRR', 2], // Iranian Rial
  ['ISK', 0], // Iceland Krona
  ['JMD', 2], // Jamaican Dollar
  ['JOD', 3], // Jordanian Dinar
  ['JPY', 0], // Yen
  ['KES', 2], // Kenyan Shilling
  ['KGS', 2], // Som
  ['KHR', 2], // Riel
  ['KMF', 0], // Comorian Franc
  ['KPW', 2], // North Korean Won
  ['KRW', 0], // Won
  ['KWD', 3], // Kuwaiti Dinar
  ['KYD', 2], // Cayman Islands Dollar
  ['KZT', 2], // Tenge
  ['LAK', 2], // Lao Kip
  ['LBP', 2], // Lebanese Pound
  ['LKR', 2], // Sri Lanka Rupee
  ['LRD', 2], // Liberian Dollar
  ['LSL', 2], // Loti
  ['LYD', 3], // Libyan Dinar
  ['MAD', 2], // Moroccan Dirham
  ['MDL', 2], // Moldovan Leu
  ['MGA', 2], // Malagasy Ariary
  ['MKD', 2], // Denar
  ['MMK', 2], // Kyat
  ['MNT', 2], // Tugrik
  ['MOP', 2], // Pataca
  ['MRU', 2], // Ouguiya
  ['MUR', 2], // Mauritius Rupee
  ['MVR', 2], // Rufiyaa
  ['MWK', 2], // Malawi Kwacha
  ['MXN', 2], // Mexican Peso
  ['MXV', 2], // Mexican Unidad de Inversion (UDI)
  ['MYR', 2], // Malaysian Ringgit
  ['MZN', 2], // Mozambique Metical
  ['NAD', 2], // Namibia Dollar
  ['NGN', 2], // Naira
  ['NIO', 2], // Cordoba Oro
  ['NOK', 2], // Norwegian Krone
  ['NPR', 2], // Nepalese Rupee
  ['NZD', 2], // New Zealand Dollar
  ['OMR', 3], // Rial Omani
  ['PAB', 2], // Balboa
  ['PEN', 2], // Sol
  ['PGK', 2], // Kina
  ['PHP', 2], // Philippine Peso
  ['PKR', 2], // Pakistan Rupee
  ['PLN', 2], // Zloty
  ['PYG', 0], // Guarani
  ['QAR', 2], // Qatari Rial
  ['RON', 2], // Romanian Leu
  ['RSD', 2], // Serbian Dinar
  ['RUB', 2], // Russian Ruble
  ['RWF', 0], // Rwanda Franc
  ['SAR', 2], // Saudi Riyal
  ['SBD', 2], // Solomon Islands Dollar
  ['SCR', 2], // Seychelles Rupee
  ['SDG', 2], // Sudanese Pound
  ['SEK', 2], // Swedish Krona
  ['SGD', 2], // Singapore Dollar
  ['SHP', 2], // Saint Helena Pound
  ['SLE', 2], // Leone
  ['SOS', 2], // Somali Shilling
  ['SRD', 2], // Surinam Dollar
  ['SSP', 2], // South Sudanese Pound
  ['STN', 2], // Dobra
  ['SVC', 2], // El Salvador Colon
  ['SYP', 2], // Syrian Pound
  ['SZL', 2], // Lilangeni
  ['THB', 2], // Baht
  ['TJS', 2], // Somoni
  ['TMT', 2], // Turkmenistan New Manat
  ['TND', 3], // Tunisian Dinar
  ['TOP', 2], // Pa’anga
  ['TRY', 2], // Turkish Lira
  ['TTD', 2], // Trinidad and Tobago Dollar
  ['TWD', 2], // New Taiwan Dollar
  ['TZS', 2], // Tanzanian Shilling
  ['UAH', 2], // Hryvnia
  ['UGX', 0], // Uganda Shilling
  ['USD', 2], // US Dollar
  ['USN', 2], // US Dollar (Next day)
  ['UYI', 0], // Uruguay Peso en Unidades Indexadas (UI)
  ['UYU', 2], // Peso Uruguayo
  ['UYW', 4], // Unidad Previsional
  ['UZS', 2], // Uzbekistan Sum
  ['VED', 2], // Bolívar Soberano
  ['VES', 2], // Bolívar Soberano
  ['VND', 0], // Dong
  ['VUV', 0], // Vatu
  ['WST', 2], // Tala
  ['XAD', 2], // Arab Accounting Dinar
  ['XAF', 0], // CFA Franc BEAC
  ['XCD', 2], // East Caribbean Dollar
  ['XCG', 2], // Caribbean Guilder
  ['XOF', 0], // CFA Franc BCEAO
  ['XPF', 0], // CFP Franc
  ['YER', 2], // Yemeni Rial
  ['ZAR', 2], // Rand
  ['ZMW', 2], // Zambian Kwacha
  ['ZWG', 2], // Zimbabwe Gold
];

/** ISO 4217 minor units by alphabetic code, exactly as ISO publishes them. */
export const ISO_4217_MINOR_UNITS: ReadonlyMap<string, number> = new Map(iso4217);

/**
 * Active ISO 4217 codes whose minor units ISO gives as "N.A.": precious metals, bond-market units,
 * SDR and other units of account, the testing code and "no currency". They are ISO codes, but no
 * invoice figure can be rounded in them, so they are refused with their own message.
 */
export const NO_MINOR_UNIT_CODES: ReadonlySet<string> = new Set([
  'XAG', // Silver
  'XAU', // Gold
  'XBA', // Bond Markets Unit European Composite Unit (EURCO)
  'XBB', // Bond Markets Unit European Monetary Unit (E.M.U.-6)
  'XBC', // Bond Markets Unit European Unit of Account 9 (E.U.A.-9)
  'XBD', // Bond Markets Unit European Unit of Account 17 (E.U.A.-17)
  'XDR', // SDR (Special Drawing Right)
  'XPD', // Palladium
  'XPT', // Platinum
  'XSU', // Sucre
  'XTS', // Codes specifically reserved for testing purposes
  'XUA', // ADB Unit of Account
  'XXX', // The codes assigned for transactions where no currency is involved
]);

/**
 * Product decisions that depart from ISO's minor units, kept apart and small on purpose.
 *
 * IDR → 0. ISO 4217 lists the rupiah with 2 minor units, but the sen has not been used for decades:
 * Indonesian invoices, prices and bank transfers are in whole rupiah (Midtrans, for one, takes IDR
 * amounts only as integers), and the acceptance tests expect IDR figures with 0 decimals. IDR is
 * also the default currency (OpenAPI `generateInvoice`), so printing ",00" on every default invoice
 * would be wrong in practice. Amounts in IDR are therefore rounded to whole rupiah.
 */
export const MINOR_UNIT_OVERRIDES: ReadonlyMap<string, number> = new Map([['IDR', 0]]);

/**
 * The minor units amounts in `code` are rounded to and printed with: ISO 4217's, with the product's
 * overrides (IDR → 0). Undefined for anything that is not an invoice currency: a code without minor
 * units (XAU), withdrawn (HRK) or unknown (ABC), lower case ('usd'), or not a string.
 */
export function currencyMinorUnits(code: unknown): number | undefined {
  if (typeof code !== 'string') return undefined;
  return MINOR_UNIT_OVERRIDES.get(code) ?? ISO_4217_MINOR_UNITS.get(code);
}

/** True for the codes an invoice may be in: the ISO 4217 codes with minor units, upper case. */
export function isInvoiceCurrency(code: unknown): code is string {
  return currencyMinorUnits(code) !== undefined;
}

/**
 * Why `code` cannot be an invoice's currency, as a field error message (the field is named by the
 * caller), or undefined when it can.
 */
export function currencyRefusal(code: unknown): string | undefined {
  if (isInvoiceCurrency(code)) return undefined;
  if (typeof code === 'string' && NO_MINOR_UNIT_CODES.has(code)) {
    return 'must be an ISO 4217 currency code with minor units';
  }
  return 'must be an ISO 4217 currency code';
}

/** Every code the API accepts as an invoice's currency, in alphabetical order. */
export const invoiceCurrencies: readonly string[] = Object.freeze(iso4217.map(([code]) => code));
