/** The chart's setup Job runs this: builds the invoice service's indexes and exits (docs/chart.md). */
import { createModelIndexes, runIndexSetup } from '@invoice-platform/common/setup';
import { configSchema } from './config.ts';
import { registerModels } from './store/models.ts';

await runIndexSetup({
  service: 'invoice',
  configSchema,
  dbNameKey: 'INVOICE_DB_NAME',
  createIndexes: (conn) => createModelIndexes(registerModels(conn)),
});
