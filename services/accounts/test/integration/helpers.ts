import { createLogger, type Logger } from '@invoice-platform/common/logger';
import { connectMongo } from '@invoice-platform/common/mongo';
import { newKeyring, SecretBox } from '@invoice-platform/common/secret-box';
import { stackEnv } from '@invoice-platform/test-support/platform';
import { defaultApiKeyLimits } from '../../src/domain/plans.ts';
import { accountsHandlers } from '../../src/grpc/handlers.ts';
import { ApiKeyService } from '../../src/service/api-keys.ts';
import { PaymentSetupService } from '../../src/service/payment-setup.ts';
import { WorkspaceService } from '../../src/service/workspaces.ts';
import { ApiKeyStore } from '../../src/store/api-keys.ts';
import { registerModels } from '../../src/store/models.ts';
import { PaymentAccountStore } from '../../src/store/payment-accounts.ts';
import { PaymentGatewayStore } from '../../src/store/payment-gateways.ts';
import { WorkspaceStore } from '../../src/store/workspaces.ts';

export const stack = stackEnv();
export const log = createLogger('accounts-test', process.env.TEST_LOG_LEVEL ?? 'silent');

/**
 * The gRPC handlers over `models`, with credentials sealed by `keyring` (a fresh one unless given);
 * `deps` replaces the clock or the logger, or runs the use cases as under NODE_ENV=production.
 */
export function handlersOver(
  models: ReturnType<typeof registerModels>,
  keyring = newKeyring('k1'),
  deps: { now?: () => Date; log?: Logger; production?: boolean } = {},
) {
  const stores = {
    workspaces: new WorkspaceStore(models),
    apiKeys: new ApiKeyStore(models),
    gateways: new PaymentGatewayStore(models, new SecretBox(keyring, 'ACCOUNTS_SECRET_KEYS')),
    paymentAccounts: new PaymentAccountStore(models),
  };
  const common = { notifyOutbox: () => undefined, log, ...deps };
  const payments = new PaymentSetupService({ ...stores, ...common });
  const handlers = accountsHandlers({
    workspaces: new WorkspaceService({ ...stores, ...common }),
    apiKeys: new ApiKeyService({ ...stores, keyLimits: defaultApiKeyLimits, ...common }),
    payments,
    keyLimits: defaultApiKeyLimits,
  });
  return { stores, payments, handlers };
}

/**
 * A database of its own on the local stack's MongoDB-wire server, with the accounts models and
 * indexes, and the gRPC handlers over it, called directly.
 */
export async function openTestDatabase(prefix: string) {
  const conn = await connectMongo(stack.MONGODB_URI!, `${prefix}_${process.pid}_${Date.now().toString(36)}`, log);
  const models = registerModels(conn);
  await Promise.all(Object.values(models).map((m) => m.createIndexes()));
  const { stores, handlers } = handlersOver(models);
  return {
    conn,
    models,
    stores,
    handlers,
    drop: async () => {
      await conn.dropDatabase();
      await conn.close();
    },
  };
}

/** Calls a handler as the gRPC server would, without a deadline. */
export function call<T>(handlers: Record<string, unknown>, method: string, request: object): Promise<T> {
  const handler = handlers[method] as (request: object, call: { deadline: number }) => Promise<T>;
  return handler(request, { deadline: Infinity });
}

export interface ParsedEvent {
  topic: string;
  key: string;
  id: string;
  type: string;
  workspace_id: string;
  sequence: number;
  data: Record<string, unknown>;
}

/** The events waiting in an outbox, parsed. */
export function parseOutbox(outbox: { topic: string; key: string; value: string }[]): ParsedEvent[] {
  return outbox.map((m) => ({
    topic: m.topic,
    key: m.key,
    ...(JSON.parse(m.value) as Omit<ParsedEvent, 'topic' | 'key'>),
  }));
}
