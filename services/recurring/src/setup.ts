/**
 * Builds this service's MongoDB indexes and exits: the chart's setup Job runs it before every
 * install and upgrade, so new indexes exist before pods of the new version query them; main.ts
 * builds the same ones at start, a no-op then (docs/chart.md).
 */
import { createModelIndexes, runIndexSetup } from '@invoice-platform/common/setup';
import { loadRecurringSetupConfig } from './config.ts';
import { registerModels } from './store/models.ts';

const config = loadRecurringSetupConfig();
await runIndexSetup({
  service: 'recurring',
  mongodbUri: config.MONGODB_URI,
  dbName: config.RECURRING_DB_NAME,
  logLevel: config.LOG_LEVEL,
  createIndexes: (conn) => createModelIndexes(registerModels(conn)),
});
