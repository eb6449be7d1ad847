import { connectionAge } from '@invoice-platform/common/config';
import { startGrpcServer } from '@invoice-platform/common/grpc/server';
import { connectPeer, platformService, testHooksService } from '@invoice-platform/common/services';
import { createKafka, createProducer } from '@invoice-platform/common/kafka';
import { runUntilSignalled } from '@invoice-platform/common/lifecycle';
import { createLogger } from '@invoice-platform/common/logger';
import { connectMongo, mongoReachable } from '@invoice-platform/common/mongo';
import { OutboxRelay } from '@invoice-platform/common/store/outbox-relay';
import { crashHook } from '@invoice-platform/common/test-hooks';
import { holdAgeMs, loadInvoiceConfig } from './config.ts';
import { invoiceHandlers } from './grpc/handlers.ts';
import { invoiceTestHooks } from './grpc/test-hooks.ts';
import { startMaintenance } from './jobs/maintenance.ts';
import { InvoiceService } from './service/invoices.ts';
import { PdfFiles } from './service/pdf-files.ts';
import { CreditStore } from './store/credits.ts';
import { InvoiceStore } from './store/invoices.ts';
import { registerModels } from './store/models.ts';
import { createModelIndexes } from '@invoice-platform/common/setup';
import { NumberStore } from './store/numbers.ts';
import { CreditNoteRefStore } from './store/credit-notes.ts';

const config = loadInvoiceConfig();
const log = createLogger('invoice', config.LOG_LEVEL);

runUntilSignalled(log, config.SHUTDOWN_GRACE_MS, async () => {
  const conn = await connectMongo(config.MONGODB_URI, config.INVOICE_DB_NAME, log);
  const models = registerModels(conn);
  await createModelIndexes(models);

  const producer = createProducer(createKafka('invoice', config.KAFKA_BROKERS, log));
  const relay = new OutboxRelay({ models: [models.Invoice], producer, log });
  relay.start();

  const accounts = connectPeer('accounts', config.ACCOUNTS_ADDR, config.GRPC_TIMEOUT_MS);
  const pdf = connectPeer('pdf', config.PDF_ADDR, config.GRPC_TIMEOUT_MS);
  const recurring = config.RECURRING_ADDR
    ? connectPeer('recurring', config.RECURRING_ADDR, config.GRPC_TIMEOUT_MS)
    : undefined;
  const now = () => new Date();
  const service = new InvoiceService({
    invoices: new InvoiceStore(models),
    credits: new CreditStore(models),
    numbers: new NumberStore(models),
    creditNoteNumbers: new NumberStore(models, 'credit_note'),
    creditNoteRefs: new CreditNoteRefStore(models),
    pdfFiles: new PdfFiles({ pdf }),
    accounts,
    pdf,
    recurring,
    baseUrl: config.PUBLIC_BASE_URL,
    notifyOutbox: () => relay.notify(),
    log,
    now,
    generateTimeoutMs: config.GENERATE_TIMEOUT_MS,
    holdAgeMs: holdAgeMs(config),
    crash: crashHook(
      config.INVOICE_TEST_HOOKS,
      { 'invoice.after-insert': config.INVOICE_TEST_CRASH_AFTER_INSERT },
      log,
    ),
  });
  const maintenance = startMaintenance({
    service,
    intervalMs: config.OVERDUE_SWEEP_INTERVAL_MS,
    now,
    log,
  });

  const server = await startGrpcServer({
    addr: config.INVOICE_LISTEN_ADDR,
    connectionAge: connectionAge(config),
    services: [
      {
        service: platformService('invoice'),
        handlers: invoiceHandlers({
          service,
          baseUrl: config.PUBLIC_BASE_URL,
          now,
        }),
      },
      // Only with the flag: otherwise a call to the test hooks answers UNIMPLEMENTED.
      ...(config.INVOICE_TEST_HOOKS ? [{ service: testHooksService(), handlers: invoiceTestHooks({ service }) }] : []),
    ],
    // Its own RPCs need only the database; peers and Kafka are checked per call or retried by the
    // outbox relay, so their outage never makes this service unready (docs/health.md).
    isReady: () => mongoReachable(conn),
    log,
  });
  log.info({ addr: config.INVOICE_LISTEN_ADDR, port: server.port }, 'invoice listening');

  return async () => {
    await server.shutdown(config.SHUTDOWN_GRACE_MS);
    await maintenance.stop();
    await relay.stop();
    await producer.disconnect();
    accounts.close();
    pdf.close();
    recurring?.close();
    await conn.close();
  };
});
