import { runUntilSignalled } from '@invoice-platform/common/lifecycle';
import { createLogger } from '@invoice-platform/common/logger';
import { startWebhookApp } from './app.ts';
import { loadWebhookConfig } from './config.ts';

const config = loadWebhookConfig();
const log = createLogger('webhook', config.LOG_LEVEL);

runUntilSignalled(log, config.SHUTDOWN_GRACE_MS, async () => {
  const app = await startWebhookApp(config, log);
  return async () => {
    await app.stop();
  };
});
