import { Type } from '@sinclair/typebox';
import { commonConfig, grpcServerConfig, kafkaConfig, loadConfig, mongoConfig } from '@invoice-platform/common/config';

export const configSchema = Type.Object({
  ...commonConfig,
  ...grpcServerConfig,
  ...kafkaConfig,
  ...mongoConfig,
  WEBHOOK_LISTEN_ADDR: Type.String({ default: '127.0.0.1:15055' }),
  WEBHOOK_DB_NAME: Type.String({ default: 'webhook' }),
  /**
   * Keys sealing the signing secrets at rest: "id:base64 of 32 bytes", comma-separated, the first
   * sealing (common/secret-box.ts). No default: a deployment without its own key does not start.
   */
  WEBHOOK_SECRET_KEYS: Type.String({
    description: 'id:<base64 of 32 random bytes>, comma-separated, the first sealing',
    pattern: '^[A-Za-z0-9_-]{1,16}:[A-Za-z0-9+/]{43}=(,[A-Za-z0-9_-]{1,16}:[A-Za-z0-9+/]{43}=)*$',
  }),
  /** Accounts, for the plan check on registration and the owner's email on deactivation. */
  ACCOUNTS_ADDR: Type.String({ minLength: 1 }),
  GRPC_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10_000 }),
  /**
   * Where deactivation notices go out (docs/architecture.md#mail: a real SMTP server; the local
   * sink in dev).
   */
  SMTP_URL: Type.String({ pattern: '^smtps?://' }),
  WEBHOOK_MAIL_FROM: Type.String({ minLength: 3, default: 'Invoice platform <no-reply@invoice-platform.local>' }),
  /** Dev and tests only: http:// URLs whose host resolves to 127.0.0.1 or ::1 are allowed. */
  WEBHOOK_ALLOW_INSECURE_LOOPBACK: Type.Boolean({ default: false }),
  /** docs/architecture.md#webhooks: a 2xx within this time is a success. */
  WEBHOOK_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10_000 }),
  /** How often each replica looks for due attempts (retries; first attempts are sent at once). */
  WEBHOOK_DUE_POLL_MS: Type.Integer({ minimum: 50, default: 1000 }),
  /**
   * How long a sender holds a delivery or notice it claimed; it renews the lease every third of
   * this while it works, so only a sender that died or stalled leaves its work due again.
   */
  WEBHOOK_LEASE_MS: Type.Integer({ minimum: 1000, default: 60_000 }),
  /** Attempts one replica makes at the same time. */
  WEBHOOK_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 256, default: 16 }),
  /** Of those, what one workspace may hold at once (its fair share). */
  WEBHOOK_WORKSPACE_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 256, default: 4 }),
  /** Attempts made to one endpoint at once. */
  WEBHOOK_ENDPOINT_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 16, default: 2 }),
  /** Delivery logs and stored events are kept this long (docs/architecture.md#webhooks: 30 days). */
  WEBHOOK_RETENTION_DAYS: Type.Integer({ minimum: 1, default: 30 }),
  WEBHOOK_PURGE_INTERVAL_MS: Type.Integer({ minimum: 1000, default: 3_600_000 }),
  /** Serves the test hooks (testhooks/v1: the clock, a purge at another time or retention); tests only, refused under NODE_ENV=production. */
  WEBHOOK_TEST_HOOKS: Type.Boolean({ default: false }),
  /** With the test hooks: die after the first delivery of a fan-out to 2+ endpoints (crash tests). */
  WEBHOOK_TEST_CRASH_MID_FANOUT: Type.Boolean({ default: false }),
  /** With the test hooks: die after an attempt's POST answered, before its result is recorded (crash tests). */
  WEBHOOK_TEST_CRASH_AFTER_SEND: Type.Boolean({ default: false }),
});

export type Config = ReturnType<typeof loadWebhookConfig>;

export function loadWebhookConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(configSchema, env);
}
