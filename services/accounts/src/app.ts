import { connectionAge } from '@invoice-platform/common/config';
import { type RunningGrpcServer, startGrpcServer } from '@invoice-platform/common/grpc/server';
import { createKafka, createProducer } from '@invoice-platform/common/kafka';
import type { Logger } from '@invoice-platform/common/logger';
import { connectMongo, mongoReachable } from '@invoice-platform/common/mongo';
import { SecretBox } from '@invoice-platform/common/secret-box';
import { platformService } from '@invoice-platform/common/services';
import { createModelIndexes } from '@invoice-platform/common/setup';
import { OutboxRelay } from '@invoice-platform/common/store/outbox-relay';
import type { Config } from './config.ts';
import { parseApiKeyLimits } from './domain/plans.ts';
import { accountsHandlers } from './grpc/handlers.ts';
import { ApiKeyService } from './service/api-keys.ts';
import { PaymentSetupService } from './service/payment-setup.ts';
import { WorkspaceService } from './service/workspaces.ts';
import { ApiKeyStore } from './store/api-keys.ts';
import { registerModels } from './store/models.ts';
import { PaymentAccountStore } from './store/payment-accounts.ts';
import { PaymentGatewayStore } from './store/payment-gateways.ts';
import { WorkspaceStore } from './store/workspaces.ts';

export interface AccountsApp {
  server: RunningGrpcServer;
  stop(): Promise<void>;
}

/**
 * Wires the accounts service: Mongo, the outbox relay to Kafka, the use cases (after resealing
 * v1-sealed credentials) and the gRPC server. main.ts only runs it under signal handling.
 */
export async function startAccountsApp(config: Config, log: Logger): Promise<AccountsApp> {
  const keyLimits = parseApiKeyLimits(config.API_KEY_LIMITS);
  const box = new SecretBox(config.ACCOUNTS_SECRET_KEYS, 'ACCOUNTS_SECRET_KEYS');
  const conn = await connectMongo(config.MONGODB_URI, config.ACCOUNTS_DB_NAME, log);
  const models = registerModels(conn);
  await createModelIndexes(models);

  const producer = createProducer(createKafka('accounts', config.KAFKA_BROKERS, log));
  const relay = new OutboxRelay({ models: [models.Workspace, models.ApiKey], producer, log });
  relay.start();
  const workspaces = new WorkspaceStore(models);
  const notifyOutbox = () => relay.notify();
  const payments = new PaymentSetupService({
    workspaces,
    gateways: new PaymentGatewayStore(models, box),
    paymentAccounts: new PaymentAccountStore(models),
    log,
    production: config.NODE_ENV === 'production',
  });
  // Before serving: the credentials lookup refuses what is still sealed in the v1 format.
  await payments.resealV1Credentials();

  const server = await startGrpcServer({
    addr: config.ACCOUNTS_LISTEN_ADDR,
    connectionAge: connectionAge(config),
    services: [
      {
        service: platformService('accounts'),
        handlers: accountsHandlers({
          workspaces: new WorkspaceService({ workspaces, notifyOutbox }),
          apiKeys: new ApiKeyService({ apiKeys: new ApiKeyStore(models), workspaces, keyLimits, notifyOutbox, log }),
          payments,
          keyLimits,
        }),
      },
    ],
    // Its own RPCs need only the database; peers and Kafka are checked per call or retried by the
    // outbox relay, so their outage never makes this service unready (docs/health.md).
    isReady: () => mongoReachable(conn),
    log,
  });
  log.info({ addr: config.ACCOUNTS_LISTEN_ADDR, port: server.port }, 'accounts listening');

  return {
    server,
    stop: async () => {
      await server.shutdown(config.SHUTDOWN_GRACE_MS);
      await relay.stop();
      await producer.disconnect();
      await conn.close();
    },
  };
}
