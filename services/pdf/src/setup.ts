/** The chart's setup Job runs this: builds the pdf service's indexes and exits (docs/chart.md). */
import { runIndexSetup } from '@invoice-platform/common/setup';
import { configSchema } from './config.ts';
import { createPdfIndexes } from './store/indexes.ts';

await runIndexSetup({
  service: 'pdf',
  configSchema,
  dbNameKey: 'PDF_DB_NAME',
  createIndexes: (conn) => createPdfIndexes(conn),
});
