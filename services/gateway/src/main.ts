import { runUntilSignalled } from '@invoice-platform/common/lifecycle';
import { createLogger } from '@invoice-platform/common/logger';
import { startGatewayApp } from './app.ts';
import { loadGatewayConfig } from './config.ts';

const config = loadGatewayConfig();
const log = createLogger('gateway', config.LOG_LEVEL);

runUntilSignalled(log, config.SHUTDOWN_GRACE_MS, async () => {
  const app = await startGatewayApp(config, log);
  return async () => {
    await app.stop();
  };
});
