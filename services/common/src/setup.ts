import { type TObject, Type } from '@sinclair/typebox';
import type { Connection } from 'mongoose';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { connectMongo } from './mongo.ts';

/** A mongoose model, as far as building its indexes goes. */
interface Indexed {
  createIndexes(): Promise<unknown>;
}

/** Builds every index the models declare; a no-op for the ones already there. */
export async function createModelIndexes(models: Record<string, Indexed>): Promise<void> {
  await Promise.all(Object.values(models).map((m) => m.createIndexes()));
}

export interface IndexSetup<T extends TObject> {
  service: string;
  /**
   * The service's env schema. Only LOG_LEVEL, MONGODB_URI and `dbNameKey` are read from it: the
   * chart's setup Job has no peers or key rings to give.
   */
  configSchema: T;
  dbNameKey: keyof T['properties'] & string;
  createIndexes(conn: Connection): Promise<void>;
}

/**
 * The body of a service's `src/setup.ts`: builds its indexes in its own database and exits, 0 when
 * done and 1 otherwise, so the chart's pre-install/pre-upgrade Job retries or fails the release
 * before a pod of the new version serves a query without its index (docs/chart.md).
 */
export async function runIndexSetup<T extends TObject>(setup: IndexSetup<T>): Promise<void> {
  const keys = ['LOG_LEVEL', 'MONGODB_URI', setup.dbNameKey];
  const schema = Type.Object(Object.fromEntries(keys.map((key) => [key, setup.configSchema.properties[key]!])));
  const config = loadConfig(schema) as Record<string, string>;
  const dbName = config[setup.dbNameKey]!;
  const log = createLogger(`${setup.service}-setup`, config.LOG_LEVEL!);
  try {
    const conn = await connectMongo(config.MONGODB_URI!, dbName, log);
    try {
      await setup.createIndexes(conn);
    } finally {
      await conn.close();
    }
    log.info({ db: dbName }, 'indexes ready');
  } catch (err) {
    log.error({ err, db: dbName }, 'index setup failed');
    process.exitCode = 1;
  }
  // The telemetry preload's metrics server would keep the process alive; a setup step ends here.
  process.exit();
}
