import { AppError } from '@invoice-platform/common/errors';
import { createUnaryClient, type UnaryClient } from '@invoice-platform/common/grpc/client';
import { loadService } from '@invoice-platform/common/grpc/protos';
import { startGrpcServer, type UnaryHandlers } from '@invoice-platform/common/grpc/server';
import { createLogger, type Logger } from '@invoice-platform/common/logger';
import type { Mailer } from '@invoice-platform/common/mail';
import { connectMongo } from '@invoice-platform/common/mongo';
import type { Connection } from 'mongoose';
import { stackEnv } from '@invoice-platform/test-support/platform';
import { ServiceClock } from '@invoice-platform/common/clock';
import { ProcessedEvents } from '@invoice-platform/common/store/processed-events';
import type { CreateSeriesInput } from '../../src/domain/series-input.ts';
import { AutomaticPauses } from '../../src/service/automatic-pauses.ts';
import { FollowUpMail } from '../../src/service/follow-up-mail.ts';
import { PauseAndResume } from '../../src/service/pause-and-resume.ts';
import { PlanPolicy } from '../../src/service/plan-policy.ts';
import { ScheduleChanges } from '../../src/service/schedule-changes.ts';
import { SeriesChanges } from '../../src/service/series-changes.ts';
import { SeriesCreation } from '../../src/service/series-creation.ts';
import { SeriesQueries } from '../../src/service/series-queries.ts';
import { registerModels } from '../../src/store/models.ts';
import { OccurrenceStore } from '../../src/store/occurrences.ts';
import { SeriesStore } from '../../src/store/series.ts';

export const stack = stackEnv();
export const log: Logger = createLogger('recurring-test', process.env.TEST_LOG_LEVEL ?? 'silent');

const services = {
  accounts: () =>
    loadService('invoiceplatform/accounts/v1/accounts.proto', 'invoiceplatform.accounts.v1.AccountsService'),
  invoice: () => loadService('invoiceplatform/invoice/v1/invoice.proto', 'invoiceplatform.invoice.v1.InvoiceService'),
  pdf: () => loadService('invoiceplatform/pdf/v1/pdf.proto', 'invoiceplatform.pdf.v1.PdfService'),
};

type Peer = keyof typeof services;

/**
 * Stand-ins for the recurring service's peers (accounts, invoice, pdf) on one port: the methods a
 * test gives, answering from its own state. The database, Kafka and SMTP stay real.
 */
export async function startPeers(handlers: Partial<Record<Peer, UnaryHandlers>>) {
  const server = await startGrpcServer({
    addr: '127.0.0.1:0',
    connectionAge: { maxAgeMs: 30_000, graceMs: 1000 },
    services: (Object.keys(services) as Peer[]).map((peer) => ({
      service: services[peer](),
      handlers: handlers[peer] ?? {},
    })),
    isReady: async () => true,
    log,
  });
  const clients = connectPeers(`127.0.0.1:${server.port}`);
  return {
    addr: `127.0.0.1:${server.port}`,
    clients,
    stop: async () => {
      for (const client of Object.values(clients)) client.close();
      await server.shutdown(1000);
    },
  };
}

/** Clients of the stand-in peers at `addr` (startPeers' server), as a scheduler in another process needs them. */
export function connectPeers(addr: string): Record<Peer, UnaryClient> {
  return Object.fromEntries(
    (Object.keys(services) as Peer[]).map((peer) => [peer, createUnaryClient(services[peer](), addr, 30_000)]),
  ) as Record<Peer, UnaryClient>;
}

export const notFound = () => new AppError('not_found', 'no such thing here');

/** A database of its own on the real server, with the recurring models and indexes. */
export async function openTestDatabase(prefix: string) {
  return openDatabase(`${prefix}_${process.pid}_${Date.now().toString(36)}`);
}

/** The database `name` (a test's, opened again by a scheduler in another process) with the recurring models and indexes. */
export async function openDatabase(name: string) {
  const conn: Connection = await connectMongo(stack.MONGODB_URI!, name, log);
  const models = registerModels(conn);
  await Promise.all(Object.values(models).map((m) => m.createIndexes()));
  return {
    name,
    conn,
    models,
    series: new SeriesStore(models),
    occurrences: new OccurrenceStore(models),
    processed: new ProcessedEvents(models.ProcessedEvent),
    drop: async () => {
      await conn.dropDatabase();
      await conn.close();
    },
  };
}

/** A series as the invoice service creates it: monthly, count occurrences, anchored at `anchor`. */
export function seriesInput(
  workspaceId: string,
  seriesId: string,
  anchor: Date,
  extra: Partial<CreateSeriesInput> = {},
) {
  return {
    workspace_id: workspaceId,
    series_id: seriesId,
    source_invoice_id: `inv_src_${seriesId}`,
    invoice_number: `INV-${workspaceId}-202701-0001`,
    frequency: 'monthly',
    count: 2,
    anchor_date: anchor.toISOString(),
    first_due_date: anchor.toISOString().slice(0, 10),
    customer_name: 'PT Integrasi',
    customer_email: 'customer@example.test',
    currency: 'IDR',
    amount: '1000',
    document_language: 'en',
    time_zone: 'UTC',
    ...extra,
  } satisfies CreateSeriesInput;
}

/**
 * The series use cases as main.ts wires them, with the stores the scheduler takes beside them;
 * `holdMs` bounds the holds of a frequency change (SCHEDULER_LEASE_MS).
 */
export function useCases(
  db: Awaited<ReturnType<typeof openDatabase>>,
  accounts: UnaryClient,
  clock = new ServiceClock(),
  holdMs = 60_000,
) {
  const stores = { series: db.series, occurrences: db.occurrences };
  const plan = new PlanPolicy({ accounts });
  const changes = new SeriesChanges({ ...stores, clock });
  const queries = new SeriesQueries(stores);
  return {
    ...stores,
    plan,
    changes,
    queries,
    creation: new SeriesCreation({ ...stores, clock }),
    pauseAndResume: new PauseAndResume({ changes, plan, queries }),
    scheduleChanges: new ScheduleChanges({ ...stores, changes, plan, queries, clock, holdMs }),
    pauses: new AutomaticPauses({ series: db.series, plan, processed: db.processed, clock, log }),
  };
}

/** The follow-up mail as app.ts wires it, over `db` and the stand-in peers, sending through `mailer`. */
export function followUpMail(
  db: Awaited<ReturnType<typeof openDatabase>>,
  peers: Record<Peer, UnaryClient>,
  mailer: Mailer,
  leaseMs: number,
) {
  return new FollowUpMail({
    occurrences: db.occurrences,
    invoice: peers.invoice,
    pdf: peers.pdf,
    accounts: peers.accounts,
    mailer,
    log,
    leaseMs,
    messageIdDomain: 'example.test',
  });
}
