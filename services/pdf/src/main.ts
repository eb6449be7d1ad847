import { runUntilSignalled } from '@invoice-platform/common/lifecycle';
import { createLogger } from '@invoice-platform/common/logger';
import { startPdfApp } from './app.ts';
import { loadPdfConfig } from './config.ts';

const config = loadPdfConfig();
const log = createLogger('pdf', config.LOG_LEVEL);

runUntilSignalled(log, config.SHUTDOWN_GRACE_MS, async () => {
  const app = await startPdfApp(config, log);
  return async () => {
    await app.stop();
  };
});
