import { connectionAge } from '@invoice-platform/common/config';
import { type RunningGrpcServer, startGrpcServer } from '@invoice-platform/common/grpc/server';
import { createKafka } from '@invoice-platform/common/kafka';
import type { Logger } from '@invoice-platform/common/logger';
import { connectPeer, platformService } from '@invoice-platform/common/services';
import { connectMongo, mongoReachable } from '@invoice-platform/common/mongo';
import type { Consumer } from 'kafkajs';
import type { Config } from './config.ts';
import { startRerenderConsumer } from './events/rerender.ts';
import { pdfHandlers } from './grpc/handlers.ts';
import { BrowserPool } from './render/browser-pool.ts';
import { Documents } from './service/documents.ts';
import { StoredFiles } from './service/files.ts';
import { Rerender } from './service/rerender.ts';
import { Templates } from './service/templates.ts';
import { FairQueue } from './render/fair-queue.ts';
import { PdfRenderer } from './render/renderer.ts';
import { loadSystemTemplateSources } from './render/system-templates.ts';
import { FileStore } from './store/files.ts';
import { registerModels } from './store/models.ts';
import { createPdfIndexes } from './store/indexes.ts';
import { RenderStateStore } from './store/render-states.ts';
import { TemplateStore } from './store/templates.ts';
import type { Poller } from '@invoice-platform/common/poller';
import { ProcessedEvents, startProcessedEventsPurge } from '@invoice-platform/common/store/processed-events';

export interface PdfApp {
  server: RunningGrpcServer;
  pool: BrowserPool;
  documents: Documents;
  stop(): Promise<void>;
}

export interface PdfAppOptions {
  /** Start the invoice.lifecycle.v1 consumer (default true). */
  consume?: boolean;
  /** Consumer group (default "pdf", docs/contracts.md §5.1); tests use their own. */
  consumerGroup?: string;
  /** Told when the consumer joins its group (true) or drops out (false). */
  onConsumerStatus?: (up: boolean) => void;
}

/**
 * Wires the pdf service: Mongo, Chromium pool, jsreport, gRPC server and the re-render consumer.
 * The wiring sits here rather than in main.ts because the integration tests start the whole
 * service in-process (with a consumer group of their own, or none) and need its pool and
 * documents; main.ts only runs it under signal handling.
 */
export async function startPdfApp(config: Config, log: Logger, opts: PdfAppOptions = {}): Promise<PdfApp> {
  const conn = await connectMongo(config.MONGODB_URI, config.PDF_DB_NAME, log);
  const models = registerModels(conn);
  await createPdfIndexes(conn, models);
  const files = new FileStore(conn);
  const templates = new TemplateStore(models);
  const renderStates = new RenderStateStore(models);
  // invoice.lifecycle.v1 events the re-render has handled.
  const processed = new ProcessedEvents(models.ProcessedEvent);

  const pool = new BrowserPool({ executablePath: config.CHROMIUM_PATH, size: config.PDF_PAGE_POOL_SIZE, log });
  await pool.start();
  const renderer = await PdfRenderer.start({
    pool,
    workers: config.PDF_PAGE_POOL_SIZE,
    timeoutMs: config.PDF_RENDER_TIMEOUT_MS,
    maxHtmlBytes: config.PDF_MAX_HTML_BYTES,
    maxPages: config.PDF_MAX_PAGES,
    maxOutputBytes: config.PDF_MAX_OUTPUT_BYTES,
    log,
  });
  const documents = new Documents({
    templates,
    files,
    renderer,
    queue: new FairQueue(config.PDF_PAGE_POOL_SIZE),
    sources: loadSystemTemplateSources(),
    log,
  });

  const server = await startGrpcServer({
    addr: config.PDF_LISTEN_ADDR,
    connectionAge: connectionAge(config),
    services: [
      {
        service: platformService('pdf'),
        handlers: pdfHandlers({
          documents,
          templates: new Templates({ templates, documents }),
          files: new StoredFiles({ files, log }),
        }),
      },
    ],
    // Own dependencies only (docs/health.md): the database and the browser; Kafka and the invoice
    // service only feed re-renders, retried on their own.
    isReady: async () => pool.connected && (await mongoReachable(conn)),
    log,
  });
  log.info({ addr: config.PDF_LISTEN_ADDR, port: server.port }, 'pdf listening');

  const invoice = config.INVOICE_ADDR
    ? connectPeer('invoice', config.INVOICE_ADDR, config.PDF_RENDER_TIMEOUT_MS)
    : undefined;
  // Without the invoice service the consumer does not join its group at all: joining and skipping
  // would commit offsets past events that a configured replica must still re-render.
  if (!invoice) log.warn('INVOICE_ADDR is empty: the re-render consumer is not started');
  const rerender = new Rerender({ documents, files, renderStates, processed, invoice, log });
  let consumer: Consumer | undefined;
  let stopping = false;
  let purge: Poller | undefined;
  if (opts.consume !== false && invoice) {
    purge = startProcessedEventsPurge({
      forgetBefore: (b) => processed.forgetBefore(b),
      now: () => new Date(),
      log,
    });
    // In the background: Kafka being down must not keep the gRPC API from serving.
    void startRerenderConsumer({
      kafka: createKafka('pdf', config.KAFKA_BROKERS, log),
      groupId: opts.consumerGroup ?? config.KAFKA_CONSUMER_GROUP ?? 'pdf',
      sessionTimeoutMs: config.PDF_CONSUMER_SESSION_TIMEOUT_MS,
      partitionsConsumedConcurrently: config.PDF_CONSUMER_PARTITIONS_CONCURRENTLY,
      rerender,
      log,
      onStatus: opts.onConsumerStatus,
    }).then(
      (c) => {
        consumer = c;
        if (stopping) void c.disconnect();
      },
      (err: unknown) => log.error({ err }, 'the invoice.lifecycle.v1 consumer did not start'),
    );
  }

  return {
    server,
    pool,
    documents,
    stop: async () => {
      stopping = true;
      await server.shutdown(config.SHUTDOWN_GRACE_MS);
      await consumer?.disconnect().catch(() => undefined);
      await purge?.stop();
      invoice?.close();
      await renderer.close();
      await pool.close();
      await conn.close();
    },
  };
}
