import { Type } from '@sinclair/typebox';
import { commonConfig, grpcServerConfig, kafkaConfig, loadConfig, mongoConfig } from '@invoice-platform/common/config';

export const configSchema = Type.Object({
  ...commonConfig,
  ...grpcServerConfig,
  ...kafkaConfig,
  ...mongoConfig,
  INVOICE_LISTEN_ADDR: Type.String({ default: '127.0.0.1:15052', description: 'host:port the gRPC server listens on' }),
  INVOICE_DB_NAME: Type.String({ default: 'invoice', description: 'Its MongoDB database' }),
  ACCOUNTS_ADDR: Type.String({
    minLength: 1,
    description: 'The accounts service (workspaces, credits, payment setup)',
  }),
  PDF_ADDR: Type.String({ minLength: 1, description: 'The pdf service (renders, templates, files)' }),
  RECURRING_ADDR: Type.String({
    default: '',
    description: 'The recurring service; empty until it is deployed: recurring generates then answer 501',
  }),
  PUBLIC_BASE_URL: Type.String({
    pattern: '^https?://',
    default: 'http://127.0.0.1:8080',
    description: 'The public {base_url}, for pdf_url and the pay-online link',
  }),
  GRPC_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    default: 20_000,
    description: 'Deadline of its calls to other services',
  }),
  OVERDUE_SWEEP_INTERVAL_MS: Type.Integer({
    minimum: 1000,
    default: 60_000,
    description: 'How often the maintenance pass runs: the overdue move, leftover holds, file sweeps',
  }),
  /**
   * Above the deadline the gateway and the recurring scheduler give (GRPC_TIMEOUT_MS, 30 s), so it
   * never cuts theirs.
   */
  GENERATE_TIMEOUT_MS: Type.Integer({
    minimum: 5000,
    default: 60_000,
    description:
      "The longest a generate runs (docs/architecture.md#numbering): a caller's later deadline, or none, is cut to it; holds of generates older than twice this are settled or given back",
  }),
  INVOICE_TEST_HOOKS: Type.Boolean({
    default: false,
    description:
      'Serves the test hooks (testhooks/v1: a sweep at another time); tests only, refused under NODE_ENV=production',
  }),
  INVOICE_TEST_CRASH_AFTER_INSERT: Type.Boolean({
    default: false,
    description:
      'With the test hooks: die right after storing an invoice with its invoice.created (one write), before the relay publishes it (crash tests)',
  }),
});

export type Config = ReturnType<typeof loadInvoiceConfig>;

export function loadInvoiceConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(configSchema, env);
}

/**
 * The age at which the maintenance pass decides a generate's credit and number holds: settled
 * when its invoice exists, else given back behind a void record of the invoice id that stops a
 * late insert (docs/architecture.md#numbering). The generate's own bound, and as much again for
 * clocks that differ between replicas and for the insert itself; derived here only, so the hold
 * always outlives the generate.
 */
export function holdAgeMs(config: Pick<Config, 'GENERATE_TIMEOUT_MS'>): number {
  return 2 * config.GENERATE_TIMEOUT_MS;
}
