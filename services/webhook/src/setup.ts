/** The chart's setup Job runs this: builds the webhook service's indexes and exits (docs/chart.md). */
import { createModelIndexes, runIndexSetup } from '@invoice-platform/common/setup';
import { configSchema } from './config.ts';
import { registerModels } from './store/models.ts';

await runIndexSetup({
  service: 'webhook',
  configSchema,
  dbNameKey: 'WEBHOOK_DB_NAME',
  createIndexes: (conn) => createModelIndexes(registerModels(conn)),
});
