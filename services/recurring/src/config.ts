import { Type } from '@sinclair/typebox';
import { commonConfig, grpcServerConfig, kafkaConfig, loadConfig, mongoConfig } from '@invoice-platform/common/config';

export const configSchema = Type.Object({
  ...commonConfig,
  ...grpcServerConfig,
  ...kafkaConfig,
  ...mongoConfig,
  RECURRING_LISTEN_ADDR: Type.String({ default: '127.0.0.1:15053' }),
  RECURRING_DB_NAME: Type.String({ default: 'recurring' }),
  ACCOUNTS_ADDR: Type.String({ minLength: 1 }),
  INVOICE_ADDR: Type.String({ minLength: 1 }),
  PDF_ADDR: Type.String({ minLength: 1 }),
  SMTP_URL: Type.String({ pattern: '^smtps?://' }),
  /** The From header; its address's domain is also the right side of follow-up Message-IDs (docs/architecture.md#mail). */
  MAIL_FROM: Type.String({ default: 'Invoices <invoices@invoice-platform.local>' }),
  /** The public {base_url}, for the invoice link in emails. */
  PUBLIC_BASE_URL: Type.String({ pattern: '^https?://', default: 'http://127.0.0.1:8080' }),
  GRPC_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 30_000 }),
  /** How often the scheduler looks for due occurrences. */
  SCHEDULER_INTERVAL_MS: Type.Integer({ minimum: 100, default: 30_000 }),
  /**
   * A scheduler worker's lease on an occurrence (renewed while it works): one whose replica died or
   * stalled this long is due again for another. Also how long a series change holds the occurrences it removes.
   */
  SCHEDULER_LEASE_MS: Type.Integer({ minimum: 1000, default: 120_000 }),
  /** How many due occurrences one replica's pass works at once (docs/scaling.md). */
  SCHEDULER_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 64, default: 4 }),
  /**
   * The try of a follow-up whose refusal for the workspace's own data (a ValidationError: a payment
   * gateway or legal profile it needs, a currency its provider cannot take) pauses its series and
   * tells the owner (docs/architecture.md#recurring). Tries are 1, 2, 4 … minutes apart: 5 pauses
   * about 15 minutes after the follow-up was due.
   */
  RECURRING_PAUSE_AFTER_REFUSALS: Type.Integer({ minimum: 1, maximum: 20, default: 5 }),
  /** Serves the test hooks (testhooks/v1: the clock, a pass at a given time); tests only, refused under NODE_ENV=production. */
  RECURRING_TEST_HOOKS: Type.Boolean({ default: false }),
  /** With the test hooks: die right after a follow-up is generated, before recording it (crash tests). */
  RECURRING_TEST_CRASH_AFTER_GENERATE: Type.Boolean({ default: false }),
});

export type Config = ReturnType<typeof loadRecurringConfig>;

export function loadRecurringConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(configSchema, env);
}
