import type { Connection } from 'mongoose';
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

export interface IndexSetup {
  service: string;
  mongodbUri: string;
  dbName: string;
  logLevel: string;
  createIndexes(conn: Connection): Promise<void>;
}

/**
 * The body of a service's `src/setup.ts`: builds its indexes in its own database and exits, 0 when
 * done and 1 otherwise, so the chart's pre-install/pre-upgrade Job retries or fails the release
 * before a pod of the new version serves a query without its index (docs/chart.md).
 */
export async function runIndexSetup(setup: IndexSetup): Promise<void> {
  const log = createLogger(`${setup.service}-setup`, setup.logLevel);
  try {
    const conn = await connectMongo(setup.mongodbUri, setup.dbName, log);
    try {
      await setup.createIndexes(conn);
    } finally {
      await conn.close();
    }
    log.info({ db: setup.dbName }, 'indexes ready');
  } catch (err) {
    log.error({ err, db: setup.dbName }, 'index setup failed');
    process.exitCode = 1;
  }
  // The telemetry preload's metrics server would keep the process alive; a setup step ends here.
  process.exit();
}
