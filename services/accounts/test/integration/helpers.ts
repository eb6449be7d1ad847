import { createCipheriv, randomBytes } from 'node:crypto';
import { createLogger } from '@invoice-platform/common/logger';
import { connectMongo } from '@invoice-platform/common/mongo';
import { newKeyring, SecretBox } from '@invoice-platform/common/secret-box';
import { stackEnv } from '@invoice-platform/test-support/platform';
import { defaultApiKeyLimits } from '../../src/domain/plans.ts';
import { accountsHandlers } from '../../src/grpc/handlers.ts';
import { ApiKeyService } from '../../src/service/api-keys.ts';
import type { AccountsDeps } from '../../src/service/deps.ts';
import { PaymentSetupService } from '../../src/service/payment-setup.ts';
import { WorkspaceService } from '../../src/service/workspaces.ts';
import { registerModels } from '../../src/store/models.ts';
import { AccountsRepository } from '../../src/store/repository.ts';

export const stack = stackEnv();
export const log = createLogger('accounts-test', process.env.TEST_LOG_LEVEL ?? 'silent');

/**
 * The gRPC handlers over `models`, with credentials sealed by `keyring` (a fresh one unless given);
 * `deps` replaces the clock or the logger.
 */
export function handlersOver(
  models: ReturnType<typeof registerModels>,
  keyring = newKeyring('k1'),
  deps: Partial<Pick<AccountsDeps, 'now' | 'log'>> = {},
) {
  const repo = new AccountsRepository(models, new SecretBox(keyring, 'ACCOUNTS_SECRET_KEYS'));
  const all: AccountsDeps = { repo, keyLimits: defaultApiKeyLimits, notifyOutbox: () => undefined, log, ...deps };
  const payments = new PaymentSetupService(all);
  const handlers = accountsHandlers({
    workspaces: new WorkspaceService(all),
    apiKeys: new ApiKeyService(all),
    payments,
    keyLimits: defaultApiKeyLimits,
  });
  return { repo, payments, handlers };
}

/**
 * `plain` sealed as the v1 format did, before sealed secrets were bound to their record: the GCM
 * additional data is the key id alone. With the first key of `keyring`.
 */
export function sealV1(keyring: string, plain: string): string {
  const [id, b64] = keyring.split(',')[0]!.split(':') as [string, string];
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(b64, 'base64'), iv);
  cipher.setAAD(Buffer.from(id));
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `sealed:v1:${id}:${[iv, cipher.getAuthTag(), ct].map((b) => b.toString('base64url')).join(':')}`;
}

/**
 * A database of its own on the local stack's MongoDB-wire server, with the accounts models and
 * indexes, and the gRPC handlers over it, called directly.
 */
export async function openTestDatabase(prefix: string) {
  const conn = await connectMongo(stack.MONGODB_URI!, `${prefix}_${process.pid}_${Date.now().toString(36)}`, log);
  const models = registerModels(conn);
  await Promise.all(Object.values(models).map((m) => m.createIndexes()));
  const { repo, handlers } = handlersOver(models);
  return {
    conn,
    models,
    repo,
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
