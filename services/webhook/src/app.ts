import { ServiceClock } from '@invoice-platform/common/clock';
import { connectionAge } from '@invoice-platform/common/config';
import { type RunningGrpcServer, startGrpcServer } from '@invoice-platform/common/grpc/server';
import { createKafka, topics } from '@invoice-platform/common/kafka';
import type { Logger } from '@invoice-platform/common/logger';
import { createMailer, type Mailer } from '@invoice-platform/common/mail';
import { mailDomain } from '@invoice-platform/common/message-id';
import { connectMongo, mongoReachable } from '@invoice-platform/common/mongo';
import type { Poller } from '@invoice-platform/common/poller';
import { SecretBox } from '@invoice-platform/common/secret-box';
import { connectPeer, platformService, testHooksService } from '@invoice-platform/common/services';
import { createModelIndexes } from '@invoice-platform/common/setup';
import { crashHook } from '@invoice-platform/common/test-hooks';
import type { Consumer } from 'kafkajs';
import type { Config } from './config.ts';
import { startLifecycleConsumer } from './events/lifecycle-consumer.ts';
import { webhookHandlers } from './grpc/handlers.ts';
import { webhookTestHooks } from './grpc/test-hooks.ts';
import { startPurgeJob } from './jobs/purge.ts';
import { DeliveryAttempts } from './service/attempts.ts';
import { EndpointDeactivation } from './service/deactivation.ts';
import { DeliveryLogs } from './service/delivery-logs.ts';
import { DeliveryDispatcher } from './service/dispatcher.ts';
import { EndpointService } from './service/endpoints.ts';
import { FanOut } from './service/fanout.ts';
import { Notifier } from './service/notifier.ts';
import type { AccountsClient } from './service/peers.ts';
import { EventResend } from './service/resend.ts';
import { resealV1Secrets } from './service/secret-reseal.ts';
import { DeliveryStore } from './store/deliveries.ts';
import { EndpointStore } from './store/endpoints.ts';
import { registerModels } from './store/models.ts';

export interface WebhookApp {
  server: RunningGrpcServer;
  endpoints: EndpointStore;
  deliveries: DeliveryStore;
  endpointService: EndpointService;
  notifier: Notifier;
  dispatcher: DeliveryDispatcher;
  fanOut: FanOut;
  stop(): Promise<void>;
}

export interface WebhookAppOptions {
  /** Start the invoice.lifecycle.v1 and recurring.v1 consumers (default true). */
  consume?: boolean;
  /**
   * Run the delivery dispatcher and the log purge on their timers (default true). Tests that race
   * replicas' passes turn them off and run the passes themselves.
   */
  poll?: boolean;
  /** The service clock (default a new one): a test's replicas share one. */
  clock?: ServiceClock;
  /** The accounts peer (default one at ACCOUNTS_ADDR); tests give a stand-in. */
  accounts?: AccountsClient;
  /** Where deactivation notices go (default SMTP_URL); tests give a stand-in. */
  mailer?: Mailer;
}

/**
 * Wires the webhook service: Mongo, the endpoint and delivery stores, the use cases, the
 * dispatcher and the purge, the event consumers and the gRPC server (with the test hooks behind
 * their flag). The wiring sits here rather than in main.ts because the integration tests start
 * replicas of the service in-process over one database; main.ts only runs it under signal handling.
 */
