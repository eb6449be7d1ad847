import type {
  EInvoiceFormat,
  ElectronicAddress,
  LegalProfile,
  PostalAddress,
  TaxCategory,
} from '@invoice-platform/common/contracts/e-invoice';
import type { ComputedLine } from '@invoice-platform/common/invoice-money';

/** A stored line with the e-invoice fields its item was given (all optional). */
export type EInvoiceLine = ComputedLine & {
  /** UN/ECE Recommendation 20 unit code (BT-130); absent: mapped from `unit`, else C62 ("one"). */
  unit_code?: string;
  tax_category?: TaxCategory;
  tax_exemption_reason?: string;
};

/**
 * Everything an e-invoice is made from: the stored invoice's figures (the ones the API returns and
 * the PDF prints, never recomputed), its seller as the workspace's legal profile was when it was
 * generated, and how it can be paid.
 */
export interface EInvoiceInput {
  format: EInvoiceFormat;
  invoice: {
    id: string;
    invoice_number: string;
    /** YYYY-MM-DD in the workspace time zone (BT-2). */
    issue_date: string;
    /** YYYY-MM-DD (BT-9). */
    due_date: string;
    currency: string;
    document_language: string;
    customer_name: string;
    customer_email: string | null;
    customer_tax_id: string | null;
    customer_address: PostalAddress | null;
    customer_electronic_address: ElectronicAddress | null;
    buyer_reference: string | null;
    purchase_order_reference: string | null;
    /** The invoice-level category, for lines that name none. */
    tax_category: TaxCategory | null;
    tax_exemption_reason: string | null;
    items: EInvoiceLine[];
    subtotal: string;
    discount_total: string;
    tax_rate: string;
    tax_amount: string;
    amount: string;
    notes: string | null;
  };
  /**
   * Set when the document is a credit note (UNTDID 1001 type 381, docs/e-invoicing.md "Credit
   * notes"): `invoice` then holds the note's number, date, reason (as notes) and figures, and this
   * names the invoice it corrects (BG-3: BT-25, BT-26). Absent: an invoice (380).
   */
  corrects?: { invoice_number: string; issue_date: string };
  /** The workspace's name, and its legal profile when it has one. */
  seller: { name: string; profile: LegalProfile | null };
  payment: {
    /** The bank account the invoice names (credit transfer: an IBAN gives code 58, else 30). */
    account: { account_name: string; account_number: string; bank_name: string } | null;
    /** The public invoice page when online payment is offered (payment_gateway set). */
    url: string | null;
  };
}
