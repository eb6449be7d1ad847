import { localDate } from '@invoice-platform/common/dates';
import type { PaymentAccount__Output } from '@invoice-platform/protos/invoiceplatform/accounts/v1/PaymentAccount';
import type { InvoiceDoc } from '../invoice.ts';
import type { EInvoiceInput } from './input.ts';

/**
 * What the stored invoice's e-invoice is made from: its own figures and fields, the seller it was
 * generated under, and how it can be paid (`paymentAccount`: the account it names, as accounts
 * lists it; the public page when online payment is offered). Null when it has no e-invoice.
 */
export function eInvoiceInput(
  doc: InvoiceDoc,
  workspaceName: string,
  paymentAccount: PaymentAccount__Output | undefined,
  baseUrl: string,
): EInvoiceInput | null {
  if (!doc.e_invoice) return null;
  return {
    format: doc.e_invoice,
    invoice: {
      id: doc._id,
      invoice_number: doc.invoice_number,
      issue_date: localDate(new Date(doc.issue_date), doc.time_zone),
      due_date: doc.due_date,
      currency: doc.currency,
      document_language: doc.document_language,
      customer_name: doc.customer_name,
      customer_email: doc.customer_email,
      customer_tax_id: doc.customer_tax_id,
      customer_address: doc.customer_address,
      customer_electronic_address: doc.customer_electronic_address,
      buyer_reference: doc.buyer_reference,
      purchase_order_reference: doc.purchase_order_reference,
      tax_category: doc.tax_category,
      tax_exemption_reason: doc.tax_exemption_reason,
      items: doc.items,
      subtotal: doc.subtotal,
      discount_total: doc.discount_total,
      tax_rate: doc.tax_rate,
      tax_amount: doc.tax_amount,
      amount: doc.amount,
      notes: doc.notes,
    },
    seller: { name: workspaceName, profile: doc.seller_profile },
    payment: {
      account: paymentAccount
        ? {
            account_name: paymentAccount.account_name,
            account_number: paymentAccount.account_number,
            bank_name: paymentAccount.bank_name,
          }
        : null,
      url: doc.payment_gateway ? `${baseUrl.replace(/\/$/, '')}/p/invoice/${doc._id}` : null,
    },
  };
}
