import { runUntilSignalled } from '@invoice-platform/common/lifecycle';
import { createLogger } from '@invoice-platform/common/logger';
import { startAccountsApp } from './app.ts';
import { loadAccountsConfig } from './config.ts';

const config = loadAccountsConfig();
const log = createLogger('accounts', config.LOG_LEVEL);

runUntilSignalled(log, config.SHUTDOWN_GRACE_MS, async () => {
  const app = await startAccountsApp(config, log);
  return async () => {
    await app.stop();
  };
});
