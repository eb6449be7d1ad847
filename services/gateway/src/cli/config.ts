import { Type } from '@sinclair/typebox';
import { loadConfig } from '@invoice-platform/common/config';

export const cliConfigSchema = Type.Object({
  ADMIN_URL: Type.String({ pattern: '^https?://', default: 'http://127.0.0.1:8081' }),
  ADMIN_TOKEN: Type.Optional(Type.String()),
});

export function loadCliConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(cliConfigSchema, env);
}
