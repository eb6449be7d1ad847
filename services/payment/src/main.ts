import { startGrpcServer } from '@invoice-platform/common/grpc';
import { connectPeer, platformService } from '@invoice-platform/common/services';
import { runUntilSignalled } from '@invoice-platform/common/lifecycle';
import { createLogger } from '@invoice-platform/common/logger';
import { connectMongo, mongoReachable } from '@invoice-platform/common/mongo';
import { createAdapters } from './adapters/index.ts';
import { loadPaymentConfig } from './config.ts';
import { paymentHandlers } from './grpc/handlers.ts';
import { CheckoutService } from './service/checkout.ts';
import { NotificationService } from './service/notifications.ts';
import { Peers } from './service/peers.ts';
import { CheckoutStore } from './store/checkouts.ts';
import { registerModels } from './store/models.ts';
import { createModelIndexes } from '@invoice-platform/common/setup';
import { NotificationStore } from './store/notifications.ts';

const config = loadPaymentConfig();
const log = createLogger('payment', config.LOG_LEVEL);

runUntilSignalled(log, config.SHUTDOWN_GRACE_MS, async () => {
  const conn = await connectMongo(config.MONGODB_URI, config.PAYMENT_DB_NAME, log);
  const models = registerModels(conn);
  await createModelIndexes(models);

  const invoice = connectPeer('invoice', config.INVOICE_ADDR, config.GRPC_TIMEOUT_MS);
  const accounts = connectPeer('accounts', config.ACCOUNTS_ADDR, config.GRPC_TIMEOUT_MS);
  const peers = new Peers(invoice, accounts);
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
  const notifications = new NotificationStore(models);
  const checkout = new CheckoutService({
    checkouts,
    peers,
    adapters,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    // The lease outlasts the provider call it guards, so a live holder never loses it.
    leaseMs: Math.max(config.PAYMENT_CHECKOUT_LEASE_MS, config.PAYMENT_PROVIDER_TIMEOUT_MS + 5000),
    maxAgeMs: config.PAYMENT_CHECKOUT_MAX_AGE_MS,
    providerTimeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
    log,
  });
  const notificationService = new NotificationService({
    checkouts,
    notifications,
    peers,
    adapters,
    providerTimeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
    // A notification calls the provider at most twice (verify, settle) and the invoice service twice.
    claimLeaseMs: 2 * config.PAYMENT_PROVIDER_TIMEOUT_MS + 2 * config.GRPC_TIMEOUT_MS + 5000,
    log,
  });

  const server = await startGrpcServer({
    addr: config.PAYMENT_LISTEN_ADDR,
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

  return async () => {
    await server.shutdown(config.SHUTDOWN_GRACE_MS);
    invoice.close();
    accounts.close();
    await conn.close();
  };
});
