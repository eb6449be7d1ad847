import type { AccountsServiceDefinition } from '@invoice-platform/protos/invoiceplatform/accounts/v1/AccountsService';
import type { InvoiceServiceDefinition } from '@invoice-platform/protos/invoiceplatform/invoice/v1/InvoiceService';
import type { PaymentServiceDefinition } from '@invoice-platform/protos/invoiceplatform/payment/v1/PaymentService';
import type { PdfServiceDefinition } from '@invoice-platform/protos/invoiceplatform/pdf/v1/PdfService';
import type { RecurringServiceDefinition } from '@invoice-platform/protos/invoiceplatform/recurring/v1/RecurringService';
import type { TestHooksDefinition } from '@invoice-platform/protos/invoiceplatform/testhooks/v1/TestHooks';
import type { WebhookServiceDefinition } from '@invoice-platform/protos/invoiceplatform/webhook/v1/WebhookService';
import { createUnaryClient, typed, type TypedClient } from './grpc/client.ts';
import { type LoadedService, loadService } from './grpc/protos.ts';

/** The platform's gRPC services, by the name each goes by in config (`<NAME>_ADDR`) and the chart. */
export interface PlatformServices {
  accounts: AccountsServiceDefinition;
  invoice: InvoiceServiceDefinition;
  payment: PaymentServiceDefinition;
  pdf: PdfServiceDefinition;
  recurring: RecurringServiceDefinition;
  webhook: WebhookServiceDefinition;
}

export type ServiceName = keyof PlatformServices;

const fullNames: Record<ServiceName, string> = {
  accounts: 'invoiceplatform.accounts.v1.AccountsService',
  invoice: 'invoiceplatform.invoice.v1.InvoiceService',
  payment: 'invoiceplatform.payment.v1.PaymentService',
  pdf: 'invoiceplatform.pdf.v1.PdfService',
  recurring: 'invoiceplatform.recurring.v1.RecurringService',
  webhook: 'invoiceplatform.webhook.v1.WebhookService',
};

/** A service's definition from protos/invoiceplatform/<name>/v1/<name>.proto, for its server. */
export function platformService(name: ServiceName): LoadedService {
  return loadService(`invoiceplatform/${name}/v1/${name}.proto`, fullNames[name]);
}

/** A client of the peer `name` at `addr`, typed by its generated definition; calls have a deadline of `timeoutMs` unless given. */
export function connectPeer<N extends ServiceName>(
  name: N,
  addr: string,
  timeoutMs?: number,
): TypedClient<PlatformServices[N]> {
  return typed<PlatformServices[N]>(createUnaryClient(platformService(name), addr, timeoutMs));
}

/**
 * The test hooks (protos/invoiceplatform/testhooks/v1/testhooks.proto), for the server of a service
 * started with its test-hooks flag on; never registered otherwise, so a call answers UNIMPLEMENTED.
 */
export function testHooksService(): LoadedService {
  return loadService('invoiceplatform/testhooks/v1/testhooks.proto', 'invoiceplatform.testhooks.v1.TestHooks');
}

export type TestHooksClient = TypedClient<TestHooksDefinition>;

/** A client of the test hooks of the service at `addr` (tests, and the gateway's admin test routes). */
export function connectTestHooks(addr: string, timeoutMs?: number): TestHooksClient {
  return typed<TestHooksDefinition>(createUnaryClient(testHooksService(), addr, timeoutMs));
}
