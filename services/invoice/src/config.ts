import { Type } from '@sinclair/typebox';
import { commonConfig, kafkaConfig, loadConfig, mongoConfig } from '@invoice-platform/common/config';

export const configSchema = Type.Object({
  ...commonConfig,
  ...kafkaConfig,
  ...mongoConfig,
  INVOICE_LISTEN_ADDR: Type.String({ default: '127.0.0.1:50052' }),
  INVOICE_DB_NAME: Type.String({ default: 'invoice' }),
  ACCOUNTS_ADDR: Type.String({ minLength: 1 }),
  PDF_ADDR: Type.String({ minLength: 1 }),
  /** Empty until the recurring service is deployed: recurring generates then answer 501. */
  RECURRING_ADDR: Type.String({ default: '' }),
  /** The public {base_url}, for pdf_url and the pay-online link. */
  PUBLIC_BASE_URL: Type.String({ pattern: '^https?://', default: 'http://127.0.0.1:8080' }),
  GRPC_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 20_000 }),
  OVERDUE_SWEEP_INTERVAL_MS: Type.Integer({ minimum: 1000, default: 60_000 }),
  /** Credit reservations older than this without an invoice are refunded (a crash mid-generate). */
  CREDIT_RESERVATION_TIMEOUT_MS: Type.Integer({ minimum: 10_000, default: 120_000 }),
  /** Lets RunOverdueSweep take a `now` other than the real clock; tests only. */
  INVOICE_TEST_HOOKS: Type.Boolean({ default: false }),
  /** With the test hooks: die right after committing an invoice, before publishing (crash tests). */
  INVOICE_TEST_CRASH_AFTER_COMMIT: Type.Boolean({ default: false }),
  INVOICE_TEST_CRASH_AFTER_INSERT: Type.Boolean({ default: false }),
});

export type Config = ReturnType<typeof loadInvoiceConfig>;

export function loadInvoiceConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(configSchema, env);
}
