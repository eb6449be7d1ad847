import { randomBytes } from 'node:crypto';
import { createLogger } from '@invoice-platform/common/logger';
import { connectMongo } from '@invoice-platform/common/mongo';
import { stackEnv } from '@invoice-platform/test-support/platform';
import type { Connection } from 'mongoose';
import { newSecret } from '../../src/domain/signing.ts';
import type { EndpointFields } from '../../src/domain/endpoints.ts';
import { type Models, registerModels } from '../../src/store/models.ts';

/** The running local stack's settings (the environment, else .local/stack.env). */
export const stack = stackEnv();

/** A database of its own on the real server, with the webhook service's models and indexes. */
export async function openTestDatabase(prefix: string): Promise<{ conn: Connection; models: Models }> {
  const log = createLogger('webhook-test', 'warn');
  const conn = await connectMongo(stack.MONGODB_URI!, `${prefix}_${process.pid}_${Date.now().toString(36)}`, log);
  const models = registerModels(conn);
  await Promise.all(Object.values(models).map((m) => m.createIndexes()));
  return { conn, models };
}

/** A new enabled endpoint (a random id unless given), subscribed to invoice.created. */
export function endpointFields(
  url: string,
  secret = newSecret(),
  id = `whe_${randomBytes(6).toString('hex')}`,
): EndpointFields {
  const now = new Date();
  return {
    id,
    url,
    event_types: ['invoice.created'],
    enabled: true,
    enabled_epoch: 1,
    disabled_reason: null,
    disabled_at: null,
    description: null,
    secret,
    previous_secret: null,
    previous_secret_expires_at: null,
    created_at: now,
    updated_at: now,
  };
}
