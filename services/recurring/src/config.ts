import { Type } from '@sinclair/typebox';
import { commonConfig, grpcServerConfig, kafkaConfig, loadConfig, mongoConfig } from '@invoice-platform/common/config';

export const configSchema = Type.Object({
  ...commonConfig,
  ...grpcServerConfig,
  ...kafkaConfig,
  ...mongoConfig,
  RECURRING_LISTEN_ADDR: Type.String({
    default: '127.0.0.1:15053',
    description: 'host:port the gRPC server listens on',
  }),
  RECURRING_DB_NAME: Type.String({ default: 'recurring', description: 'Its MongoDB database' }),
  ACCOUNTS_ADDR: Type.String({ minLength: 1, description: 'The accounts service (plans, owners, time zones)' }),
  INVOICE_ADDR: Type.String({ minLength: 1, description: 'The invoice service, which generates the follow-ups' }),
  PDF_ADDR: Type.String({ minLength: 1, description: "The pdf service, for the follow-up email's PDF" }),
  SMTP_URL: Type.String({ pattern: '^smtps?://', description: 'Outgoing mail, an smtp:// or smtps:// URL' }),
  MAIL_FROM: Type.String({
    default: 'Invoices <invoices@invoice-platform.local>',
    description:
      "The From header; its address's domain is also the right side of follow-up Message-IDs (docs/architecture.md#mail)",
  }),
  PUBLIC_BASE_URL: Type.String({
    pattern: '^https?://',
    default: 'http://127.0.0.1:8080',
    description: 'The public {base_url}, for the invoice link in emails',
  }),
  GRPC_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    default: 30_000,
    description: 'Deadline of its calls to other services',
  }),
  SCHEDULER_INTERVAL_MS: Type.Integer({
    minimum: 100,
    default: 30_000,
    description: 'How often the scheduler looks for due occurrences',
  }),
  SCHEDULER_LEASE_MS: Type.Integer({
    minimum: 1000,
    default: 120_000,
    description:
      "A scheduler worker's lease on an occurrence, renewed while it works: one whose replica died or stalled this long is due again; also how long a series change holds the occurrences it removes",
  }),
  SCHEDULER_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 64,
    default: 4,
    description:
      "Due occurrences one replica's pass works at once, a series' own one after the other (docs/scaling.md)",
  }),
  /**
   * A refusal for the workspace's own data is a ValidationError: a payment gateway or legal profile
   * it needs, a currency its provider cannot take. 5 pauses about 15 minutes after the follow-up was due.
   */
  RECURRING_PAUSE_AFTER_REFUSALS: Type.Integer({
    minimum: 1,
    maximum: 20,
    default: 5,
    description:
      "The try (1, 2, 4 … minutes apart) whose refusal of a follow-up for the workspace's own data pauses its series and tells the owner (docs/architecture.md#recurring)",
  }),
  RECURRING_TEST_HOOKS: Type.Boolean({
    default: false,
    description:
      'Serves the test hooks (testhooks/v1: the clock, a pass at a given time); tests only, refused under NODE_ENV=production',
  }),
  RECURRING_TEST_CRASH_AFTER_GENERATE: Type.Boolean({
    default: false,
    description: 'With the test hooks: die right after a follow-up is generated, before recording it (crash tests)',
  }),
});

export type Config = ReturnType<typeof loadRecurringConfig>;

export function loadRecurringConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(configSchema, env);
}
