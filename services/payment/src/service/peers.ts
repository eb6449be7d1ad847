import type { MarkPaidByPaymentRequest } from '@invoice-platform/common/contracts/payments';
import { AppError } from '@invoice-platform/common/errors';
import type { AccountsServiceDefinition } from '@invoice-platform/protos/invoiceplatform/accounts/v1/AccountsService';
import type { Invoice__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/Invoice';
import type { InvoiceServiceDefinition } from '@invoice-platform/protos/invoiceplatform/invoice/v1/InvoiceService';
import type { MarkPaidByPaymentResponse__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/MarkPaidByPaymentResponse';
import type { TypedClient } from '@invoice-platform/common/grpc/client';
import type { PaymentMode } from '@invoice-platform/common/payment-providers';
import type { Connection } from '../domain/adapter.ts';

/** The invoice as GetPublicInvoice answers it (invoice.v1 Invoice). */
export type PublicInvoice = Invoice__Output;
export type MarkPaidResponse = MarkPaidByPaymentResponse__Output;

export interface PeersDeps {
  invoice: TypedClient<InvoiceServiceDefinition>;
  accounts: TypedClient<AccountsServiceDefinition>;
}

/** The two peers, as the service uses them: invoice (read, mark paid) and accounts (credentials). */
export class Peers {
  private readonly deps: PeersDeps;

  constructor(deps: PeersDeps) {
    this.deps = deps;
  }

  /** The invoice, or null when no invoice has this id. */
  async invoiceById(invoiceId: string): Promise<PublicInvoice | null> {
    try {
      return await this.deps.invoice.call('GetPublicInvoice', { invoice_id: invoiceId });
    } catch (err) {
      if (AppError.isKind(err, 'not_found') || AppError.isKind(err, 'validation')) return null;
      throw err;
    }
  }

  /** The workspace's connection of `provider`, or null when it is not connected (any more). */
  async connection(workspaceId: string, provider: string): Promise<Connection | null> {
    try {
      const res = await this.deps.accounts.call('GetPaymentGatewayCredentials', {
        workspace_id: workspaceId,
        provider,
      });
      return { mode: (res.mode === 'live' ? 'live' : 'sandbox') as PaymentMode, credentials: res.credentials ?? {} };
    } catch (err) {
      if (AppError.isKind(err, 'not_found')) return null;
      throw err;
    }
  }

  markPaid(req: MarkPaidByPaymentRequest): Promise<MarkPaidResponse> {
    return this.deps.invoice.call('MarkPaidByPayment', req);
  }
}
