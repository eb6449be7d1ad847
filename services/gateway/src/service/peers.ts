import type { TypedClient } from '@invoice-platform/common/grpc/client';
import { connectPeer, type PlatformServices, type ServiceName } from '@invoice-platform/common/services';
import type { Config } from '../config.ts';

// The services the gateway calls, typed by their generated definitions so a method name or a field
// that is not in the proto does not compile.
export type AccountsClient = TypedClient<PlatformServices['accounts']>;
export type InvoiceClient = TypedClient<PlatformServices['invoice']>;
export type PdfClient = TypedClient<PlatformServices['pdf']>;
export type RecurringClient = TypedClient<PlatformServices['recurring']>;
export type WebhookClient = TypedClient<PlatformServices['webhook']>;
export type PaymentClient = TypedClient<PlatformServices['payment']>;

/**
 * Every peer of the gateway. Accounts is always there (it authenticates every request); a peer
 * whose `<NAME>_ADDR` is left unset is not deployed, and its routes answer 501.
 */
export interface Peers {
  accounts: AccountsClient;
  invoice?: InvoiceClient;
  pdf?: PdfClient;
  recurring?: RecurringClient;
  /** Admin only (webhook settings). */
  webhook?: WebhookClient;
  /** Public page only (Pay, notifications). */
  payment?: PaymentClient;
}

type PeerConfig = Pick<
  Config,
  'ACCOUNTS_ADDR' | 'INVOICE_ADDR' | 'PDF_ADDR' | 'RECURRING_ADDR' | 'WEBHOOK_ADDR' | 'PAYMENT_ADDR' | 'GRPC_TIMEOUT_MS'
>;

export function connectPeers(config: PeerConfig): Peers {
  const optional = <N extends ServiceName>(name: N, addr: string) =>
    addr ? connectPeer(name, addr, config.GRPC_TIMEOUT_MS) : undefined;
  return {
    accounts: connectPeer('accounts', config.ACCOUNTS_ADDR, config.GRPC_TIMEOUT_MS),
    invoice: optional('invoice', config.INVOICE_ADDR),
    pdf: optional('pdf', config.PDF_ADDR),
    recurring: optional('recurring', config.RECURRING_ADDR),
    webhook: optional('webhook', config.WEBHOOK_ADDR),
    payment: optional('payment', config.PAYMENT_ADDR),
  };
}

export function closePeers(peers: Peers): void {
  for (const client of Object.values(peers)) client?.close();
}
