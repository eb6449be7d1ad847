import { Type } from '@sinclair/typebox';
import { commonConfig, kafkaConfig, loadConfig, mongoConfig } from '@invoice-platform/common/config';

export const configSchema = Type.Object({
  ...commonConfig,
  ...kafkaConfig,
  ...mongoConfig,
  PDF_LISTEN_ADDR: Type.String({ default: '127.0.0.1:50054' }),
  PDF_DB_NAME: Type.String({ default: 'pdf' }),
  /** The invoice service, for the re-render consumer; empty: status changes are not re-rendered. */
  INVOICE_ADDR: Type.String({ default: '' }),
  /** Debian's Chromium (never a downloaded browser). */
  CHROMIUM_PATH: Type.String({ default: '/usr/bin/chromium' }),
  /** Warm pages of the shared browser: renders printed at once. */
  PDF_PAGE_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 16, default: 2 }),
  /** Budget of one render (templating, waiting for a page, printing). */
  PDF_RENDER_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 15_000 }),
});

export type Config = ReturnType<typeof loadPdfConfig>;

export function loadPdfConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(configSchema, env);
}
