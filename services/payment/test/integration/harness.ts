/**
 * One platform (accounts, invoice, pdf, gateway and the payment service, all real processes on the
 * local stack) with the fake providers of deploy/local/sandbox/, and the steps every payment
 * test takes: a workspace with the provider connected, an invoice that names it, and the payment
 * service's two calls.
 */
import { createUnaryClient, type UnaryClient } from '@invoice-platform/common/grpc/client';
import { loadService } from '@invoice-platform/common/grpc/protos';
import { createLogger } from '@invoice-platform/common/logger';
import { connectMongo } from '@invoice-platform/common/mongo';
import type { PaymentProvider } from '@invoice-platform/common/payment-providers';
import type { Connection as MongoConnection } from 'mongoose';
import { EventLog } from '@invoice-platform/test-support/events';
import type { FakeNotification, FakeProvider } from '@invoice-platform/sandbox/types';
import { type ApiClient, Platform } from '@invoice-platform/test-support/platform';
import { type Models, registerModels } from '../../src/store/models.ts';
import { NotificationStore } from '../../src/store/notifications.ts';

export interface Invoice {
  id: string;
  invoice_status: string;
  amount: string;
  currency: string;
  paid_at: string | null;
}

export interface HandleAnswer {
  http_status: number;
  content_type: string;
  body: Buffer;
  outcome: string;
  reason: string;
}

/**
 * The addresses the tests' providers notify from (TEST-NET-2), apart from any sender a test plays:
 * a provider sends from a pool of addresses, and each notification here takes the next one. The
 * tests of a file run at once, and a genuine notification is charged to its sender until its
 * provider confirms it (docs/payments.md): from one shared address, more than
 * PAYMENT_UNVERIFIED_CALLS_PER_IP of them in flight on a loaded machine were held back as
 * "too many unconfirmed notifications from this sender", failing tests that are about something else.
 */
let nextProviderHost = 0;
function providerAddress(): string {
  nextProviderHost = (nextProviderHost + 1) % 240;
  return `198.51.100.${10 + nextProviderHost}`;
}

export class PaymentHarness {
  readonly platform: Platform;
  readonly fakes: Partial<Record<PaymentProvider, FakeProvider>>;
  payment!: UnaryClient;
  invoiceService!: UnaryClient;
  events!: EventLog;
  notifications!: NotificationStore;
  /** The payment service's own database, to look at what it stored. */
  models!: Models;
  private mongo: MongoConnection | undefined;

  constructor(
    fakes: Partial<Record<PaymentProvider, FakeProvider>>,
    paymentEnv: Record<string, string> = {},
    gatewayEnv: Record<string, string> = {},
  ) {
    this.fakes = fakes;
    const baseUrls = Object.fromEntries(Object.entries(fakes).map(([p, f]) => [p, f.baseUrl]));
    this.platform = new Platform({
      invoices: true,
      payments: baseUrls,
      paymentEnv,
      gatewayEnv: {
        RATE_LIMIT_PLANS: '{"enterprise":100000}',
        RATE_LIMIT_PER_IP: '100000',
        RATE_LIMIT_NOTIFY_PER_IP: '100000',
        ...gatewayEnv,
      },
    });
  }

  async start(): Promise<this> {
    // No notify URL is set at the fakes: the tests hand every notification to the service themselves.
    await this.platform.start();
    this.payment = createUnaryClient(
      loadService('invoiceplatform/payment/v1/payment.proto', 'invoiceplatform.payment.v1.PaymentService'),
      this.platform.paymentAddr,
      60_000,
    );
    this.invoiceService = createUnaryClient(
      loadService('invoiceplatform/invoice/v1/invoice.proto', 'invoiceplatform.invoice.v1.InvoiceService'),
      this.platform.invoiceAddr,
      30_000,
    );
    this.events = await new EventLog(this.platform.stack.KAFKA_BROKERS!).start();
    this.mongo = await connectMongo(
      this.platform.stack.MONGODB_URI!,
      `payment_test_${this.platform.runId}`,
      createLogger('payment-test', 'silent'),
    );
    this.models = registerModels(this.mongo);
    // Retention is the service's business; the tests only read what it stored.
    this.notifications = new NotificationStore(this.models, { verifiedMs: 0, refusedMs: 0 });
    return this;
  }

  async stop(): Promise<void> {
    this.payment?.close();
    this.invoiceService?.close();
    await this.events?.stop();
    await this.mongo?.close();
    await this.platform.stop();
    await Promise.all(Object.values(this.fakes).map((f) => f.stop()));
  }

