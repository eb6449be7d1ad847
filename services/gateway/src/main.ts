import { createServer, type RequestListener, type Server } from 'node:http';
import { createKafka } from '@invoice-platform/common/kafka';
import { runUntilSignalled } from '@invoice-platform/common/lifecycle';
import { createLogger } from '@invoice-platform/common/logger';
import { withTimeout } from '@invoice-platform/common/mongo';
import { connectPeer, type ServiceName } from '@invoice-platform/common/services';
import { Redis } from 'ioredis';
import type { Consumer } from 'kafkajs';
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

/**
 * Runs `start` until it succeeds, waiting longer after each failure (at most 5 s); gives up only
 * when the process stops. The waits do not keep the process alive.
 */
async function retryInBackground<T>(
  what: string,
  start: () => Promise<T>,
  logger: typeof log,
  stopped: () => boolean,
): Promise<T | undefined> {
  for (let attempt = 1; !stopped(); attempt++) {
    try {
      return await start();
    } catch (err) {
      const waitMs = Math.min(5000, 200 * 2 ** attempt);
      logger.warn({ what, attempt, err: (err as Error).message, waitMs }, 'kafka not reachable yet; retrying');
      await new Promise((resolve) => setTimeout(resolve, waitMs).unref());
    }
  }
  return undefined;
}

runUntilSignalled(log, config.SHUTDOWN_GRACE_MS, async () => {
  // Fail fast instead of queueing while Redis is away: a request then gets a clear 503.
  const redis = new Redis(config.REDIS_URL, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: config.REDIS_COMMAND_TIMEOUT_MS,
    lazyConnect: true,
  });
  redis.on('error', (err) => log.warn({ err: err.message }, 'redis error'));
  await redis
    .connect()
    .catch((err: unknown) => log.warn({ err }, 'redis not reachable at start; retrying in background'));

  const accounts = connectPeer('accounts', config.ACCOUNTS_ADDR, config.GRPC_TIMEOUT_MS);
  // Peers left unset are not deployed: their routes answer 501.
  const optionalPeer = <N extends ServiceName>(name: N, addr: string) =>
    addr ? connectPeer(name, addr, config.GRPC_TIMEOUT_MS) : undefined;
  const invoice = optionalPeer('invoice', config.INVOICE_ADDR);
  const pdf = optionalPeer('pdf', config.PDF_ADDR);
  const recurring = optionalPeer('recurring', config.RECURRING_ADDR);
  // Admin-only (webhook settings).
  const webhook = optionalPeer('webhook', config.WEBHOOK_ADDR);
  // Public page only (Pay, notifications).
  const payment = optionalPeer('payment', config.PAYMENT_ADDR);
  const auth = new Authenticator(accounts, config.AUTH_CACHE_TTL_MS);

  // Kafka only carries cache invalidations here (the auth cache's TTL bounds what a missed one
  // costs), so the gateway listens at once and joins in the background, retrying for as long as it
  // runs (docs/health.md).
  let stopping = false;
  const kafka = createKafka('gateway', config.KAFKA_BROKERS, log);
  const admin = kafka.admin();
  let adminConnected = false;
  admin.on(admin.events.CONNECT, () => (adminConnected = true));
  admin.on(admin.events.DISCONNECT, () => (adminConnected = false));
  let consumerUp = false;
  let consumer: Consumer | undefined;
  void retryInBackground(
    'kafka admin',
    () => admin.connect(),
    log,
    () => stopping,
  );
  void retryInBackground(
    'workspace.v1 consumer',
    () => startWorkspaceConsumer(kafka, auth, log, (up) => (consumerUp = up)),
    log,
    () => stopping,
  ).then((c) => {
    consumer = c;
    if (stopping) void c?.disconnect().catch(() => undefined);
  });

  const check = async (fn: () => Promise<unknown>) => {
    try {
      await withTimeout(Promise.resolve(fn()), 1000);
      return true;
    } catch {
      return false;
    }
  };
  // What this gateway needs for every request it serves: the rate limiter and authentication.
  // A peer that is down only takes its own routes down (a 503 with Retry-After), so it must not
  // take the gateway out of its Service (docs/health.md).
  const readiness = async () => {
    const [redisOk, accountsOk] = await Promise.all([check(() => redis.ping()), accounts.healthy(1000)]);
    return redisOk && accountsOk;
  };
  const peers = { accounts, invoice, pdf, recurring, webhook, payment };
  // The operators' view, on the admin port only: every dependency, named.
  const health = async () => {
    const configured = Object.entries(peers).filter(
      (e): e is [string, NonNullable<(typeof peers)[keyof typeof peers]>] => e[1] !== undefined,
    );
    const [redisOk, kafkaOk, ...peerOk] = await Promise.all([
      check(() => redis.ping()),
      adminConnected ? check(() => admin.describeCluster()) : Promise.resolve(false),
      ...configured.map(([, client]) => client.healthy(1000)),
    ]);
    const checks: Record<string, boolean> = {
      redis: redisOk,
      kafka: kafkaOk,
      workspace_consumer: consumerUp,
    };
    configured.forEach(([name], i) => (checks[name] = peerOk[i]!));
    return checks;
  };

  let openapi: object | undefined;
  const limiter = new RateLimiter(redis, config.RATE_LIMIT_WINDOW_MS);
  const publicApp = createPublicApp({
    log,
    routes: publicRoutes,
    handlers: createHandlers(
      { invoice, pdf, recurring },
      new IdempotencyStore(redis, { ttlMs: config.IDEMPOTENCY_TTL_MS, leaseMs: config.IDEMPOTENCY_LEASE_MS, log }),
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
    tokens: [config.ADMIN_TOKEN, ...(config.ADMIN_TOKEN_PREVIOUS ? [config.ADMIN_TOKEN_PREVIOUS] : [])],
    accounts,
    invoice,
    pdf,
    recurring,
    webhook,
    bodyLimit: config.BODY_LIMIT_BYTES,
    health,
  });

  const publicServer = await listen(publicApp, config.GATEWAY_HOST, config.GATEWAY_PORT);
  const adminServer = await listen(adminApp, config.GATEWAY_ADMIN_HOST, config.GATEWAY_ADMIN_PORT);
  log.info({ public: publicServer.address(), admin: adminServer.address() }, 'gateway listening');

  return async () => {
    stopping = true;
    await Promise.all([close(publicServer, config.SHUTDOWN_GRACE_MS), close(adminServer, config.SHUTDOWN_GRACE_MS)]);
    await consumer?.disconnect().catch(() => undefined);
    await admin.disconnect().catch(() => undefined);
    for (const client of Object.values(peers)) client?.close();
    redis.disconnect();
  };
});
