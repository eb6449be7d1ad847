import { createServer, type RequestListener, type Server } from 'node:http';
import { createUnaryClient, loadService } from '@invoice-platform/common/grpc';
import { createKafka } from '@invoice-platform/common/kafka';
import { runUntilSignalled } from '@invoice-platform/common/lifecycle';
import { createLogger } from '@invoice-platform/common/logger';
import { withTimeout } from '@invoice-platform/common/mongo';
import { startTelemetry } from '@invoice-platform/common/telemetry';
import { Redis } from 'ioredis';
import { createAdminApp } from './admin/app.ts';
import { loadGatewayConfig } from './config.ts';
import { startWorkspaceConsumer } from './events/workspace-consumer.ts';
import { createPublicApp } from './http/app.ts';
import { Authenticator } from './http/auth.ts';
import { ClientIpResolver } from './http/client-ip.ts';
import { RenderBudget } from './http/render-budget.ts';
import { createHandlers } from './http/handlers.ts';
import { IdempotencyStore } from './http/idempotency.ts';
import { buildOpenApi } from './http/openapi.ts';
import { createPublicPageBackend } from './http/public/backend.ts';
import { openPublicPdf } from './http/public-pdf.ts';
import { parsePlanLimits, RateLimiter } from './http/rate-limit.ts';
import { pageRoutes } from './http/schemas/public-page.ts';
import { publicRoutes } from './http/schemas/routes.ts';

const config = loadGatewayConfig();
const log = createLogger('gateway', config.LOG_LEVEL);
const telemetry = startTelemetry('gateway', config.OTEL_EXPORTER_OTLP_ENDPOINT);

function listen(app: { callback(): RequestListener }, host: string, port: number): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    const server = createServer(app.callback());
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

function close(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.closeAllConnections();
      resolve();
    }, graceMs);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}