  fake(provider: PaymentProvider): FakeProvider {
    const fake = this.fakes[provider];
    if (!fake) throw new Error(`no fake ${provider}`);
    return fake;
  }

  /**
   * A workspace with the provider connected (the fake's credentials) and an API key: by default a
   * test workspace with a sandbox connection, whose invoices sandbox payments mark paid
   * (docs/payments.md "Test mode"); `live` makes a live workspace, connected in `mode`.
   */
  async workspace(provider: PaymentProvider, live?: { mode: 'sandbox' | 'live' }): Promise<ApiClient> {
    const api = await this.platform.client('enterprise', 'unlimited', live ? {} : { name: 'Test Co', test_mode: true });
    const res = await this.platform.admin('POST', `/workspaces/${api.workspaceId}/payment-gateways`, {
      provider,
      mode: live?.mode ?? 'sandbox',
      credentials: this.fake(provider).credentials,
    });
    if (res.status !== 201) throw new Error(`connect ${provider}: ${res.status} ${JSON.stringify(res.body)}`);
    return api;
  }

  /** An unpaid invoice of `api`'s workspace that is paid online through `provider`. */
  async invoice(
    api: ApiClient,
    provider: PaymentProvider | null,
    body: Record<string, unknown> = {},
  ): Promise<Invoice> {
    const res = await api.call<{ data: { id: string } }>('POST', '/api/invoices/generate-external', {
      body: {
        customer_name: 'PT Maju Jaya',
        customer_email: 'billing@maju.example',
        currency: 'EUR',
        items: [{ description: 'Design work', quantity: 2, price: 62.25 }],
        ...(provider ? { payment_gateway: provider } : {}),
        ...body,
      },
    });
    if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
    return this.get(api, res.body.data.id);
  }

  async get(api: ApiClient, id: string): Promise<Invoice> {
    const res = await api.call<{ data: Invoice }>('GET', `/api/invoices/external/${id}`);
    if (res.status !== 200) throw new Error(`get invoice: ${res.status} ${res.text}`);
    return res.body.data;
  }

  /**
   * The online payments recorded on the invoice (decimal text), as the invoice service keeps them:
   * the API shows them only in events, so this reads the invoice service directly.
   */
  async received(invoiceId: string): Promise<string> {
    const inv = await this.invoiceService.call<{ amount_received: string }>('GetPublicInvoice', {
      invoice_id: invoiceId,
    });
    return inv.amount_received;
  }

  async setStatus(api: ApiClient, id: string, status: string): Promise<void> {
    const res = await api.call('PUT', `/api/invoices/external/${id}/status`, { body: { status } });
    if (res.status !== 200) throw new Error(`status ${status}: ${res.status} ${res.text}`);
  }

  startCheckout(invoiceId: string, returnUrl = `${this.platform.gateway.baseUrl}/p/invoice/${invoiceId}`) {
    return this.payment.call<{ redirect_url: string; provider: string; reused: boolean }>('StartCheckout', {
      invoice_id: invoiceId,
      return_url: returnUrl,
    });
  }

  /**
   * Hands a provider's notification to the payment service as the gateway's notify route does,
   * from the sender address `clientIp` (one of the provider's own, unless a test says otherwise).
   */
  handle(n: FakeNotification, clientIp = providerAddress()): Promise<HandleAnswer> {
    return this.payment.call<HandleAnswer>('HandleNotification', {
      provider: n.provider,
      body: Buffer.from(n.body, 'utf8'),
      headers: Object.entries(n.headers).map(([name, value]) => ({ name, value })),
      query: n.query,
      client_ip: clientIp,
    });
  }

  /**
   * The invoice's invoice.paid events once every event written before `fence` (an archive, whose
   * invoice.archived event follows them on the invoice's ordered stream) has arrived: a second
   * invoice.paid would be there by then.
   */
  async paidEventsBeforeFence(api: ApiClient, invoiceId: string): Promise<number> {
    const res = await api.call('PUT', `/api/invoices/external/${invoiceId}/archive`, { body: { is_archived: true } });
    if (res.status !== 200) throw new Error(`archive: ${res.status} ${res.text}`);
    const events = await this.events.waitFor(invoiceId, (e) => e.some((x) => x.type === 'invoice.archived'), 30_000);
    return events.filter((e) => e.type === 'invoice.paid').length;
  }
}
