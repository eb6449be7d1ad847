import { ServiceClock } from '@invoice-platform/common/clock';
import { connectionAge } from '@invoice-platform/common/config';
import { type RunningGrpcServer, startGrpcServer } from '@invoice-platform/common/grpc/server';
import { createKafka, createProducer } from '@invoice-platform/common/kafka';
import type { Logger } from '@invoice-platform/common/logger';
import { createMailer } from '@invoice-platform/common/mail';
import { mailDomain } from '@invoice-platform/common/message-id';
import { connectMongo, mongoReachable } from '@invoice-platform/common/mongo';
import { connectPeer, platformService, testHooksService } from '@invoice-platform/common/services';
import { createModelIndexes } from '@invoice-platform/common/setup';
import { OutboxRelay } from '@invoice-platform/common/store/outbox-relay';
import { ProcessedEvents, startProcessedEventsPurge } from '@invoice-platform/common/store/processed-events';
import { crashHook } from '@invoice-platform/common/test-hooks';
import type { Consumer } from 'kafkajs';
import type { Config } from './config.ts';
import { startEventConsumer } from './events/consumer.ts';
import { invoiceEvents } from './events/invoice-events.ts';
import { workspaceEvents } from './events/workspace-events.ts';
import { recurringHandlers } from './grpc/handlers.ts';
import { recurringTestHooks } from './grpc/test-hooks.ts';
import { AutomaticPauses } from './service/automatic-pauses.ts';
import { observeBacklog } from './service/backlog-gauge.ts';
import { ContentEdits } from './service/content-edits.ts';
import { Deletions } from './service/deletions.ts';
import { FollowUpMail } from './service/follow-up-mail.ts';
import { InvoicesFromEvents } from './service/invoices-from-events.ts';
import { PauseAndResume } from './service/pause-and-resume.ts';
import { PlanPolicy } from './service/plan-policy.ts';
import { ProfileChecks } from './service/profile-checks.ts';
import { RefusedFollowUps } from './service/refused-follow-ups.ts';
import { ScheduleChanges } from './service/schedule-changes.ts';
import { Scheduler } from './service/scheduler.ts';
import { SeriesChanges } from './service/series-changes.ts';
import { SeriesCreation } from './service/series-creation.ts';
import { SeriesQueries } from './service/series-queries.ts';
import { registerModels } from './store/models.ts';
import { OccurrenceStore } from './store/occurrences.ts';
import { SeriesStore } from './store/series.ts';

/** How long an edit or a delete of a series waits for a follow-up being generated (a render takes seconds). */
const CHANGE_WAIT_MS = 15_000;

export interface RecurringApp {
  server: RunningGrpcServer;
  stop(): Promise<void>;
}

/**
 * Wires the recurring service: Mongo, the series use cases, the scheduler and its follow-up mail,
 * the outbox relay, the event consumer and the gRPC server (with the test hooks behind their
 * flag). main.ts only runs it under signal handling.
 */
