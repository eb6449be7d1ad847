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
  GATEWAY_HOST: Type.String({ default: '127.0.0.1', description: 'Host the public API listens on' }),
  GATEWAY_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080, description: 'Port of the public API' }),
  GATEWAY_ADMIN_HOST: Type.String({ default: '127.0.0.1', description: 'Host the admin API listens on' }),
  GATEWAY_ADMIN_PORT: Type.Integer({
    minimum: 0,
    maximum: 65535,
    default: 8081,
    description: 'Port of the admin API, never routed by the ingress',
  }),
  GATEWAY_REUSE_PORT: Type.Boolean({
    default: false,
    description:
      'Listen with SO_REUSEPORT, so gateway copies on one host share both ports (up.sh --replicas N); off, a second process on a taken port fails to start',
  }),
  GATEWAY_TEST_HOOKS: Type.Boolean({
    default: false,
    description:
      "Registers the admin API's test routes (the services' clocks, the passes at a given now or retention); tests only, refused under NODE_ENV=production",
  }),
  ADMIN_TOKEN: Type.String({
    minLength: 24,
    description: "Bearer token of the admin API (the dashboard's back door), 24+ characters",
  }),
  ADMIN_TOKEN_PREVIOUS: Type.Optional(
    Type.String({
      minLength: 24,
      description:
        'The admin token being rotated out, still accepted while callers move to ADMIN_TOKEN (docs/operations.md, "Rotate the admin token"); unset once they have',
    }),
  ),
  PUBLIC_BASE_URL: Type.String({
    pattern: '^https?://',
    default: 'http://127.0.0.1:8080',
    description: 'The public {base_url}: used in pdf_url and the public invoice page',
  }),
  REDIS_URL: Type.String({
    pattern: '^rediss?://',
    description: 'Redis, a redis:// or rediss:// URL: rate-limit windows and Idempotency-Keys',
  }),
  REDIS_COMMAND_TIMEOUT_MS: Type.Integer({
    minimum: 50,
    maximum: 60_000,
    default: 1000,
    description: 'A Redis command not answered within this fails, so a hung Redis is a quick 503, not a hung request',
  }),
  ACCOUNTS_ADDR: Type.String({
    minLength: 1,
    description:
      'The accounts service (keys, workspaces); a dns: target is balanced per call over every address it resolves to (docs/scaling.md)',
  }),
  INVOICE_ADDR: Type.String({
    default: '',
    description: 'The invoice service; empty (not deployed): its routes answer 501',
  }),
  RECURRING_ADDR: Type.String({
    default: '',
    description: 'The recurring service; empty (not deployed): its routes answer 501',
  }),
  PDF_ADDR: Type.String({ default: '', description: 'The pdf service; empty (not deployed): its routes answer 501' }),
  WEBHOOK_ADDR: Type.String({
    default: '',
    description: 'Admin-only peer: the webhook settings routes answer 501 without it; not part of readiness',
  }),
  PAYMENT_ADDR: Type.String({
    default: '',
    description:
      "The payment service, behind the public page's Pay form and the providers' notification routes (a 503 without it, so providers retry); not part of readiness",
  }),
  /**
   * Schemes or origins separated by spaces, nothing that could end the directive. Providers'
   * checkouts are all https; tests add the origin of their local fake.
   */
  PAY_REDIRECT_SOURCES: Type.String({
    pattern: `^${cspSource}( +${cspSource})*$`,
    default: 'https:',
    description:
      'CSP sources the public page\'s form-action adds for the 303 redirect to a provider\'s checkout (docs/public-page.md), separated by spaces, e.g. "https:" or "https://checkout.stripe.com http://127.0.0.1:4000"',
  }),
  IDEMPOTENCY_TTL_MS: Type.Integer({
    minimum: 1000,
    default: 86_400_000,
    description: 'How long an Idempotency-Key and its response are kept (OpenAPI generateInvoice: 24 hours)',
  }),
  /** Several times REDIS_COMMAND_TIMEOUT_MS, so one slow renewal loses nothing. */
  IDEMPOTENCY_LEASE_MS: Type.Integer({
    minimum: 1000,
    maximum: 600_000,
    default: 10_000,
    description:
      "How long an Idempotency-Key stays in flight (409 to a repeat) past its request's last renewal, renewed every third of it: after a gateway crash a retry is served within it",
  }),
  GRPC_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    default: 30_000,
    description: 'Deadline of its calls to other services',
  }),
  TRUSTED_PROXIES: Type.String({
    default: '',
    description:
      'Comma-separated IPs or CIDRs of proxies whose X-Forwarded-For is believed for the IP limit; IPv6 clients count per /64',
  }),
  RENDER_FORCED_PER_WINDOW: Type.Integer({
    minimum: 1,
    default: 20,
    description: 'Forced PDF re-renders (POST …/pdf {"force":true}) per workspace per rate window; past it, 429',
  }),
  RENDER_FAILED_PER_WINDOW: Type.Integer({
    minimum: 1,
    default: 10,
    description: 'Generates whose PDF failed to render (no credit used) per workspace per rate window; past it, 429',
  }),
  TRUSTED_PROXY_HOPS: Type.Integer({
    minimum: 0,
    maximum: 10,
    default: 0,
    description:
      'Proxies in front of the gateway that append to X-Forwarded-For (1 behind an ingress controller); 0: read past every trusted hop',
  }),
  RATE_LIMIT_WINDOW_MS: Type.Integer({
    minimum: 1000,
    default: 60_000,
    description: 'Length of the sliding rate-limit window (docs/architecture.md#rate-limits)',
  }),
  RATE_LIMIT_PER_IP: Type.Integer({ minimum: 1, default: 30, description: 'Requests per IP per window' }),
  RATE_LIMIT_NOTIFY_PER_IP: Type.Integer({
    minimum: 1,
    default: 600,
    description: 'Payment notifications per IP per window, counted apart from page and API requests',
  }),
  RATE_LIMIT_PLANS: Type.Optional(
    Type.String({
      pattern: planLimitsPattern(),
      description: `Per-plan workspace limits overriding the defaults of docs/architecture.md#rate-limits (a JSON object of positive integers by plan (${Object.keys(defaultPlanLimits).join(', ')}), e.g. {"professional":15})`,
    }),
  ),
  AUTH_CACHE_TTL_MS: Type.Integer({
    minimum: 0,
    default: 30_000,
    description: 'Upper bound on a cached key lookup; changes invalidate it at once via workspace.v1',
  }),
  BODY_LIMIT_BYTES: Type.Integer({
    minimum: 1024,
    default: 1_048_576,
    description: 'Request body limit (a 400 ValidationError beyond)',
  }),
});

export type Config = ReturnType<typeof loadGatewayConfig>;

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(configSchema, env);
}
