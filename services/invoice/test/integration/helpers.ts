import mongoose from 'mongoose';
import { stackEnv } from '@invoice-platform/test-support/platform';
import { registerModels } from '../../src/store/models.ts';

/** A database of its own on the local stack's MongoDB-wire server, with the invoice models and indexes. */
export async function openTestDatabase(prefix: string) {
  const dbName = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const conn = await mongoose.createConnection(stackEnv().MONGODB_URI!, { dbName }).asPromise();
  const models = registerModels(conn);
  await Promise.all(Object.values(models).map((m) => m.createIndexes()));
  return {
    models,
    drop: async () => {
      await conn.dropDatabase().catch(() => undefined);
      await conn.close();
    },
  };
}
