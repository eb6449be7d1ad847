import { runUntilSignalled } from '@invoice-platform/common/lifecycle';
import { createLogger } from '@invoice-platform/common/logger';
import { startRecurringApp } from './app.ts';
import { loadRecurringConfig } from './config.ts';

const config = loadRecurringConfig();
const log = createLogger('recurring', config.LOG_LEVEL);

runUntilSignalled(log, config.SHUTDOWN_GRACE_MS, async () => {
  const app = await startRecurringApp(config, log);
  return async () => {
    await app.stop();
  };
});
