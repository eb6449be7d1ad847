import { Type } from '@sinclair/typebox';
import { commonConfig, grpcServerConfig, kafkaConfig, loadConfig, mongoConfig } from '@invoice-platform/common/config';
import { keyRingDescription, keyRingPattern } from '@invoice-platform/common/secret-box';

export const configSchema = Type.Object({
  ...commonConfig,
  ...grpcServerConfig,
  ...kafkaConfig,
  ...mongoConfig,
  ACCOUNTS_LISTEN_ADDR: Type.String({ default: '127.0.0.1:15051' }),
  ACCOUNTS_DB_NAME: Type.String({ default: 'accounts' }),
  /** JSON object overriding the active-key limit per plan, e.g. {"professional":5}. */
  API_KEY_LIMITS: Type.Optional(Type.String()),
  /**
   * Keys sealing payment gateway credentials at rest (common/secret-box.ts), in the same format as
   * the webhook service's key ring. No default: a deployment without its own key does not start.
   */
  ACCOUNTS_SECRET_KEYS: Type.String({ description: keyRingDescription, pattern: keyRingPattern }),
});

export type Config = ReturnType<typeof loadAccountsConfig>;

export function loadAccountsConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(configSchema, env);
}
