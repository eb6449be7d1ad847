import { runUntilSignalled } from '@invoice-platform/common/lifecycle';
import { createLogger } from '@invoice-platform/common/logger';
import { startInvoiceApp } from './app.ts';
import { loadInvoiceConfig } from './config.ts';

const config = loadInvoiceConfig();
const log = createLogger('invoice', config.LOG_LEVEL);

runUntilSignalled(log, config.SHUTDOWN_GRACE_MS, async () => {
  const app = await startInvoiceApp(config, log);
  return async () => {
    await app.stop();
  };
});
