import { type Static, type TObject, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * Reads one TypeBox schema over the environment. Every bad or missing key is reported in a
 * single error so an operator fixes the deployment in one pass, not one key per restart.
 */
export function loadConfig<T extends TObject>(
  schema: T,
  env: Record<string, string | undefined> = process.env,
): Static<T> {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const raw = env[key];
    if (raw !== undefined && raw !== '') picked[key] = raw;
  }
  const withDefaults = Value.Default(schema, picked);
  const converted = Value.Convert(schema, withDefaults);
  const errors = [...Value.Errors(schema, converted)];
  if (errors.length > 0) {
    // A key's `description` says in words what a pattern says in regex.
    const hint = (key: string) => {
      const description = (schema.properties[key] as { description?: string } | undefined)?.description;
      return description ? ` (${description})` : '';
    };
    const lines = errors.map((e) => `  ${e.path.slice(1) || '(root)'}: ${e.message}${hint(e.path.slice(1))}`);
    throw new Error(`Invalid configuration:\n${[...new Set(lines)].join('\n')}`);
  }
  const refused = [
    ...testFlagsInProduction(converted as Record<string, unknown>),
    ...localOnlySettingsInProduction(env),
  ];
  if (refused.length > 0) throw new Error(`Invalid configuration:\n${refused.join('\n')}`);
  return converted as Static<T>;
}

/** A service's test hooks and crash points (`<SERVICE>_TEST_HOOKS`, `<SERVICE>_TEST_CRASH_*`). */
const testFlag = /_TEST_(HOOKS|CRASH_[A-Z_]+)$/;

/**
 * Test machinery turned on under NODE_ENV=production: one line per flag. They move the
 * clock and kill the process at crash points, so a production start refuses them rather than
 * trusting every deployment to leave them off.
 */
export function testFlagsInProduction(config: Record<string, unknown>): string[] {
  if (config.NODE_ENV !== 'production') return [];
  return Object.entries(config)
    .filter(([key, value]) => testFlag.test(key) && value === true)
    .map(([key]) => `  ${key}: is for tests only and refused under NODE_ENV=production; unset it`);
}

/**
 * Settings only the local platform and tests have a use for, refused whenever set under
 * NODE_ENV=production (issue 29, docs/operations.md#local-only-settings), whatever their value and
 * whichever service is given them; the chart's values schema refuses them too.
 */
export const localOnlySettings: Readonly<Record<string, string>> = {
  WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'lets webhooks go to plain http:// on the pod itself',
  NODE_TLS_REJECT_UNAUTHORIZED: 'turns off the TLS certificate check of every call the process makes',
};

/**
 * What each PAYMENT_<PROVIDER>_BASE_URL may be under NODE_ENV=production: the provider's own API
 * base, exactly, or unset. Another base would have the payment service take a fake provider's
 * answers (a forged fetch-back marks an invoice paid); PayPal's sandbox host would check live
 * payments against free sandbox accounts. Midtrans has none: its base stands for two hosts (Snap
 * and Core API), so only the SDK's own, picked by the connection's mode, will do.
 */
export const productionProviderBaseUrls: Readonly<Record<string, readonly string[]>> = {
  PAYMENT_STRIPE_BASE_URL: ['https://api.stripe.com'],
  PAYMENT_MOLLIE_BASE_URL: ['https://api.mollie.com/v2/'],
  PAYMENT_PAYPAL_BASE_URL: ['https://api-m.paypal.com'],
  PAYMENT_MIDTRANS_BASE_URL: [],
  PAYMENT_XENDIT_BASE_URL: ['https://api.xendit.co'],
  PAYMENT_RAZORPAY_BASE_URL: ['https://api.razorpay.com'],
};

const providerBaseUrl = /^PAYMENT_[A-Z0-9]+_BASE_URL$/;

/**
 * The local-only settings in `env` when it is a production one (NODE_ENV=production): one line per
 * setting, naming it and what to do. Read from the environment itself, not a service's schema,
 * since Node reads NODE_TLS_REJECT_UNAUTHORIZED whichever service it is given to.
 */
export function localOnlySettingsInProduction(env: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const lines: string[] = [];
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined || value === '') continue;
    if (key in localOnlySettings)
      lines.push(`  ${key}: local-only (${localOnlySettings[key]}), refused under NODE_ENV=production; unset it`);
    else if (providerBaseUrl.test(key) && !(productionProviderBaseUrls[key] ?? []).includes(value)) {
      const allowed = productionProviderBaseUrls[key] ?? [];
      const fix = allowed.length > 0 ? `set it to ${allowed.join(' or ')} or unset it` : 'unset it';
      // The value is not repeated: a URL may carry credentials, and this line goes to the log.
      lines.push(`  ${key}: not the provider's own API base, refused under NODE_ENV=production; ${fix}`);
    }
  }
  return lines;
}

