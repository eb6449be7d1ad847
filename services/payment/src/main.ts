import { runUntilSignalled } from '@invoice-platform/common/lifecycle';
import { createLogger } from '@invoice-platform/common/logger';
import { startPaymentApp } from './app.ts';
import { loadPaymentConfig } from './config.ts';

const config = loadPaymentConfig();
const log = createLogger('payment', config.LOG_LEVEL);

runUntilSignalled(log, config.SHUTDOWN_GRACE_MS, async () => {
  const app = await startPaymentApp(config, log);
  return async () => {
    await app.stop();
  };
});
