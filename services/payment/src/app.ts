import { connectionAge } from '@invoice-platform/common/config';
import { type RunningGrpcServer, startGrpcServer } from '@invoice-platform/common/grpc/server';
import { Poller } from '@invoice-platform/common/poller';
import { connectPeer, platformService } from '@invoice-platform/common/services';
import type { Logger } from '@invoice-platform/common/logger';
import { connectMongo, mongoReachable } from '@invoice-platform/common/mongo';
import { createAdapters } from './adapters/index.ts';
import type { Config } from './config.ts';
import { paymentHandlers } from './grpc/handlers.ts';
import { CheckoutService } from './service/checkout.ts';
import { DueWork } from './service/due-work.ts';
import { NotificationRetention } from './service/notification-retention.ts';
import { NotificationService } from './service/notifications.ts';
import { Peers } from './service/peers.ts';
import { CheckoutStore } from './store/checkouts.ts';
import { runMigrations } from './store/migrations.ts';
import { registerModels } from './store/models.ts';
import { createModelIndexes } from '@invoice-platform/common/setup';
import { NotificationStore } from './store/notifications.ts';
import { ProviderCheckoutStore } from './store/provider-checkouts.ts';
import { SenderStore } from './store/senders.ts';

export interface PaymentApp {
  server: RunningGrpcServer;
  stop(): Promise<void>;
}

/**
 * Wires the payment service: Mongo (with its migrations), its peers, the provider adapters, the
 * use cases, the gRPC server and, once it listens, the due-work and retention pollers. main.ts
 * only runs it under signal handling.
 */
export async function startPaymentApp(config: Config, log: Logger): Promise<PaymentApp> {
  const conn = await connectMongo(config.MONGODB_URI, config.PAYMENT_DB_NAME, log);
  const models = registerModels(conn);
  await createModelIndexes(models);
  const retention = {
    verifiedMs: config.PAYMENT_NOTIFICATION_RETENTION_MS,
    refusedMs: config.PAYMENT_REFUSED_RETENTION_MS,
  };
  await runMigrations(models, retention, new Date(), config.PAYMENT_PAYPAL_RECHECK_FOR_MS);

  const invoice = connectPeer('invoice', config.INVOICE_ADDR, config.GRPC_TIMEOUT_MS);
  const accounts = connectPeer('accounts', config.ACCOUNTS_ADDR, config.GRPC_TIMEOUT_MS);
  const peers = new Peers({ invoice, accounts });
  const adapters = createAdapters({
    baseUrls: {
      stripe: config.PAYMENT_STRIPE_BASE_URL,
      mollie: config.PAYMENT_MOLLIE_BASE_URL,
      paypal: config.PAYMENT_PAYPAL_BASE_URL,
      midtrans: config.PAYMENT_MIDTRANS_BASE_URL,
      xendit: config.PAYMENT_XENDIT_BASE_URL,
      razorpay: config.PAYMENT_RAZORPAY_BASE_URL,
    },
    timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
  });
  const checkouts = new CheckoutStore(models);
  const providerCheckouts = new ProviderCheckoutStore(models);
  const notifications = new NotificationStore(models, retention);
  const recheck = { firstMs: config.PAYMENT_PAYPAL_RECHECK_FIRST_MS, forMs: config.PAYMENT_PAYPAL_RECHECK_FOR_MS };
  // Its pass runs the DueWork made below; it starts once the server listens.
  const dueWorkPoller = new Poller({
    pass: () => dueWork.runDue(),
    intervalMs: config.PAYMENT_DUE_WORK_INTERVAL_MS,
    log,
    failureMessage: 'provider checkout work failed',
  });
  const onDueWork = () => dueWorkPoller.notify();
  const checkout = new CheckoutService({
    checkouts,
    providerCheckouts,
    peers,
    adapters,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    // The lease outlasts the provider call it guards, so a live holder never loses it.
    leaseMs: Math.max(config.PAYMENT_CHECKOUT_LEASE_MS, config.PAYMENT_PROVIDER_TIMEOUT_MS + 5000),
    maxAgeMs: config.PAYMENT_CHECKOUT_MAX_AGE_MS,
    providerTimeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
    recheck,
    onDueWork,
    log,
  });
  const notificationService = new NotificationService({
    checkouts,
    providerCheckouts,
    notifications,
    senders: new SenderStore(models),
    peers,
    adapters,
    providerTimeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
    // A notification calls the provider at most twice (verify, settle) and the invoice service twice.
    claimLeaseMs: 2 * config.PAYMENT_PROVIDER_TIMEOUT_MS + 2 * config.GRPC_TIMEOUT_MS + 5000,
    limits: {
      callsPerCheckout: config.PAYMENT_PROVIDER_CALLS_PER_CHECKOUT,
      unverifiedCallsPerSender: config.PAYMENT_UNVERIFIED_CALLS_PER_IP,
      callsWindowMs: config.PAYMENT_PROVIDER_CALLS_WINDOW_MS,
      refusedSamplesPerHour: config.PAYMENT_REFUSED_SAMPLES_PER_HOUR,
    },
    onDueWork,
    log,
  });
  const dueWork = new DueWork({
    providerCheckouts,
    notifications: notificationService,
    peers,
    adapters,
    providerTimeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
    recheck,
    log,
  });
  const notificationRetention = new NotificationRetention({ notifications });
  const retentionPoller = new Poller({
    pass: () => notificationRetention.runPass(),
    intervalMs: config.PAYMENT_RETENTION_INTERVAL_MS,
    log,
    failureMessage: 'notification retention failed',
  });

  const server = await startGrpcServer({
    addr: config.PAYMENT_LISTEN_ADDR,
    connectionAge: connectionAge(config),
    services: [
      {
        service: platformService('payment'),
        handlers: paymentHandlers({
          checkout,
          notifications: notificationService,
          publicBaseUrl: config.PUBLIC_BASE_URL,
        }),
      },
    ],
    // Own dependencies only (docs/health.md): the database. Peers and providers are checked per call.
    isReady: () => mongoReachable(conn),
    log,
  });
  log.info({ addr: config.PAYMENT_LISTEN_ADDR, port: server.port }, 'payment listening');
  dueWorkPoller.start();
  retentionPoller.start();

  return {
    server,
    stop: async () => {
      await server.shutdown(config.SHUTDOWN_GRACE_MS);
      await dueWorkPoller.stop();
      await retentionPoller.stop();
      invoice.close();
      accounts.close();
      await conn.close();
    },
  };
}
