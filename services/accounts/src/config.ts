import { Type } from '@sinclair/typebox';
import { commonConfig, kafkaConfig, loadConfig, mongoConfig } from '@invoice-platform/common/config';

export const configSchema = Type.Object({
  ...commonConfig,
  ...kafkaConfig,
  ...mongoConfig,
  ACCOUNTS_LISTEN_ADDR: Type.String({ default: '127.0.0.1:50051' }),
  ACCOUNTS_DB_NAME: Type.String({ default: 'accounts' }),
  /** JSON object overriding the active-key limit per plan, e.g. {"professional":5}. */
  API_KEY_LIMITS: Type.Optional(Type.String()),
});

export type Config = ReturnType<typeof loadAccountsConfig>;

export function loadAccountsConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(configSchema, env);
}
