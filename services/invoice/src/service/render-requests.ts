import type { PaymentAccount__Output } from '@invoice-platform/protos/invoiceplatform/accounts/v1/PaymentAccount';
import type { RenderRequest } from '@invoice-platform/protos/invoiceplatform/pdf/v1/RenderRequest';
import { eInvoiceInput } from '../domain/e-invoice/from-invoice.ts';
import { type EInvoiceXml, eInvoiceXml } from '../domain/e-invoice/xml.ts';
import type { InvoiceDoc } from '../domain/invoice.ts';
import { renderRequest } from '../domain/render-request.ts';
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

  /** The invoice's e-invoice XML; null when it was generated without e_invoice. */
  async eInvoice(doc: InvoiceDoc, workspace: WorkspaceInfo): Promise<(EInvoiceXml & { format: string }) | null> {
    if (!doc.e_invoice) return null;
    const xml = this.xml(doc, workspace, await this.paymentAccountOf(doc));
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
