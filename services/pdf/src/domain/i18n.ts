/**
 * Words printed on documents, one dictionary per spec §4.1 document_language. English is complete;
 * every other language overrides the words it has and falls back to English for the rest, so a
 * language can be completed later without touching templates. `complete` lists the languages whose
 * dictionary has every word (checked by the unit tests).
 */

export const documentLanguages = ['en', 'id', 'es', 'fr', 'de', 'nl', 'it', 'pt', 'zh', 'ja', 'hi', 'ar'] as const;
export type DocumentLanguage = (typeof documentLanguages)[number];

export function isDocumentLanguage(value: string): value is DocumentLanguage {
  return (documentLanguages as readonly string[]).includes(value);
}

const en = {
  invoice: 'INVOICE',
  invoice_number: 'Invoice number',
  issue_date: 'Issue date',
  due_date: 'Due date',
  paid_on: 'Paid on',
  from: 'From',
  bill_to: 'Bill to',
  tax_id: 'Tax ID',
  description: 'Description',
  quantity: 'Qty',
  unit_price: 'Unit price',
  line_discount: 'Discount',
  tax_rate: 'Tax',
  line_amount: 'Amount',
  subtotal: 'Subtotal',
  discount: 'Discount',
  tax: 'Tax',
  total: 'Total',
  amount_due: 'Amount due',
  notes: 'Notes',
  payment_instructions: 'Payment instructions',
  payment_details: 'Payment details',
  bank: 'Bank',
  account_name: 'Account name',
  account_number: 'Account number',
  pay_online: 'Pay online',
  recurring: 'Recurring invoice',
  status_unpaid: 'UNPAID',
  status_paid: 'PAID',
  status_overdue: 'OVERDUE',
  status_cancelled: 'CANCELLED',
  interval_weekly: 'weekly',
  interval_fortnightly: 'every two weeks',
  interval_monthly: 'monthly',
  interval_quarterly: 'quarterly',
  'interval_semi-annually': 'every six months',
  interval_yearly: 'yearly',
};

export type WordKey = keyof typeof en;
export type Words = Record<WordKey, string>;

