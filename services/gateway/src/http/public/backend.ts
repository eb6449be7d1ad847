import { AppError } from '@invoice-platform/common/errors';
import type { Peers } from '../../service/peers.ts';
import type { PublicInvoice, PublicWorkspace } from './view.ts';

/** What the payment service answers for a provider's notification, relayed as is (payment.proto). */
export interface NotificationReply {
  http_status: number;
  content_type: string;
  body: Buffer;
  outcome: string;
  reason: string;
}

export interface NotificationInput {
  provider: string;
  body: Buffer;
  /** Names lower-cased, in arrival order. */
  headers: { name: string; value: string }[];
  /** The raw query string, without "?". */
  query: string;
  /** The sender as the gateway's limits count it (payment.proto: client_ip). */
  client_ip: string;
}

/**
 * The calls behind the public routes, each answering with the kinds of AppError the routes turn
 * into pages: not_found, application (a refused Pay), unavailable / not_implemented (a service or
 * the payment peer is missing or down).
 */
export interface PublicPageBackend {
  invoice(id: string): Promise<{ invoice: PublicInvoice; workspace: PublicWorkspace }>;
  startCheckout(id: string, returnUrl: string): Promise<{ redirect_url: string }>;
  handleNotification(input: NotificationInput): Promise<NotificationReply>;
}

function need<C>(client: C | undefined, what: string): C {
  if (!client) throw new AppError('not_implemented', `${what} is not configured`);
  return client;
}

export function createPublicPageBackend(peers: Pick<Peers, 'invoice' | 'accounts' | 'payment'>): PublicPageBackend {
  return {
    async invoice(id) {
      const invoice = await need(peers.invoice, 'the invoice service').call('GetPublicInvoice', { invoice_id: id });
      const workspace = await peers.accounts.call('GetWorkspace', {
        workspace_id: invoice.workspace_id,
      });
      return { invoice, workspace: { name: workspace.name, time_zone: workspace.time_zone } };
    },

    async startCheckout(id, returnUrl) {
      return need(peers.payment, 'the payment service').call('StartCheckout', {
        invoice_id: id,
        return_url: returnUrl,
      });
    },

    async handleNotification(input) {
      const res = await need(peers.payment, 'the payment service').call('HandleNotification', input);
      return { ...res, body: Buffer.from(res.body ?? []) };
    },
  };
}