export async function startRecurringApp(config: Config, log: Logger): Promise<RecurringApp> {
  /** Follow-up Message-IDs are `<occurrence@domain>` (docs/architecture.md#mail); a MAIL_FROM without a domain stops the start. */
  const messageIdDomain = mailDomain(config.MAIL_FROM, 'MAIL_FROM');
  const conn = await connectMongo(config.MONGODB_URI, config.RECURRING_DB_NAME, log);
  const models = registerModels(conn);
  await createModelIndexes(models);
  const stores = { series: new SeriesStore(models), occurrences: new OccurrenceStore(models) };
  /** workspace.v1 and invoice.lifecycle.v1 events the consumers have applied. */
  const processed = new ProcessedEvents(models.ProcessedEvent);

  const accounts = connectPeer('accounts', config.ACCOUNTS_ADDR, config.GRPC_TIMEOUT_MS);
  const invoice = connectPeer('invoice', config.INVOICE_ADDR, config.GRPC_TIMEOUT_MS);
  const pdf = connectPeer('pdf', config.PDF_ADDR, config.GRPC_TIMEOUT_MS);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });

  const clock = new ServiceClock();
  const plan = new PlanPolicy({ accounts });
  const changes = new SeriesChanges({ ...stores, clock });
  const queries = new SeriesQueries(stores);
  const pauses = new AutomaticPauses({ series: stores.series, plan, processed, clock, log });
  // recurring.v1 (recurring.paused) from the series' outboxes.
  const producer = createProducer(createKafka('recurring-producer', config.KAFKA_BROKERS, log));
  const relay = new OutboxRelay({ models: [models.Series], producer, log });
  relay.start();
  const refusals = new RefusedFollowUps({
    ...stores,
    notifyOutbox: () => relay.notify(),
    accounts,
    mailer,
    clock,
    log,
    messageIdDomain,
    pauseAfter: config.RECURRING_PAUSE_AFTER_REFUSALS,
    // A pause's own worker sends its notice at once; one still pending a lease later lost its worker.
    noticeAfterMs: config.SCHEDULER_LEASE_MS,
  });
  const scheduler = new Scheduler({
    ...stores,
    changes,
    plan,
    pauses,
    invoice,
    followUpMail: new FollowUpMail({
      occurrences: stores.occurrences,
      invoice,
      pdf,
      accounts,
      mailer,
      log,
      leaseMs: config.SCHEDULER_LEASE_MS,
      messageIdDomain,
    }),
    clock,
    log,
    leaseMs: config.SCHEDULER_LEASE_MS,
    refusals,
    concurrency: config.SCHEDULER_CONCURRENCY,
    crash: crashHook(
      config.RECURRING_TEST_HOOKS,
      { 'recurring.after-generate': config.RECURRING_TEST_CRASH_AFTER_GENERATE },
      log,
    ),
  });
  const stopBacklog = observeBacklog({ occurrences: stores.occurrences, clock, log });
  scheduler.start(config.SCHEDULER_INTERVAL_MS);
  let consumer: Consumer | undefined;
  let stopping = false;
  // In the background: Kafka being down must not keep the gRPC API from serving (docs/health.md).
  void startEventConsumer({
    kafka: createKafka('recurring', config.KAFKA_BROKERS, log),
    groupId: config.KAFKA_CONSUMER_GROUP ?? 'recurring',
    onWorkspace: workspaceEvents({ pauses }),
    onInvoice: invoiceEvents({
      invoicesFromEvents: new InvoicesFromEvents({ occurrences: stores.occurrences, processed, invoice, log }),
    }),
    log,
    onStatus: (up) => log.info({ up }, 'recurring consumer status'),
  }).then(
    (c) => {
      consumer = c;
      if (stopping) void c.disconnect();
    },
    (err: unknown) => log.error({ err }, 'the recurring event consumer did not start'),
  );

  const purge = startProcessedEventsPurge({
    forgetBefore: (b) => processed.forgetBefore(b),
    now: () => new Date(),
    log,
  });

  const server = await startGrpcServer({
    addr: config.RECURRING_LISTEN_ADDR,
    connectionAge: connectionAge(config),
    services: [
      {
        service: platformService('recurring'),
        handlers: recurringHandlers({
          creation: new SeriesCreation({ ...stores, clock }),
          queries,
          pauseAndResume: new PauseAndResume({ changes, plan, queries }),
          scheduleChanges: new ScheduleChanges({
            ...stores,
            changes,
            plan,
            queries,
            clock,
            // A frequency change holds what it replaces for a scheduler lease at most: a crashed change's holds end then.
            holdMs: config.SCHEDULER_LEASE_MS,
          }),
          // An edit or a delete holds what it changes as a frequency change does, and waits for a
          // follow-up being generated right now at most this long (then 409).
          contentEdits: new ContentEdits({
            ...stores,
            changes,
            invoice,
            holdMs: config.SCHEDULER_LEASE_MS,
            busyWaitMs: CHANGE_WAIT_MS,
          }),
          profileChecks: new ProfileChecks({ ...stores, invoice }),
          deletions: new Deletions({ ...stores, clock, holdMs: config.SCHEDULER_LEASE_MS, busyWaitMs: CHANGE_WAIT_MS }),
          scheduler,
        }),
      },
      // Only with the flag: otherwise a call to the test hooks answers UNIMPLEMENTED.
      ...(config.RECURRING_TEST_HOOKS
        ? [{ service: testHooksService(), handlers: recurringTestHooks({ clock, scheduler }) }]
        : []),
    ],
    // Its own RPCs need only the database; peers are checked per call (docs/health.md).
    isReady: () => mongoReachable(conn),
    log,
  });
  log.info({ addr: config.RECURRING_LISTEN_ADDR, port: server.port }, 'recurring listening');

  return {
    server,
    stop: async () => {
      stopping = true;
      await server.shutdown(config.SHUTDOWN_GRACE_MS);
      stopBacklog();
      await scheduler.stop();
      await relay.stop();
      await producer.disconnect().catch(() => undefined);
      await consumer?.disconnect().catch(() => undefined);
      await purge.stop();
      mailer.close();
      for (const c of [accounts, invoice, pdf]) c.close();
      await conn.close();
    },
  };
}
