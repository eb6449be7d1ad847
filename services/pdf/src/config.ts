import { Type } from '@sinclair/typebox';
import { commonConfig, grpcServerConfig, kafkaConfig, loadConfig, mongoConfig } from '@invoice-platform/common/config';

/** Defaults of a render's caps, shared with the renderer for callers that set none (the benchmarks). */
export const outputCapDefaults = { maxPages: 50, maxOutputBytes: 10 * 1024 * 1024 };

export const configSchema = Type.Object({
  ...commonConfig,
  ...grpcServerConfig,
  ...kafkaConfig,
  ...mongoConfig,
  PDF_LISTEN_ADDR: Type.String({ default: '127.0.0.1:15054', description: 'host:port the gRPC server listens on' }),
  PDF_DB_NAME: Type.String({ default: 'pdf', description: 'Its MongoDB database (templates, files in GridFS)' }),
  INVOICE_ADDR: Type.String({
    default: '',
    description: 'The invoice service, for the re-render consumer; empty: status changes are not re-rendered',
  }),
  CHROMIUM_PATH: Type.String({
    default: '/usr/bin/chromium',
    description: "Debian's Chromium (never a downloaded browser)",
  }),
  PDF_PAGE_POOL_SIZE: Type.Integer({
    minimum: 1,
    maximum: 16,
    default: 2,
    description: 'Warm pages of the shared browser: renders printed at once',
  }),
  PDF_RENDER_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    default: 15_000,
    description: 'Budget of one render (templating, waiting for a page, printing)',
  }),
  PDF_MAX_HTML_BYTES: Type.Integer({
    minimum: 65_536,
    default: 5 * 1024 * 1024,
    description: "The most HTML one render hands to Chromium (a template's nested loops can build 100 MB)",
  }),
  /**
   * Paginating is what costs (a 5,832-page document held its page past the 15 s render timeout), so
   * a longer document is refused before it is printed whole (docs/architecture.md#pdf-rendering).
   */
  PDF_MAX_PAGES: Type.Integer({
    minimum: 1,
    maximum: 10_000,
    default: outputCapDefaults.maxPages,
    description: 'The most pages one PDF may have; the longest invoice the API accepts (500 items) prints on about 20',
  }),
  PDF_MAX_OUTPUT_BYTES: Type.Integer({
    minimum: 1024 * 1024,
    default: outputCapDefaults.maxOutputBytes,
    description: 'The most bytes of one PDF, read no further (a 500-item invoice is about 1 MB)',
  }),
  /**
   * A dead member holds up every other member's rejoin until it times out: at 60 s (the old
   * default) a pdf copy killed with a second one running stalled the group's re-renders for 47-60 s
   * in the chaos run.
   */
  PDF_CONSUMER_SESSION_TIMEOUT_MS: Type.Integer({
    minimum: 6000,
    maximum: 300_000,
    default: 15_000,
    description:
      "The re-render consumer's Kafka session timeout: how long a copy that died or hung stays in the group (it heartbeats while it renders)",
  }),
  PDF_CONSUMER_PARTITIONS_CONCURRENTLY: Type.Integer({
    minimum: 1,
    maximum: 64,
    default: 4,
    description: 'Partitions of invoice.lifecycle.v1 re-rendered at once, so one slow invoice does not hold the others',
  }),
});

export type Config = ReturnType<typeof loadPdfConfig>;

export function loadPdfConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(configSchema, env);
}
