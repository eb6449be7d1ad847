import { connectionAge } from '@invoice-platform/common/config';
import { type RunningGrpcServer, startGrpcServer } from '@invoice-platform/common/grpc/server';
import { createKafka, createProducer } from '@invoice-platform/common/kafka';
import type { Logger } from '@invoice-platform/common/logger';
import { connectMongo, mongoReachable } from '@invoice-platform/common/mongo';
import { connectPeer, platformService, testHooksService } from '@invoice-platform/common/services';
import { createModelIndexes } from '@invoice-platform/common/setup';
import { OutboxRelay } from '@invoice-platform/common/store/outbox-relay';
import { type CrashHook, crashHook } from '@invoice-platform/common/test-hooks';
import { type Config, holdAgeMs } from './config.ts';
import { invoiceHandlers } from './grpc/handlers.ts';
import { invoiceTestHooks } from './grpc/test-hooks.ts';
import { startMaintenance } from './jobs/maintenance.ts';
import { AsIssuedArchive } from './service/archive.ts';
import { InvoiceChanges } from './service/changes.ts';
import { CreditNotes } from './service/credit-notes.ts';
import { Credits } from './service/credits.ts';
import { GenerateInvoice } from './service/generate.ts';
import { Leftovers } from './service/leftovers.ts';
import { OverdueSweep } from './service/overdue.ts';
import { Payments } from './service/payments.ts';
import { PdfFiles } from './service/pdf-files.ts';
import type { AccountsClient, PdfClient, RecurringClient } from './service/peers.ts';
import { InvoiceReads } from './service/reads.ts';
import { RenderRequests } from './service/render-requests.ts';
import { SeriesCreation } from './service/series-creation.ts';
import { WorkspaceCache } from './service/workspaces.ts';
import { CreditNoteRefStore } from './store/credit-notes.ts';
import { CreditStore } from './store/credits.ts';
import { InvoiceStore } from './store/invoices.ts';
import { registerModels } from './store/models.ts';
import { NumberStore } from './store/numbers.ts';

export interface InvoiceUseCaseDeps {
  invoices: InvoiceStore;
  credits: CreditStore;
  numbers: NumberStore;
  /** Credit notes' own number sequences (NumberStore of kind credit_note; docs/money-trail.md "Credit notes"). */
  creditNoteNumbers: NumberStore;
  /** Where each credit note lives. */
  creditNoteRefs: CreditNoteRefStore;
  pdfFiles: PdfFiles;
  accounts: AccountsClient;
  pdf: PdfClient;
  /** Absent until the recurring service is deployed: recurring generates then answer 501. */
  recurring?: RecurringClient;
  baseUrl: string;
  notifyOutbox: () => void;
  log: Logger;
  now: () => Date;
  /** The longest a generate runs, whatever its caller allows (config GENERATE_TIMEOUT_MS). */
  generateTimeoutMs: number;
  /** The age at which the maintenance pass decides holds (config holdAgeMs); also times file sweeps. */
  holdAgeMs: number;
  /** The crash tests' hook, given to the generate (common/test-hooks.ts); none in production. */
  crash?: CrashHook;
}

/** What the gRPC handlers, the test hooks and the maintenance job call. */
export interface InvoiceUseCases {
  generate: GenerateInvoice;
  reads: InvoiceReads;
  changes: InvoiceChanges;
  payments: Payments;
  creditNotes: CreditNotes;
  credits: Credits;
  archive: AsIssuedArchive;
  overdue: OverdueSweep;
  series: SeriesCreation;
  leftovers: Leftovers;
}

/**
 * The invoice use cases over the given stores and peers. They share one workspace cache, one
 * as-issued archive (the credit notes keep their copies through it too) and one change loop. The
 * integration tests build them over a database of their own and peers they can make fail, which
 * is why this is apart from startInvoiceApp.
 */
export function invoiceUseCases(deps: InvoiceUseCaseDeps): InvoiceUseCases {
  const workspaces = new WorkspaceCache(deps);
  const renderRequests = new RenderRequests(deps);
  const archive = new AsIssuedArchive(deps);
  const shared = { ...deps, workspaces, renderRequests, archive };
  const changes = new InvoiceChanges(shared);
  const series = new SeriesCreation({ ...deps, changes });
  return {
    generate: new GenerateInvoice({ ...shared, changes, series }),
    reads: new InvoiceReads(shared),
    changes,
    payments: new Payments({ ...deps, changes }),
    creditNotes: new CreditNotes({ ...shared, changes }),
    credits: new Credits(shared),
    archive,
    overdue: new OverdueSweep({ ...deps, changes }),
    series,
    leftovers: new Leftovers(shared),
  };
}

export interface InvoiceApp {
  server: RunningGrpcServer;
  stop(): Promise<void>;
}

/**
 * Wires the invoice service: Mongo, the outbox relay to Kafka, its peers, the use cases, the
 * maintenance job and the gRPC server (with the test hooks only under INVOICE_TEST_HOOKS).
 * main.ts only runs it under signal handling.
 */
export async function startInvoiceApp(config: Config, log: Logger): Promise<InvoiceApp> {
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
  const useCases = invoiceUseCases({
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
    ...useCases,
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
        handlers: invoiceHandlers({ ...useCases, baseUrl: config.PUBLIC_BASE_URL, now }),
      },
      // Only with the flag: otherwise a call to the test hooks answers UNIMPLEMENTED.
      ...(config.INVOICE_TEST_HOOKS
        ? [{ service: testHooksService(), handlers: invoiceTestHooks({ overdue: useCases.overdue }) }]
        : []),
    ],
    // Its own RPCs need only the database; peers and Kafka are checked per call or retried by the
    // outbox relay, so their outage never makes this service unready (docs/health.md).
    isReady: () => mongoReachable(conn),
    log,
  });
  log.info({ addr: config.INVOICE_LISTEN_ADDR, port: server.port }, 'invoice listening');

  return {
    server,
    stop: async () => {
      await server.shutdown(config.SHUTDOWN_GRACE_MS);
      await maintenance.stop();
      await relay.stop();
      await producer.disconnect();
      accounts.close();
      pdf.close();
      recurring?.close();
      await conn.close();
    },
  };
}