/** Env keys every service reads. */
export const commonConfig = {
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('test'), Type.Literal('production')], {
    default: 'development',
    description:
      'development, test or production; production refuses the test hooks, crash points and local-only settings',
  }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    {
      default: 'info',
      description: 'The least severe pino level logged: fatal, error, warn, info, debug, trace or silent',
    },
  ),
  // Read by the telemetry preload's SDK itself (docs/observability.md); checked here so a typo
  // stops the service at start instead of silently exporting nowhere.
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(
    Type.String({
      pattern: '^https?://[^\\s]+$',
      description: 'Where spans are exported, an http:// or https:// URL; unset: no trace export',
    }),
  ),
  SHUTDOWN_GRACE_MS: Type.Integer({
    minimum: 0,
    default: 10_000,
    description: 'On SIGTERM, how long work in flight may finish before the process exits anyway',
  }),
};

/**
 * Every gRPC server's cap on a connection's age (docs/scaling.md): clients then resolve the
 * service's name again, so a replica added by the HPA gets calls, and one turned unready stops
 * getting them, within GRPC_MAX_CONNECTION_AGE_MS; calls under way on the ended connection have
 * the grace to finish (the longest call, a generate, is cut at 60 s).
 */
export const grpcServerConfig = {
  GRPC_MAX_CONNECTION_AGE_MS: Type.Integer({
    minimum: 1000,
    default: 30_000,
    description:
      'A client connection is closed (GOAWAY) after this age, so clients resolve again and reach new replicas',
  }),
  GRPC_MAX_CONNECTION_AGE_GRACE_MS: Type.Integer({
    minimum: 0,
    default: 60_000,
    description: 'How long calls in flight on a connection closed for its age may still finish',
  }),
};

/**
 * Whether grpc-js asks the DNS server a target names (`dns://host:port/name:port`, the local
 * platform's; docs/scaling.md): only with its alternative resolver, which grpc-js reads from
 * GRPC_NODE_USE_ALTERNATIVE_RESOLVER once, as it loads. Without it, it ignores that server.
 */
export function grpcAsksTargetDnsServers(env: Record<string, string | undefined> = process.env): boolean {
  return env.GRPC_NODE_USE_ALTERNATIVE_RESOLVER === 'true';
}

/** The connection age of a service's gRPC server, from its config (grpcServerConfig). */
export function connectionAge(config: {
  GRPC_MAX_CONNECTION_AGE_MS: number;
  GRPC_MAX_CONNECTION_AGE_GRACE_MS: number;
}): { maxAgeMs: number; graceMs: number } {
  return { maxAgeMs: config.GRPC_MAX_CONNECTION_AGE_MS, graceMs: config.GRPC_MAX_CONNECTION_AGE_GRACE_MS };
}

export const kafkaConfig = {
  KAFKA_BROKERS: Type.String({ minLength: 1, description: 'Kafka brokers, a comma-separated host:port list' }),
  // Separate deployments sharing one Kafka (the parallel test platforms) each need their own group,
  // or they would take each other's events.
  KAFKA_CONSUMER_GROUP: Type.Optional(
    Type.String({
      minLength: 1,
      description: "Kafka consumer group; unset: the service's name. For deployments sharing one Kafka",
    }),
  ),
};

export const mongoConfig = {
  MONGODB_URI: Type.String({
    pattern: '^mongodb(\\+srv)?://',
    description:
      "The MongoDB-wire server (FerretDB, MongoDB), a mongodb:// or mongodb+srv:// URL with the service's user",
  }),
};

/** The topics setup (`setup-topics.ts`, run by the chart's setup Job); defaults are the local stack's. */
export const topicsConfigSchema = Type.Object({
  LOG_LEVEL: commonConfig.LOG_LEVEL,
  KAFKA_BROKERS: kafkaConfig.KAFKA_BROKERS,
  KAFKA_TOPIC_REPLICATION_FACTOR: Type.Integer({
    minimum: 1,
    default: 1,
    description: 'Replication factor of every topic the setup creates',
  }),
  KAFKA_TOPIC_RETENTION_MS: Type.Optional(
    Type.Integer({ minimum: -1, description: "retention.ms of every topic; unset: the broker's default" }),
  ),
  KAFKA_INVOICE_LIFECYCLE_PARTITIONS: Type.Integer({
    minimum: 1,
    default: 6,
    description: 'Partitions of invoice.lifecycle.v1; raised on an existing topic, never lowered',
  }),
  KAFKA_WORKSPACE_PARTITIONS: Type.Integer({
    minimum: 1,
    default: 6,
    description: 'Partitions of workspace.v1; raised on an existing topic, never lowered',
  }),
  KAFKA_RECURRING_PARTITIONS: Type.Integer({
    minimum: 1,
    default: 6,
    description: 'Partitions of recurring.v1 (series events); raised on an existing topic, never lowered',
  }),
});

export function loadTopicsConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(topicsConfigSchema, env);
}