const overrides: Record<Exclude<DocumentLanguage, 'en'>, Partial<Words>> = {
  id: {
    invoice: 'FAKTUR',
    invoice_number: 'Nomor faktur',
    issue_date: 'Tanggal terbit',
    due_date: 'Jatuh tempo',
    paid_on: 'Dibayar pada',
    from: 'Dari',
    bill_to: 'Tagihan kepada',
    tax_id: 'NPWP',
    description: 'Deskripsi',
    quantity: 'Jumlah',
    unit_price: 'Harga satuan',
    line_discount: 'Diskon',
    tax_rate: 'Pajak',
    line_amount: 'Total',
    subtotal: 'Subtotal',
    discount: 'Diskon',
    tax: 'Pajak',
    total: 'Total',
    amount_due: 'Jumlah tagihan',
    notes: 'Catatan',
    payment_instructions: 'Instruksi pembayaran',
    payment_details: 'Rincian pembayaran',
    bank: 'Bank',
    account_name: 'Nama rekening',
    account_number: 'Nomor rekening',
    pay_online: 'Bayar online',
    recurring: 'Faktur berulang',
    status_unpaid: 'BELUM DIBAYAR',
    status_paid: 'LUNAS',
    status_overdue: 'TERLAMBAT',
    status_cancelled: 'DIBATALKAN',
    interval_weekly: 'mingguan',
    interval_fortnightly: 'setiap dua minggu',
    interval_monthly: 'bulanan',
    interval_quarterly: 'triwulanan',
    'interval_semi-annually': 'setiap enam bulan',
    interval_yearly: 'tahunan',
  },
  es: {
    invoice: 'FACTURA',
    invoice_number: 'Número de factura',
    issue_date: 'Fecha de emisión',
    due_date: 'Fecha de vencimiento',
    from: 'De',
    bill_to: 'Facturar a',
    description: 'Descripción',
    quantity: 'Cant.',
    unit_price: 'Precio unitario',
    line_discount: 'Descuento',
    tax_rate: 'Impuesto',
    line_amount: 'Importe',
    subtotal: 'Subtotal',
    discount: 'Descuento',
    tax: 'Impuesto',
    total: 'Total',
    notes: 'Notas',
    status_unpaid: 'PENDIENTE',
    status_paid: 'PAGADA',
    status_overdue: 'VENCIDA',
    status_cancelled: 'ANULADA',
  },
  fr: {
    invoice: 'FACTURE',
    invoice_number: 'Numéro de facture',
    issue_date: "Date d'émission",
    due_date: "Date d'échéance",
    from: 'De',
    bill_to: 'Facturé à',
    description: 'Description',
    quantity: 'Qté',
    unit_price: 'Prix unitaire',
    line_discount: 'Remise',
    tax_rate: 'TVA',
    line_amount: 'Montant',
    subtotal: 'Sous-total',
    discount: 'Remise',
    tax: 'TVA',
    total: 'Total',
    notes: 'Notes',
    status_unpaid: 'IMPAYÉE',
    status_paid: 'PAYÉE',
    status_overdue: 'EN RETARD',
    status_cancelled: 'ANNULÉE',
  },
  de: {
    invoice: 'RECHNUNG',
    invoice_number: 'Rechnungsnummer',
    issue_date: 'Rechnungsdatum',
    due_date: 'Fällig am',
    from: 'Von',
    bill_to: 'Rechnung an',
    tax_id: 'USt-IdNr.',
    description: 'Beschreibung',
    quantity: 'Menge',
    unit_price: 'Einzelpreis',
    line_discount: 'Rabatt',
    tax_rate: 'MwSt.',
    line_amount: 'Betrag',
    subtotal: 'Zwischensumme',
    discount: 'Rabatt',
    tax: 'MwSt.',
    total: 'Gesamt',
    notes: 'Anmerkungen',
    status_unpaid: 'OFFEN',
    status_paid: 'BEZAHLT',
    status_overdue: 'ÜBERFÄLLIG',
    status_cancelled: 'STORNIERT',
  },
  nl: {
    invoice: 'FACTUUR',
    invoice_number: 'Factuurnummer',
    issue_date: 'Factuurdatum',
    due_date: 'Vervaldatum',
    description: 'Omschrijving',
    quantity: 'Aantal',
    subtotal: 'Subtotaal',
    discount: 'Korting',
    total: 'Totaal',
    status_paid: 'BETAALD',
  },
  it: {
    invoice: 'FATTURA',
    invoice_number: 'Numero fattura',
    issue_date: 'Data di emissione',
    due_date: 'Data di scadenza',
    description: 'Descrizione',
    quantity: 'Qtà',
    subtotal: 'Subtotale',
    discount: 'Sconto',
    tax: 'IVA',
    total: 'Totale',
    notes: 'Note',
    status_paid: 'PAGATA',
  },
  pt: {
    invoice: 'FATURA',
    invoice_number: 'Número da fatura',
    issue_date: 'Data de emissão',
    due_date: 'Data de vencimento',
    description: 'Descrição',
    quantity: 'Qtd.',
    subtotal: 'Subtotal',
    discount: 'Desconto',
    tax: 'Imposto',
    total: 'Total',
    notes: 'Observações',
    status_paid: 'PAGA',
  },
  zh: {
    invoice: '发票',
    description: '描述',
    quantity: '数量',
    unit_price: '单价',
    subtotal: '小计',
    discount: '折扣',
    tax: '税',
    total: '总计',
    status_paid: '已付款',
  },
  ja: {
    invoice: '請求書',
    description: '品目',
    quantity: '数量',
    unit_price: '単価',
    subtotal: '小計',
    discount: '値引き',
    tax: '消費税',
    total: '合計',
    status_paid: '支払済',
  },
  hi: {
    invoice: 'चालान',
    total: 'कुल',
  },
  ar: {
    invoice: 'فاتورة',
    total: 'المجموع',
    subtotal: 'المجموع الفرعي',
    tax: 'الضريبة',
  },
};

export const englishWords: Words = en;

export function wordsFor(lang: DocumentLanguage): Words {
  return lang === 'en' ? en : { ...en, ...overrides[lang] };
}

/** The languages whose own dictionary covers every word (no English fallback). */
export function completeLanguages(): DocumentLanguage[] {
  const keys = Object.keys(en) as WordKey[];
  return documentLanguages.filter((l) => l === 'en' || keys.every((k) => overrides[l][k] !== undefined));
}

/** Override keys of a language that English does not have (always empty: checked by tests). */
export function unknownWordKeys(lang: DocumentLanguage): string[] {
  if (lang === 'en') return [];
  return Object.keys(overrides[lang]).filter((k) => !(k in en));
}

/** Intl locale for a document language (numbers and dates). */
export const localeOf: Record<DocumentLanguage, string> = {
  en: 'en-US',
  id: 'id-ID',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  nl: 'nl-NL',
  it: 'it-IT',
  pt: 'pt-BR',
  zh: 'zh-CN',
  ja: 'ja-JP',
  hi: 'hi-IN',
  ar: 'ar',
};

export function directionOf(lang: DocumentLanguage): 'ltr' | 'rtl' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}
