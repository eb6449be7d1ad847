import { closeHttp, listenHttp } from '@invoice-platform/common/http-server';
import { createKafka } from '@invoice-platform/common/kafka';
import type { Logger } from '@invoice-platform/common/logger';
import type { Server } from 'node:http';
import { createAdminApp } from './admin/app.ts';
import { closeTestHookPeers, connectTestHookPeers } from './admin/test-hooks.ts';
import type { Config } from './config.ts';
import { KafkaLink } from './events/kafka-link.ts';
import { GatewayHealth } from './health.ts';
import { createPublicApp } from './http/app.ts';
import { Authenticator } from './http/auth.ts';
import { ClientIpResolver } from './http/client-ip.ts';
import { createHandlers } from './http/handlers.ts';
import { IdempotencyStore } from './http/idempotency.ts';
import { buildOpenApi } from './http/openapi.ts';
import { buildAsyncApi } from './http/schemas/events.ts';
import { createPublicPageBackend } from './http/public/backend.ts';
import { openCreditNotePdf, openPublicPdf } from './http/public-pdf.ts';
import { parsePlanLimits, RateLimiter } from './http/rate-limit.ts';
import { RateLimitPolicy } from './http/rate-limit-policy.ts';
import { RenderBudget } from './http/render-budget.ts';
import { pageRoutes } from './http/schemas/public-page.ts';
import { publicRoutes } from './http/schemas/routes.ts';
import { connectRedis } from './redis.ts';
import { closePeers, connectPeers } from './service/peers.ts';

export interface GatewayApp {
  /** The public port's server (the API, the public page and files, the probes). */
  publicServer: Server;
  /** The admin port's server. */
  adminServer: Server;
  stop(): Promise<void>;
}

/**
 * Wires the gateway: Redis, the peers, the Kafka link, the public and the admin Koa apps and their
 * HTTP servers. main.ts only runs it under signal handling.
 */
export async function startGatewayApp(config: Config, log: Logger): Promise<GatewayApp> {
  const redis = await connectRedis(config, log);
  const peers = connectPeers(config);
  const { accounts, invoice, pdf, recurring, webhook } = peers;
  const testHooks = config.GATEWAY_TEST_HOOKS ? connectTestHookPeers(config) : undefined;
  const auth = new Authenticator({ accounts, ttlMs: config.AUTH_CACHE_TTL_MS });
  const kafka = new KafkaLink({ kafka: createKafka('gateway', config.KAFKA_BROKERS, log), auth, log });
  kafka.join();
  const health = new GatewayHealth({ redis, peers, kafka });

  let openapi: object | undefined;
  let asyncapi: object | undefined;
  const limiter = new RateLimiter({ redis, windowMs: config.RATE_LIMIT_WINDOW_MS });
  const publicApp = createPublicApp({
    log,
    routes: publicRoutes,
    handlers: createHandlers({
      invoice,
      pdf,
      recurring,
      idempotency: new IdempotencyStore({
        redis,
        ttlMs: config.IDEMPOTENCY_TTL_MS,
        leaseMs: config.IDEMPOTENCY_LEASE_MS,
        log,
      }),
      renders: new RenderBudget({
        limiter,
        forcedLimit: config.RENDER_FORCED_PER_WINDOW,
        failedLimit: config.RENDER_FAILED_PER_WINDOW,
      }),
    }),
    auth,
    rateLimits: new RateLimitPolicy({
      limiter,
      ipResolver: new ClientIpResolver(config.TRUSTED_PROXIES, config.TRUSTED_PROXY_HOPS),
      ipLimit: config.RATE_LIMIT_PER_IP,
      planLimits: parsePlanLimits(config.RATE_LIMIT_PLANS),
      notifyLimit: config.RATE_LIMIT_NOTIFY_PER_IP,
    }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    openapi: () =>
      (openapi ??= buildOpenApi(publicRoutes, { serverUrl: config.PUBLIC_BASE_URL, version: '1.0.0' }, pageRoutes)),
    asyncapi: () => (asyncapi ??= buildAsyncApi('1.0.0')),
    readiness: () => health.ready(),
    publicPdf: invoice && pdf ? (id) => openPublicPdf({ invoice, pdf }, id) : undefined,
    publicEInvoice: invoice ? (id) => invoice.call('GetPublicEInvoice', { invoice_id: id }) : undefined,
    publicCreditNotePdf: invoice && pdf ? (id) => openCreditNotePdf({ invoice, pdf }, id) : undefined,
    invoicePage: {
      backend: createPublicPageBackend(peers),
      publicBaseUrl: config.PUBLIC_BASE_URL,
      payRedirectSources: config.PAY_REDIRECT_SOURCES,
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
    testHooks,
    bodyLimit: config.BODY_LIMIT_BYTES,
    health: () => health.report(),
  });

  const publicServer = await listenHttp(publicApp, config.GATEWAY_HOST, config.GATEWAY_PORT, config.GATEWAY_REUSE_PORT);
  const adminServer = await listenHttp(
    adminApp,
    config.GATEWAY_ADMIN_HOST,
    config.GATEWAY_ADMIN_PORT,
    config.GATEWAY_REUSE_PORT,
  );
  log.info({ public: publicServer.address(), admin: adminServer.address() }, 'gateway listening');

  return {
    publicServer,
    adminServer,
    stop: async () => {
      kafka.stopJoining();
      await Promise.all([
        closeHttp(publicServer, config.SHUTDOWN_GRACE_MS),
        closeHttp(adminServer, config.SHUTDOWN_GRACE_MS),
      ]);
      await kafka.disconnect();
      closePeers(peers);
      if (testHooks) closeTestHookPeers(testHooks);
      redis.disconnect();
    },
  };
}