runUntilSignalled(log, config.SHUTDOWN_GRACE_MS, async () => {
  // Fail fast instead of queueing while Redis is away: a request then gets a clear 503.
  const redis = new Redis(config.REDIS_URL, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    lazyConnect: true,
  });
  redis.on('error', (err) => log.warn({ err: err.message }, 'redis error'));
  await redis
    .connect()
    .catch((err: unknown) => log.warn({ err }, 'redis not reachable at start; retrying in background'));

  const accounts = createUnaryClient(
    loadService('invoiceplatform/accounts/v1/accounts.proto', 'invoiceplatform.accounts.v1.AccountsService'),
    config.ACCOUNTS_ADDR,
    config.GRPC_TIMEOUT_MS,
  );
  const optionalClient = (addr: string, file: string, name: string) =>
    addr ? createUnaryClient(loadService(file, name), addr, config.GRPC_TIMEOUT_MS) : undefined;
  const invoice = optionalClient(
    config.INVOICE_ADDR,
    'invoiceplatform/invoice/v1/invoice.proto',
    'invoiceplatform.invoice.v1.InvoiceService',
  );
  const pdf = optionalClient(config.PDF_ADDR, 'invoiceplatform/pdf/v1/pdf.proto', 'invoiceplatform.pdf.v1.PdfService');
  const recurring = optionalClient(
    config.RECURRING_ADDR,
    'invoiceplatform/recurring/v1/recurring.proto',
    'invoiceplatform.recurring.v1.RecurringService',
  );
  // Admin-only (webhook settings): not in `peers`, so its outage never makes the public API unready.
  const webhook = optionalClient(
    config.WEBHOOK_ADDR,
    'invoiceplatform/webhook/v1/webhook.proto',
    'invoiceplatform.webhook.v1.WebhookService',
  );
  // Public page only (Pay, notifications): its outage must not make the API unready either.
  const payment = optionalClient(
    config.PAYMENT_ADDR,
    'invoiceplatform/payment/v1/payment.proto',
    'invoiceplatform.payment.v1.PaymentService',
  );
  const peers = {
    accounts,
    ...(invoice ? { invoice } : {}),
    ...(pdf ? { pdf } : {}),
    ...(recurring ? { recurring } : {}),
  };
  const auth = new Authenticator(accounts, config.AUTH_CACHE_TTL_MS);
  const kafka = createKafka('gateway', config.KAFKA_BROKERS, log);
  const admin = kafka.admin();
  await admin.connect();
  let consumerUp = false;
  const consumer = await startWorkspaceConsumer(kafka, auth, log, (up) => (consumerUp = up));

  const check = async (fn: () => Promise<unknown>) => {
    try {
      await withTimeout(Promise.resolve(fn()), 1000);
      return true;
    } catch {
      return false;
    }
  };
  const readiness = async () => {
    const peerNames = Object.keys(peers) as (keyof typeof peers)[];
    const [redisOk, kafkaOk, ...peerOk] = await Promise.all([
      check(() => redis.ping()),
      check(() => admin.describeCluster()),
      ...peerNames.map((name) => peers[name]!.healthy(1000)),
    ]);
    const checks: Record<string, boolean> = { redis: redisOk, kafka: kafkaOk && consumerUp };
    peerNames.forEach((name, i) => (checks[name] = peerOk[i]!));
    return { ready: Object.values(checks).every(Boolean), checks };
  };

  let openapi: object | undefined;
  const limiter = new RateLimiter(redis, config.RATE_LIMIT_WINDOW_MS);
  const publicApp = createPublicApp({
    log,
    routes: publicRoutes,
    handlers: createHandlers(
      { invoice, pdf, recurring },
      new IdempotencyStore(redis, config.IDEMPOTENCY_TTL_MS),
      new RenderBudget(limiter, { forced: config.RENDER_FORCED_PER_WINDOW, failed: config.RENDER_FAILED_PER_WINDOW }),
    ),
    auth,
    limiter,
    ipResolver: new ClientIpResolver(config.TRUSTED_PROXIES, config.TRUSTED_PROXY_HOPS),
    ipLimit: config.RATE_LIMIT_PER_IP,
    planLimits: parsePlanLimits(config.RATE_LIMIT_PLANS),
    bodyLimit: config.BODY_LIMIT_BYTES,
    openapi: () =>
      (openapi ??= buildOpenApi(publicRoutes, { serverUrl: config.PUBLIC_BASE_URL, version: '1.0.0' }, pageRoutes)),
    readiness,
    publicPdf: invoice && pdf ? (id) => openPublicPdf(invoice, pdf, id) : undefined,
    invoicePage: {
      backend: createPublicPageBackend({ invoice, accounts, payment }),
      publicBaseUrl: config.PUBLIC_BASE_URL,
      payRedirectSources: config.PAY_REDIRECT_SOURCES,
      notifyLimit: config.RATE_LIMIT_NOTIFY_PER_IP,
    },
  });
  const adminApp = createAdminApp({
    log,
    authCache: auth,
    token: config.ADMIN_TOKEN,
    accounts,
    invoice,
    pdf,
    recurring,
    webhook,
    bodyLimit: config.BODY_LIMIT_BYTES,
  });

  const publicServer = await listen(publicApp, config.GATEWAY_HOST, config.GATEWAY_PORT);
  const adminServer = await listen(adminApp, config.GATEWAY_ADMIN_HOST, config.GATEWAY_ADMIN_PORT);
  log.info({ public: publicServer.address(), admin: adminServer.address() }, 'gateway listening');

  return async () => {
    await Promise.all([close(publicServer, config.SHUTDOWN_GRACE_MS), close(adminServer, config.SHUTDOWN_GRACE_MS)]);
    await consumer.disconnect();
    await admin.disconnect();
    for (const client of Object.values(peers)) client.close();
    webhook?.close();
    payment?.close();
    redis.disconnect();
    await telemetry.shutdown();
  };
});
