import { Type } from '@sinclair/typebox';
import { commonConfig, grpcServerConfig, kafkaConfig, loadConfig, mongoConfig } from '@invoice-platform/common/config';

export const configSchema = Type.Object({
  ...commonConfig,
  ...grpcServerConfig,
  ...kafkaConfig,
  ...mongoConfig,
  WEBHOOK_LISTEN_ADDR: Type.String({ default: '127.0.0.1:15055', description: 'host:port the gRPC server listens on' }),
  WEBHOOK_DB_NAME: Type.String({ default: 'webhook', description: 'Its MongoDB database' }),
  // No default: a deployment without its own key does not start.
  WEBHOOK_SECRET_KEYS: Type.String({
    description:
      "Keys sealing the endpoints' signing secrets at rest (common/secret-box.ts) (id:<base64 of 32 random bytes>, comma-separated, the first sealing)",
    pattern: '^[A-Za-z0-9_-]{1,16}:[A-Za-z0-9+/]{43}=(,[A-Za-z0-9_-]{1,16}:[A-Za-z0-9+/]{43}=)*$',
  }),
  ACCOUNTS_ADDR: Type.String({
    minLength: 1,
    description: "The accounts service, for the plan check on registration and the owner's email on deactivation",
  }),
  GRPC_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10_000, description: 'Deadline of its calls to accounts' }),
  SMTP_URL: Type.String({
    pattern: '^smtps?://',
    description:
      'Where deactivation notices go out, an smtp:// or smtps:// URL (docs/architecture.md#mail: a real SMTP server; the local sink in dev)',
  }),
  WEBHOOK_MAIL_FROM: Type.String({
    minLength: 3,
    default: 'Invoice platform <no-reply@invoice-platform.local>',
    description: "From of the deactivation notices, an address with a domain: the notices' Message-IDs end in it",
  }),
  WEBHOOK_ALLOW_INSECURE_LOOPBACK: Type.Boolean({
    default: false,
    description:
      'Dev and tests only: allows http:// URLs whose host resolves to 127.0.0.1 or ::1; refused under NODE_ENV=production (docs/operations.md#local-only-settings)',
  }),
  WEBHOOK_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    default: 10_000,
    description: 'A 2xx within this time is a success (docs/architecture.md#webhooks)',
  }),
  WEBHOOK_DUE_POLL_MS: Type.Integer({
    minimum: 50,
    default: 1000,
    description: 'How often each replica looks for due attempts (retries; first attempts are sent at once)',
  }),
  WEBHOOK_LEASE_MS: Type.Integer({
    minimum: 1000,
    default: 60_000,
    description:
      'How long a sender holds a delivery or notice it claimed, renewed every third of it while it works: only a sender that died or stalled leaves its work due again',
  }),
  WEBHOOK_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 256,
    default: 16,
    description: 'Attempts one replica makes at the same time',
  }),
  WEBHOOK_WORKSPACE_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 256,
    default: 4,
    description: 'Of those, what one workspace may hold at once (its fair share)',
  }),
  WEBHOOK_ENDPOINT_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 16,
    default: 2,
    description: 'Attempts made to one endpoint at once',
  }),
  WEBHOOK_RETENTION_DAYS: Type.Integer({
    minimum: 1,
    default: 30,
    description: 'Delivery logs and stored events are kept this long (docs/architecture.md#webhooks)',
  }),
  WEBHOOK_PURGE_INTERVAL_MS: Type.Integer({
    minimum: 1000,
    default: 3_600_000,
    description: 'How often the purge of expired delivery logs, events and notices runs',
  }),
  WEBHOOK_TEST_HOOKS: Type.Boolean({
    default: false,
    description:
      'Serves the test hooks (testhooks/v1: the clock, a purge at another time or retention); tests only, refused under NODE_ENV=production',
  }),
  WEBHOOK_TEST_CRASH_MID_FANOUT: Type.Boolean({
    default: false,
    description: 'With the test hooks: die after the first delivery of a fan-out to 2+ endpoints (crash tests)',
  }),
  WEBHOOK_TEST_CRASH_AFTER_SEND: Type.Boolean({
    default: false,
    description:
      "With the test hooks: die after an attempt's POST answered, before its result is recorded (crash tests)",
  }),
});

export type Config = ReturnType<typeof loadWebhookConfig>;

export function loadWebhookConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(configSchema, env);
}