export async function startWebhookApp(config: Config, log: Logger, opts: WebhookAppOptions = {}): Promise<WebhookApp> {
  /** Deactivation notices' Message-IDs are `<notice@domain>`; a WEBHOOK_MAIL_FROM without a domain stops the start. */
  const messageIdDomain = mailDomain(config.WEBHOOK_MAIL_FROM, 'WEBHOOK_MAIL_FROM');
  /** The crash tests' points (common/test-hooks.ts): none unless the test hooks are on and a point is set. */
  const crash = crashHook(
    config.WEBHOOK_TEST_HOOKS,
    {
      'webhook.mid-fanout': config.WEBHOOK_TEST_CRASH_MID_FANOUT,
      'webhook.after-send': config.WEBHOOK_TEST_CRASH_AFTER_SEND,
    },
    log,
  );
  const conn = await connectMongo(config.MONGODB_URI, config.WEBHOOK_DB_NAME, log);
  const models = registerModels(conn);
  await createModelIndexes(models);

  const accounts = opts.accounts ?? connectPeer('accounts', config.ACCOUNTS_ADDR, config.GRPC_TIMEOUT_MS);
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.WEBHOOK_MAIL_FROM });
  const clock = opts.clock ?? new ServiceClock();
  const endpoints = new EndpointStore(models, new SecretBox(config.WEBHOOK_SECRET_KEYS, 'WEBHOOK_SECRET_KEYS'));
  // Before anything reads an endpoint: opening refuses what is still sealed in the v1 format.
  await resealV1Secrets({ endpoints, now: clock.now(), log });
  const deliveries = new DeliveryStore(models);
  const allowInsecureLoopback = config.WEBHOOK_ALLOW_INSECURE_LOOPBACK;
  if (allowInsecureLoopback) log.warn('WEBHOOK_ALLOW_INSECURE_LOOPBACK is on: http:// to 127.0.0.1 and ::1 allowed');

  // The dispatcher is made below; wake is only called once everything runs.
  const wake = () => dispatcher.notify();
  const endpointService = new EndpointService({ endpoints, deliveries, accounts, clock, allowInsecureLoopback, log });
  const notifier = new Notifier({
    deliveries,
    accounts,
    mailer,
    clock,
    leaseMs: config.WEBHOOK_LEASE_MS,
    messageIdDomain,
    log,
  });
  const attempts = new DeliveryAttempts({
    deliveries,
    endpoints,
    deactivation: new EndpointDeactivation({ endpoints, deliveries, clock, log }),
    notifier,
    clock,
    allowInsecureLoopback,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    leaseMs: config.WEBHOOK_LEASE_MS,
    log,
    crash,
  });
  const dispatcher = new DeliveryDispatcher({
    deliveries,
    attempts,
    notifier,
    clock,
    leaseMs: config.WEBHOOK_LEASE_MS,
    concurrency: config.WEBHOOK_CONCURRENCY,
    workspaceLanes: config.WEBHOOK_WORKSPACE_CONCURRENCY,
    endpointLanes: config.WEBHOOK_ENDPOINT_CONCURRENCY,
    pollMs: config.WEBHOOK_DUE_POLL_MS,
    log,
  });
  const fanOut = new FanOut({
    endpoints,
    deliveries,
    clock,
    log,
    wake,
    crash,
  });
  const logs = new DeliveryLogs({ deliveries });
  const poll = opts.poll !== false;
  let purge: Poller | undefined;
  if (poll)
    purge = startPurgeJob({
      logs,
      clock,
      retentionDays: config.WEBHOOK_RETENTION_DAYS,
      intervalMs: config.WEBHOOK_PURGE_INTERVAL_MS,
      log,
    });

  const consumers: Consumer[] = [];
  let stopping = false;
  const groupId = config.KAFKA_CONSUMER_GROUP ?? 'webhook';
  // In the background: Kafka being down must not keep the admin API from serving. recurring.v1
  // (recurring.paused, opt-in) in a group of its own.
  if (opts.consume !== false)
    for (const [topic, group] of [
      [topics.invoiceLifecycle, groupId],
      [topics.recurring, `${groupId}.recurring`],
    ] as const)
      void startLifecycleConsumer({
        kafka: createKafka('webhook', config.KAFKA_BROKERS, log),
        groupId: group,
        topic,
        fanOut,
        log,
      }).then(
        (c) => {
          consumers.push(c);
          if (stopping) void c.disconnect();
        },
        (err: unknown) => log.error({ err, topic }, 'an event consumer did not start'),
      );
  // Not started, the dispatcher ignores wake-ups too: only the caller's passes send.
  if (poll) dispatcher.start();

  const server = await startGrpcServer({
    addr: config.WEBHOOK_LISTEN_ADDR,
    connectionAge: connectionAge(config),
    services: [
      {
        service: platformService('webhook'),
        handlers: webhookHandlers({
          endpoints: endpointService,
          resend: new EventResend({ endpoints, deliveries, clock, wake }),
          logs,
          dispatcher,
          clock,
          retentionDays: config.WEBHOOK_RETENTION_DAYS,
        }),
      },
      // Only with the flag: otherwise a call to the test hooks answers UNIMPLEMENTED.
      ...(config.WEBHOOK_TEST_HOOKS
        ? [
            {
              service: testHooksService(),
              handlers: webhookTestHooks({ clock, logs, retentionDays: config.WEBHOOK_RETENTION_DAYS }),
            },
          ]
        : []),
    ],
    // Its own RPCs (endpoints, delivery logs, resend) need only the database; Kafka being down
    // delays new deliveries but must not take those away (docs/health.md).
    isReady: () => mongoReachable(conn),
    log,
  });
  log.info({ addr: config.WEBHOOK_LISTEN_ADDR, port: server.port }, 'webhook listening');

  return {
    server,
    endpoints,
    deliveries,
    endpointService,
    notifier,
    dispatcher,
    fanOut,
    stop: async () => {
      stopping = true;
      await server.shutdown(config.SHUTDOWN_GRACE_MS);
      for (const c of consumers) await c.disconnect().catch(() => undefined);
      await dispatcher.stop();
      await purge?.stop();
      // The peer and the mailer a test gave are its own to close.
      if (!opts.accounts) accounts.close();
      if (!opts.mailer) mailer.close();
      await conn.close();
    },
  };
}
