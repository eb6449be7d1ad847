import type { PaymentAccount__Output } from '@invoice-platform/protos/invoiceplatform/accounts/v1/PaymentAccount';
import type { RenderRequest } from '@invoice-platform/protos/invoiceplatform/pdf/v1/RenderRequest';
import type { LegalProfile, PostalAddress } from '@invoice-platform/common/contracts/e-invoice';
import { formatMinor, minorUnits } from '@invoice-platform/common/invoice-money';
import { balanceOf, paymentApplied } from './balance.ts';
import type { CreditNoteDoc } from './credit-note.ts';
import type { InvoiceDoc } from './invoice.ts';
import { type InvoiceStatus, statusMarking } from './status.ts';
import type { WorkspaceInfo } from './workspace.ts';

/** An address as the lines a document prints, in the usual order; none when unknown. */
export function addressLines(address: PostalAddress | null): string[] {
  if (!address) return [];
  const cityLine = [address.postal_code, address.city].join(' ');
  return [
    address.line1,
    address.line2,
    address.region ? `${cityLine}, ${address.region}` : cityLine,
    address.country,
  ].filter((line): line is string => Boolean(line));
}

/**
 * The seller printed on the document: the legal profile the invoice was generated under (legal
 * name, trading name, address, VAT or tax number, contact), else the workspace's name.
 */
function sellerParty(workspace: WorkspaceInfo, profile: LegalProfile | null) {
  if (!profile) return { name: workspace.name, address_lines: [] };
  const contact = profile.contact;
  return {
    name: profile.trading_name ? `${profile.legal_name} (${profile.trading_name})` : profile.legal_name,
    email: contact?.email,
    tax_id: profile.vat_id ?? profile.tax_registration_id,
    address_lines: [
      ...addressLines(profile.address ?? null),
      ...(contact?.name || contact?.phone ? [[contact.name, contact.phone].filter(Boolean).join(', ')] : []),
    ],
  };
}

/**
 * The document the pdf service prints, the one place an invoice becomes a render request (sync
 * renders and the async re-renders' GetRenderInput alike). `paymentAccount`: the account the
 * invoice names, as accounts lists it (absent when it names none, or none of that id exists).
 */
export function renderRequest(
  doc: InvoiceDoc,
  workspace: WorkspaceInfo,
  paymentAccount: PaymentAccount__Output | undefined,
  baseUrl: string,
): RenderRequest {
  const optional = (v: string | null) => (v === null ? undefined : v);
  return {
    workspace_id: doc.workspace_id,
    invoice_id: doc._id,
    template_id: doc.template?.id,
    document_language: doc.template ? doc.document_language : 'en',
    status_marking: statusMarking(doc.invoice_status as InvoiceStatus),
    invoice_sequence: doc.version,
    document: {
      invoice_id: doc._id,
      invoice_number: doc.invoice_number,
      issue_date: new Date(doc.issue_date).toISOString(),
      due_date: doc.due_date,
      paid_at: doc.paid_at ? new Date(doc.paid_at).toISOString() : undefined,
      invoice_status: doc.invoice_status,
      currency: doc.currency,
      seller: sellerParty(workspace, doc.seller_profile ?? null),
      customer: {
        name: doc.customer_name,
        email: optional(doc.customer_email),
        tax_id: optional(doc.customer_tax_id),
        address_lines: addressLines(doc.customer_address ?? null),
      },
      items: doc.items,
      subtotal: doc.subtotal,
      discount_total: doc.discount_total,
      tax_rate: doc.tax_rate,
      tax_amount: doc.tax_amount,
      amount: doc.amount,
      notes: optional(doc.notes),
      custom_payment_notes: optional(doc.custom_payment_notes),
      footer_text: optional(doc.footer_text),
      payment_account: paymentAccount,
      payment_gateway: optional(doc.payment_gateway),
      payment_url: doc.payment_gateway ? `${baseUrl.replace(/\/$/, '')}/p/invoice/${doc._id}` : undefined,
      time_zone: doc.time_zone,
      is_recurring: doc.is_recurring,
      recurring_interval: doc.recurring_interval,
      ...balanceLists(doc),
    },
  };
}

/**
 * The invoice's credit notes and the payments counted against it, oldest first, with its balance
 * (balanceOf): the PDF lists them once any exists (docs/money-trail.md "Documents"). A payment is
 * listed for the part of it that counts (paymentApplied): money received on a paid or cancelled
 * invoice settles nothing and is not listed, so the listed payments add up to amount_paid, except
 * while a status change says the rest is settled.
 */
function balanceLists(doc: InvoiceDoc) {
  const digits = minorUnits(doc.currency);
  const payments = (doc.payments ?? []).flatMap((p) => {
    const applied = paymentApplied(p, doc.currency);
    if (applied === 0n) return [];
    return [
      {
        paid_at: new Date(p.paid_at).toISOString(),
        amount: formatMinor(applied, digits),
        method: p.method ?? 'online',
        reference: p.reference ?? undefined,
      },
    ];
  });
  return {
    credit_notes: (doc.credit_notes ?? []).map((n) => ({
      credit_note_number: n.credit_note_number,
      created_at: new Date(n.created_at).toISOString(),
      amount: n.amount,
      reason: n.reason,
    })),
    payments,
    ...balanceOf(doc),
  };
}

/**
 * The document a credit note prints (pdf.proto RenderRequest.credit_note): the note's lines and
 * totals under its number and date, keyed by the note's id so its files are its own, in its
 * invoice's language, template, seller and customer, naming the invoice it corrects. No status, no
 * due date, nothing to pay; the invoice's footer, not its notes (the note's reason replaces them).
 */
export function creditNoteRenderRequest(
  invoice: InvoiceDoc,
  note: CreditNoteDoc,
  workspace: WorkspaceInfo,
): RenderRequest {
  const optional = (v: string | null) => (v === null ? undefined : v);
  return {
    workspace_id: invoice.workspace_id,
    invoice_id: note.id,
    template_id: invoice.template?.id,
    document_language: invoice.template ? invoice.document_language : 'en',
    status_marking: '',
    // A note's document never changes, so it is rendered once, at its issue.
    invoice_sequence: 1,
    credit_note: {
      credit_note_id: note.id,
      credit_note_number: note.credit_note_number,
      invoice_id: invoice._id,
      invoice_number: invoice.invoice_number,
      invoice_issue_date: new Date(invoice.issue_date).toISOString(),
      reason: note.reason,
    },
    document: {
      invoice_id: note.id,
      invoice_number: note.credit_note_number,
      issue_date: new Date(note.created_at).toISOString(),
      due_date: '',
      invoice_status: '',
      currency: invoice.currency,
      seller: sellerParty(workspace, invoice.seller_profile ?? null),
      customer: {
        name: invoice.customer_name,
        email: optional(invoice.customer_email),
        tax_id: optional(invoice.customer_tax_id),
        address_lines: addressLines(invoice.customer_address ?? null),
      },
      items: note.items,
      subtotal: note.subtotal,
      discount_total: note.discount_total,
      tax_rate: note.tax_rate,
      tax_amount: note.tax_amount,
      amount: note.amount,
      footer_text: optional(invoice.footer_text),
      time_zone: invoice.time_zone,
      is_recurring: false,
      recurring_interval: 'none',
    },
  };
}
