import { Type } from '@sinclair/typebox';
import { commonConfig, grpcServerConfig, kafkaConfig, loadConfig, mongoConfig } from '@invoice-platform/common/config';
import { keyRingDescription, keyRingPattern } from '@invoice-platform/common/secret-box';

export const configSchema = Type.Object({
  ...commonConfig,
  ...grpcServerConfig,
  ...kafkaConfig,
  ...mongoConfig,
  ACCOUNTS_LISTEN_ADDR: Type.String({
    default: '127.0.0.1:15051',
    description: 'host:port the gRPC server listens on',
  }),
  ACCOUNTS_DB_NAME: Type.String({ default: 'accounts', description: 'Its MongoDB database' }),
  API_KEY_LIMITS: Type.Optional(
    Type.String({
      description:
        'A JSON object overriding the active-key limit per plan (docs/architecture.md#plans), e.g. {"professional":5}',
    }),
  ),
  // No default: a deployment without its own key does not start.
  ACCOUNTS_SECRET_KEYS: Type.String({
    description: `Keys sealing payment gateway credentials at rest (common/secret-box.ts), as WEBHOOK_SECRET_KEYS (${keyRingDescription})`,
    pattern: keyRingPattern,
  }),
});

export type Config = ReturnType<typeof loadAccountsConfig>;

export function loadAccountsConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(configSchema, env);
}
