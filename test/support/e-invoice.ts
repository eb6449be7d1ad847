/**
 * E-invoice inputs for tests: an EInvoiceInput whose figures come from computeTotals, as the
 * invoice service computes them, with a German B2B seller and buyer that every format accepts. A
 * test overrides what it varies.
 */
import type { LegalProfile } from '@invoice-platform/common/contracts/e-invoice';
import { computeTotals, type ItemInput } from '@invoice-platform/common/invoice-money';
import type { CreditNoteFigures } from '../../services/invoice/src/domain/e-invoice/credit-note.ts';
import type { EInvoiceInput, EInvoiceLine } from '../../services/invoice/src/domain/e-invoice/input.ts';
import type { InvoiceDoc } from '../../services/invoice/src/domain/invoice.ts';
import type { PaymentAccount__Output } from '../../protos/types/invoiceplatform/accounts/v1/PaymentAccount.ts';

export type EInvoiceItem = ItemInput &
  Partial<Pick<EInvoiceLine, 'unit_code' | 'tax_category' | 'tax_exemption_reason'>>;

export interface EInvoiceCase {
  format?: EInvoiceInput['format'];
  currency?: string;
  items?: EInvoiceItem[];
  tax_rate?: string;
  discount_total?: string;
  /** Invoice fields other than the figures and items. */
  invoice?: Partial<Omit<EInvoiceInput['invoice'], 'items'>>;
  /** The seller's legal profile; null for none. */
  profile?: LegalProfile | null;
  payment?: Partial<EInvoiceInput['payment']>;
}

export const germanSeller: LegalProfile = {
  legal_name: 'Musterfirma GmbH',
  vat_id: 'DE123456789',
  tax_registration_id: '30/123/45678',
  address: { line1: 'Musterstraße 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
  electronic_address: { scheme: '9930', id: 'DE123456789' },
  contact: { name: 'Erika Mustermann', email: 'erika@musterfirma.example', phone: '+49 30 1234567' },
};

/** A valid IBAN (mod 97), written with spaces as people do. */
export const GERMAN_IBAN = 'DE02 1203 0000 0000 2020 51';

export function eInvoiceInput(c: EInvoiceCase = {}): EInvoiceInput {
  const currency = c.currency ?? 'EUR';
  const items = c.items ?? [{ description: 'Beratung', quantity: '10', price: '120', unit: 'hours', tax_rate: '19' }];
  const totals = computeTotals({ currency, items, tax_rate: c.tax_rate, discount_total: c.discount_total });
  return {
    format: c.format ?? 'factur-x',
    invoice: {
      id: 'inv_0123456789',
      invoice_number: 'RE-2026-0042',
      issue_date: '2026-11-25',
      due_date: '2026-12-09',
      currency,
      document_language: 'de',
      customer_name: 'Beispiel AG',
      customer_email: 'einkauf@beispiel.example',
      customer_tax_id: 'DE987654321',
      customer_address: {
        line1: 'Hauptstraße 5',
        line2: 'Einkauf',
        city: 'München',
        postal_code: '80331',
        country: 'DE',
      },
      customer_electronic_address: { scheme: '9930', id: 'DE987654321' },
      buyer_reference: '04011000-12345-03',
      purchase_order_reference: null,
      tax_category: null,
      tax_exemption_reason: null,
      notes: null,
      ...c.invoice,
      items: totals.lines.map((line, i) => {
        const { unit_code, tax_category, tax_exemption_reason } = items[i]!;
        return { ...line, unit_code, tax_category, tax_exemption_reason };
      }),
      subtotal: totals.subtotal,
      discount_total: totals.discount_total,
      tax_rate: totals.tax_rate,
      tax_amount: totals.tax_amount,
      amount: totals.amount,
    },
    seller: { name: 'Musterfirma', profile: c.profile === undefined ? germanSeller : c.profile },
    payment: {
      account: { account_name: 'Musterfirma GmbH', account_number: GERMAN_IBAN, bank_name: 'Musterbank' },
      url: null,
      ...c.payment,
    },
  };
}

/** The base URL of invoiceDocOf's invoices: the public page of one with a payment_gateway is {BASE_URL}/p/invoice/{id}. */
export const BASE_URL = 'https://invoices.example';

/**
 * A stored invoice (the fields its e-invoice and its credit notes read), unpaid, without credit
 * notes or payments, whose eInvoiceInput(doc, input.seller.name,
 * account, BASE_URL) is `input`, issued at noon UTC of its issue date in Europe/Berlin; the payment
 * account is returned beside it, since the invoice stores only its id.
 */
export function invoiceDocOf(input: EInvoiceInput): { doc: InvoiceDoc; account: PaymentAccount__Output | undefined } {
  const inv = input.invoice;
  const account = input.payment.account
    ? {
        id: 'acc_0123456789',
        workspace_id: 'ws_einvoice',
        label: 'Main account',
        created_at: '2026-01-01T00:00:00Z',
        ...input.payment.account,
      }
    : undefined;
  const doc = {
    _id: inv.id,
    workspace_id: 'ws_einvoice',
    invoice_number: inv.invoice_number,
    issue_date: new Date(`${inv.issue_date}T12:00:00Z`),
    time_zone: 'Europe/Berlin',
    due_date: inv.due_date,
    currency: inv.currency,
    document_language: inv.document_language,
    customer_name: inv.customer_name,
    customer_email: inv.customer_email,
    customer_tax_id: inv.customer_tax_id,
    customer_address: inv.customer_address,
    customer_electronic_address: inv.customer_electronic_address,
    buyer_reference: inv.buyer_reference,
    purchase_order_reference: inv.purchase_order_reference,
    tax_category: inv.tax_category,
    tax_exemption_reason: inv.tax_exemption_reason,
    items: inv.items,
    subtotal: inv.subtotal,
    discount_total: inv.discount_total,
    tax_rate: inv.tax_rate,
    tax_amount: inv.tax_amount,
    amount: inv.amount,
    notes: inv.notes,
    e_invoice: input.format,
    seller_profile: input.seller.profile,
    payment_account: account?.id ?? null,
    payment_gateway: input.payment.url ? 'stripe' : null,
    invoice_status: 'unpaid',
    credit_notes: [],
    payments: [],
  } as unknown as InvoiceDoc;
  return { doc, account };
}

/**
 * A credit note of `items` (computed by computeTotals as the invoice service computes a note's
 * lines), numbered CN-ws_einvoice-202612-{sequence}, issued on 2026-12-03 in Europe/Berlin.
 */
export function creditNoteOf(
  currency: string,
  items: EInvoiceItem[],
  opts: { sequence?: number; reason?: string; tax_rate?: string } = {},
): CreditNoteFigures {
  const totals = computeTotals({ currency, items, tax_rate: opts.tax_rate });
  return {
    id: `cn_test${opts.sequence ?? 1}`,
    credit_note_number: `CN-ws_einvoice-202612-${opts.sequence ?? 1}`,
    reason: opts.reason ?? 'Returned goods',
    items: totals.lines.map((line, i) => {
      const { unit_code, tax_category, tax_exemption_reason } = items[i]!;
      return { ...line, unit_code, tax_category, tax_exemption_reason };
    }),
    subtotal: totals.subtotal,
    discount_total: totals.discount_total,
    tax_amount: totals.tax_amount,
    amount: totals.amount,
    created_at: new Date('2026-12-03T10:00:00Z'),
  };
}
