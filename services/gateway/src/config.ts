import { Type } from '@sinclair/typebox';
import { commonConfig, kafkaConfig, loadConfig } from '@invoice-platform/common/config';
import { defaultPlanLimits } from './http/rate-limit.ts';

/**
 * A JSON object of positive integers under the names of the plans with API access, and nothing
 * else: a misspelt plan must stop the start, not leave that plan on its default limit. As a
 * pattern, so it is reported with every other bad key at once.
 */
function planLimitsPattern(): string {
  const space = '[ \\t\\n\\r]*';
  const entry = `${space}"(${Object.keys(defaultPlanLimits).join('|')})"${space}:${space}[1-9][0-9]{0,8}${space}`;
  return `^${space}\\{(${entry}(,${entry})*|${space})\\}${space}$`;
}

/** One CSP source: a scheme (https:) or an http(s) origin with an optional port; no quote, space or ;. */
const cspSource = '(https?:|https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?)';

export const configSchema = Type.Object({
  ...commonConfig,
  ...kafkaConfig,
  GATEWAY_HOST: Type.String({ default: '127.0.0.1' }),
  GATEWAY_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  GATEWAY_ADMIN_HOST: Type.String({ default: '127.0.0.1' }),
  GATEWAY_ADMIN_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8081 }),
  /**
   * Shares both ports with the other gateway replicas on this host (the local platform's
   * `up.sh --replicas N`); off, a second process on a taken port fails to start instead.
   */
  GATEWAY_REUSE_PORT: Type.Boolean({ default: false }),
  /**
   * The admin API's test routes (the services' clocks, and the passes at a given `now` or
   * retention): registered only when on, which a production start refuses (common/config.ts).
   */
  GATEWAY_TEST_HOOKS: Type.Boolean({ default: false }),
  /** Bearer token of the admin API (the dashboard's back door); never routed by the ingress. */
  ADMIN_TOKEN: Type.String({ minLength: 24 }),
  /**
   * The token being rotated out, still accepted while callers move to ADMIN_TOKEN
   * (docs/operations.md, "Rotate the admin token"); unset once they have.
   */
  ADMIN_TOKEN_PREVIOUS: Type.Optional(Type.String({ minLength: 24 })),
  /** The public {base_url}: used in pdf_url and the public invoice page. */
  PUBLIC_BASE_URL: Type.String({ pattern: '^https?://', default: 'http://127.0.0.1:8080' }),
  REDIS_URL: Type.String({ pattern: '^rediss?://' }),
  /** A Redis command not answered within this fails, so a hung Redis is a quick 503, not a hung request. */
  REDIS_COMMAND_TIMEOUT_MS: Type.Integer({ minimum: 50, maximum: 60_000, default: 1000 }),
  ACCOUNTS_ADDR: Type.String({ minLength: 1 }),
  /** Peers not deployed yet leave these empty: their routes answer 501. */
  INVOICE_ADDR: Type.String({ default: '' }),
  RECURRING_ADDR: Type.String({ default: '' }),
  PDF_ADDR: Type.String({ default: '' }),
  /** Admin-only peer: the webhook settings routes answer 501 without it; not part of readiness. */
  WEBHOOK_ADDR: Type.String({ default: '' }),
  /**
   * The payment service, behind the public page's Pay form and the providers' notification routes
   * (a 503 without it, so providers retry); not part of readiness, like the webhook peer.
   */
  PAYMENT_ADDR: Type.String({ default: '' }),
  /**
   * CSP sources the public page's form-action adds for the 303 redirect to a provider's checkout
   * (docs/public-page.md): schemes or origins separated by spaces, nothing that could end the
   * directive. Providers' checkouts are all https; tests add the origin of their local fake.
   */
  PAY_REDIRECT_SOURCES: Type.String({
    pattern: `^${cspSource}( +${cspSource})*$`,
    default: 'https:',
    description:
      'CSP sources separated by spaces, e.g. "https:" or "https://checkout.stripe.com http://127.0.0.1:4000"',
  }),
  /** How long an Idempotency-Key and its response are kept (OpenAPI `generateInvoice`: 24 hours). */
  IDEMPOTENCY_TTL_MS: Type.Integer({ minimum: 1000, default: 86_400_000 }),
  /**
   * How long an Idempotency-Key stays "in flight" (409 to a repeat) past its request's last sign of
   * life: renewed every third of it while the request runs, so after a gateway crash a retry is
   * served within this. Several times REDIS_COMMAND_TIMEOUT_MS, so one slow renewal loses nothing.
   */
  IDEMPOTENCY_LEASE_MS: Type.Integer({ minimum: 1000, maximum: 600_000, default: 10_000 }),
  GRPC_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 30_000 }),
  /** Comma-separated IPs or CIDRs of proxies whose X-Forwarded-For is believed. */
  TRUSTED_PROXIES: Type.String({ default: '' }),
  /** Forced PDF re-renders (POST …/pdf {"force":true}) per workspace per rate window; past it, 429. */
  RENDER_FORCED_PER_WINDOW: Type.Integer({ minimum: 1, default: 20 }),
  /** Generates whose PDF failed to render (no credit used) per workspace per rate window; past it, 429. */
  RENDER_FAILED_PER_WINDOW: Type.Integer({ minimum: 1, default: 10 }),
  /** Proxies in front of the gateway that append to X-Forwarded-For (1 behind an ingress controller); 0: read past every trusted hop. */
  TRUSTED_PROXY_HOPS: Type.Integer({ minimum: 0, maximum: 10, default: 0 }),
  RATE_LIMIT_WINDOW_MS: Type.Integer({ minimum: 1000, default: 60_000 }),
  RATE_LIMIT_PER_IP: Type.Integer({ minimum: 1, default: 30 }),
  /** Payment notifications per IP per window, counted apart from page and API requests. */
  RATE_LIMIT_NOTIFY_PER_IP: Type.Integer({ minimum: 1, default: 600 }),
  /**
   * JSON object of per-plan workspace limits overriding the defaults of
   * docs/architecture.md#rate-limits, e.g. {"professional":15}.
   */
  RATE_LIMIT_PLANS: Type.Optional(
    Type.String({
      pattern: planLimitsPattern(),
      description: `a JSON object of positive integers by plan (${Object.keys(defaultPlanLimits).join(', ')}), e.g. {"professional":15}`,
    }),
  ),
  AUTH_CACHE_TTL_MS: Type.Integer({ minimum: 0, default: 30_000 }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 1_048_576 }),
});

export type Config = ReturnType<typeof loadGatewayConfig>;

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(configSchema, env);
}
