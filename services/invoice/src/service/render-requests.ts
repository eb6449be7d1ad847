import type { PaymentAccount__Output } from '@invoice-platform/protos/invoiceplatform/accounts/v1/PaymentAccount';
import type { RenderRequest } from '@invoice-platform/protos/invoiceplatform/pdf/v1/RenderRequest';
import type { InvoiceDoc } from '../domain/invoice.ts';
import { renderRequest } from '../domain/render-request.ts';
import type { WorkspaceInfo } from '../domain/workspace.ts';
import type { AccountsClient } from './peers.ts';

export interface RenderRequestsDeps {
  accounts: AccountsClient;
  /** The public {base_url}, for the pay-online link. */
  baseUrl: string;
}

/** The render request of an invoice as it is now, with the payment account it names read from accounts. */
export class RenderRequests {
  private readonly deps: RenderRequestsDeps;

  constructor(deps: RenderRequestsDeps) {
    this.deps = deps;
  }

  async forInvoice(doc: InvoiceDoc, workspace: WorkspaceInfo): Promise<RenderRequest> {
    let paymentAccount: PaymentAccount__Output | undefined;
    if (doc.payment_account) {
      const { accounts } = await this.deps.accounts.call('ListPaymentAccounts', {
        workspace_id: doc.workspace_id,
      });
      paymentAccount = accounts.find((a) => a.id === doc.payment_account);
    }
    return renderRequest(doc, workspace, paymentAccount, this.deps.baseUrl);
  }
}
