import type { PaymentAccount__Output } from '@invoice-platform/protos/invoiceplatform/accounts/v1/PaymentAccount';
import type { RenderRequest } from '@invoice-platform/protos/invoiceplatform/pdf/v1/RenderRequest';
import type { CreditNoteDoc } from '../domain/credit-note.ts';
import { type CreditNoteFigures, creditNoteEInvoice, creditNoteFacturX } from '../domain/e-invoice/credit-note.ts';
import { eInvoiceInput } from '../domain/e-invoice/from-invoice.ts';
import { type EInvoiceXml, eInvoiceXml } from '../domain/e-invoice/xml.ts';
import type { InvoiceDoc } from '../domain/invoice.ts';
import { creditNoteRenderRequest, renderRequest } from '../domain/render-request.ts';
import type { WorkspaceInfo } from '../domain/workspace.ts';
import type { AccountsClient } from './peers.ts';

export interface RenderRequestsDeps {
  accounts: AccountsClient;
  /** The public {base_url}, for the pay-online link. */
  baseUrl: string;
}

/**
 * The render request of an invoice as it is now, and its e-invoice, with the payment account it
 * names read from accounts.
 */
export class RenderRequests {
  private readonly deps: RenderRequestsDeps;

  constructor(deps: RenderRequestsDeps) {
    this.deps = deps;
  }

  async forInvoice(doc: InvoiceDoc, workspace: WorkspaceInfo): Promise<RenderRequest> {
    const paymentAccount = await this.paymentAccountOf(doc);
    const request = renderRequest(doc, workspace, paymentAccount, this.deps.baseUrl);
    // A Factur-X invoice's PDF carries its XML, on the first render and on every re-render.
    if (doc.e_invoice === 'factur-x') request.factur_x_xml = this.xml(doc, workspace, paymentAccount)!.xml;
    return request;
  }

  /**
   * The render request of a credit note of `invoice` (docs/money-trail.md "Documents"); a Factur-X
   * invoice's note carries its own CII XML (type 381), as the invoice's PDF carries the invoice's.
   */
  async forCreditNote(invoice: InvoiceDoc, note: CreditNoteDoc, workspace: WorkspaceInfo): Promise<RenderRequest> {
    const request = creditNoteRenderRequest(invoice, note, workspace);
    if (invoice.e_invoice === 'factur-x') {
      const account = await this.paymentAccountOf(invoice);
      request.factur_x_xml = creditNoteFacturX(invoice, note, workspace.name, account, this.deps.baseUrl)!;
    }
    return request;
  }

  /** The invoice's e-invoice XML; null when it was generated without e_invoice. */
  async eInvoice(doc: InvoiceDoc, workspace: WorkspaceInfo): Promise<(EInvoiceXml & { format: string }) | null> {
    if (!doc.e_invoice) return null;
    const xml = this.xml(doc, workspace, await this.paymentAccountOf(doc));
    return xml && { ...xml, format: doc.e_invoice };
  }

  /**
   * A credit note's e-invoice XML in its invoice's format (docs/e-invoicing.md "Credit notes"); null
   * when the invoice has none. Its `xml` is also the factur_x_xml of a Factur-X credit note's PDF.
   */
  async creditNoteEInvoice(
    doc: InvoiceDoc,
    note: CreditNoteFigures,
    workspace: WorkspaceInfo,
  ): Promise<(EInvoiceXml & { format: string }) | null> {
    if (!doc.e_invoice) return null;
    const xml = creditNoteEInvoice(doc, note, workspace.name, await this.paymentAccountOf(doc), this.deps.baseUrl);
    return xml && { ...xml, format: doc.e_invoice };
  }

  private xml(doc: InvoiceDoc, workspace: WorkspaceInfo, account: PaymentAccount__Output | undefined) {
    const input = eInvoiceInput(doc, workspace.name, account, this.deps.baseUrl);
    return input && eInvoiceXml(input);
  }

  private async paymentAccountOf(doc: InvoiceDoc): Promise<PaymentAccount__Output | undefined> {
    if (!doc.payment_account) return undefined;
    const { accounts } = await this.deps.accounts.call('ListPaymentAccounts', { workspace_id: doc.workspace_id });
    return accounts.find((a) => a.id === doc.payment_account);
  }
}
