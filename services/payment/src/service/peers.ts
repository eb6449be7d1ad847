import type { MarkPaidByPaymentRequest } from '@invoice-platform/common/contracts/payments';
import { AppError } from '@invoice-platform/common/errors';
import type { UnaryClient } from '@invoice-platform/common/grpc';
import type { PaymentMode } from '@invoice-platform/common/payment-providers';
import type { Connection } from '../domain/adapter.ts';

/** The fields of invoice.v1 Invoice this service reads (GetPublicInvoice). */
export interface PublicInvoice {
  id: string;
  workspace_id: string;
  invoice_number: string;
  customer_name: string;
  customer_email?: string;
  currency?: string;
  amount?: string;
  invoice_status: string;
  is_archived: boolean;
  payment_gateway?: string;
}

export interface MarkPaidResponse {
  id: string;
  invoice_status: string;
  payment_recorded: boolean;
  status_changed: boolean;
  previous_status: string;
}

/** The two peers, as the service uses them: invoice (read, mark paid) and accounts (credentials). */
export class Peers {
  private readonly invoice: UnaryClient;
  private readonly accounts: UnaryClient;

  constructor(invoice: UnaryClient, accounts: UnaryClient) {
    this.invoice = invoice;
    this.accounts = accounts;
  }

  /** The invoice, or null when no invoice has this id. */
  async invoiceById(invoiceId: string): Promise<PublicInvoice | null> {
    try {
      return await this.invoice.call<PublicInvoice>('GetPublicInvoice', { invoice_id: invoiceId });
    } catch (err) {
      if (AppError.isKind(err, 'not_found') || AppError.isKind(err, 'validation')) return null;
      throw err;
    }
  }

  /** The workspace's connection of `provider`, or null when it is not connected (any more). */
  async connection(workspaceId: string, provider: string): Promise<Connection | null> {
    try {
      const res = await this.accounts.call<{ mode: string; credentials: Record<string, string> }>(
        'GetPaymentGatewayCredentials',
        { workspace_id: workspaceId, provider },
      );
      return { mode: (res.mode === 'live' ? 'live' : 'sandbox') as PaymentMode, credentials: res.credentials ?? {} };
    } catch (err) {
      if (AppError.isKind(err, 'not_found')) return null;
      throw err;
    }
  }

  markPaid(req: MarkPaidByPaymentRequest): Promise<MarkPaidResponse> {
    return this.invoice.call<MarkPaidResponse>('MarkPaidByPayment', req);
  }
}
