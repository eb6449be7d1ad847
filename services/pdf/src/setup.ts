/**
 * Builds this service's MongoDB indexes and exits: the chart's setup Job runs it before every
 * install and upgrade, so new indexes exist before pods of the new version query them; main.ts
 * builds the same ones at start, a no-op then (docs/chart.md).
 */
import { runIndexSetup } from '@invoice-platform/common/setup';
import { loadPdfSetupConfig } from './config.ts';
import { createPdfIndexes } from './store/indexes.ts';

const config = loadPdfSetupConfig();
await runIndexSetup({
  service: 'pdf',
  mongodbUri: config.MONGODB_URI,
  dbName: config.PDF_DB_NAME,
  logLevel: config.LOG_LEVEL,
  createIndexes: (conn) => createPdfIndexes(conn),
});
