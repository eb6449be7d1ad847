/**
 * The e-invoice of a credit note (docs/e-invoicing.md "Credit notes"): the same document as its
 * invoice's e-invoice, in the invoice's format, with type 381, the note's own number, date, reason
 * and figures, and the invoice it corrects (BT-25, BT-26). Amounts are positive: in both syntaxes
 * the type code says the document credits, so a negative amount would credit a negative sum.
 */
import { localDate } from '@invoice-platform/common/dates';
import { addAmounts } from '@invoice-platform/common/invoice-money';
import type { PaymentAccount__Output } from '@invoice-platform/protos/invoiceplatform/accounts/v1/PaymentAccount';
import type { InvoiceDoc } from '../invoice.ts';
import { eInvoiceInput } from './from-invoice.ts';
import type { EInvoiceInput, EInvoiceLine } from './input.ts';
import { eInvoiceProblems } from './requirements.ts';
import { type EInvoiceXml, eInvoiceXml } from './xml.ts';

/**
 * What the e-invoice reads of a credit note (the stored CreditNoteDoc, docs/money-trail.md): its
 * figures as the API returns them. `discount_total` absent: the sum of the lines' discount_share
 * (a note's body has no document discount).
 */
export interface CreditNoteFigures {
  id: string;
  credit_note_number: string;
  reason: string;
  /** The credited lines, computed as a generate's (computeTotals), with their tax categories. */
  items: EInvoiceLine[];
  subtotal: string;
  discount_total?: string;
  tax_amount: string;
  amount: string;
  created_at: Date;
}

/**
 * What the credit note's e-invoice is made from: the invoice's input (seller, buyer, references,
 * payment means, format) with the note in place of the invoice's number, date, notes and figures.
 * Null when the invoice has no e-invoice format.
 */
export function creditNoteEInvoiceInput(
  invoice: InvoiceDoc,
  note: CreditNoteFigures,
  workspaceName: string,
  paymentAccount: PaymentAccount__Output | undefined,
  baseUrl: string,
): EInvoiceInput | null {
  const input = eInvoiceInput(invoice, workspaceName, paymentAccount, baseUrl);
  if (!input) return null;
  const issueDate = localDate(new Date(note.created_at), invoice.time_zone);
  return {
    ...input,
    corrects: { invoice_number: input.invoice.invoice_number, issue_date: input.invoice.issue_date },
    invoice: {
      ...input.invoice,
      id: note.id,
      invoice_number: note.credit_note_number,
      issue_date: issueDate,
      // Not written (a credit note has no due date, en16931.ts); the note's date keeps the field a date.
      due_date: issueDate,
      items: note.items,
      subtotal: note.subtotal,
      discount_total: note.discount_total ?? discountTotal(invoice.currency, note.items),
      tax_amount: note.tax_amount,
      amount: note.amount,
      // BT-22: the note's reason; the invoice's notes were the invoice's.
      notes: note.reason,
    },
  };
}

/**
 * The credit note's e-invoice XML in its invoice's format, and its file name (factur-x.xml for
 * Factur-X, {credit_note_number}-{format}.xml otherwise). Null when the invoice has no e-invoice.
 * Throws an internal AppError as eInvoiceXml does (creditNoteEInvoiceProblems refuses such a note
 * before it is issued).
 */
export function creditNoteEInvoice(
  invoice: InvoiceDoc,
  note: CreditNoteFigures,
  workspaceName: string,
  paymentAccount: PaymentAccount__Output | undefined,
  baseUrl: string,
): EInvoiceXml | null {
  const input = creditNoteEInvoiceInput(invoice, note, workspaceName, paymentAccount, baseUrl);
  return input && eInvoiceXml(input);
}

/**
 * The CII XML a Factur-X credit note's PDF embeds (RenderRequest.factur_x_xml); null when the
 * invoice's format is not factur-x.
 */
export function creditNoteFacturX(
  invoice: InvoiceDoc,
  note: CreditNoteFigures,
  workspaceName: string,
  paymentAccount: PaymentAccount__Output | undefined,
  baseUrl: string,
): string | null {
  if (invoice.e_invoice !== 'factur-x') return null;
  return creditNoteEInvoice(invoice, note, workspaceName, paymentAccount, baseUrl)!.xml;
}

/**
 * What the invoice's e-invoice format asks of a credit note's lines, as field errors
 * (`body.items[i].tax_category`, `body.items[i].tax_exemption_reason`, …): an issue answers 400
 * with them before anything is stored or any credit used. [] when the invoice has no e-invoice
 * format, or the lines are fine (the invoice's seller and buyer passed at its generate).
 */
export function creditNoteEInvoiceProblems(
  invoice: InvoiceDoc,
  items: Pick<EInvoiceLine, 'effective_tax_rate' | 'tax_category' | 'tax_exemption_reason'>[],
) {
  if (!invoice.e_invoice) return [];
  return eInvoiceProblems({
    format: invoice.e_invoice,
    invoice: {
      currency: invoice.currency,
      customer_name: invoice.customer_name,
      customer_tax_id: invoice.customer_tax_id,
      customer_address: invoice.customer_address,
      customer_electronic_address: invoice.customer_electronic_address,
      buyer_reference: invoice.buyer_reference,
      purchase_order_reference: invoice.purchase_order_reference,
      tax_category: invoice.tax_category,
      tax_exemption_reason: invoice.tax_exemption_reason,
      items,
    },
    seller: { profile: invoice.seller_profile },
    // The invoice's payment instructions, which the note repeats; their presence is what is checked.
    payment: {
      account: invoice.payment_account ? { account_number: invoice.payment_account } : null,
      url: invoice.payment_gateway,
    },
  });
}

function discountTotal(currency: string, items: EInvoiceLine[]): string {
  return items.reduce((sum, line) => addAmounts(currency, sum, line.discount_share), '0');
}
