import { freePort } from './platform.ts';
import { sandboxPortsEnv } from './sandbox.ts';

const services = ['accounts', 'invoice', 'pdf', 'recurring', 'webhook', 'payment'] as const;

/**
 * The environment of a second local platform beside a developer's (scripts/up.sh and
 * scripts/services.sh with a PLATFORM_STATE_DIR of its own, README "Using it locally"): its own
 * state directory, gRPC, DNS, gateway, metrics and sandbox ports, databases and consumer groups,
 * over the test's own environment without pnpm's settings or CI=true (which would let up.sh's
 * `pnpm install` purge node_modules under the running suite).
 */
export async function secondPlatformEnv(
  state: string,
  runId: string,
  groupPrefix: string,
): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || /^(npm_|pnpm_|PNPM_)/i.test(key) || key === 'CI') continue;
    env[key] = value;
  }
  const port = async () => String(await freePort());
  Object.assign(env, {
    PLATFORM_STATE_DIR: state,
    LOCAL_DNS_PORT: await port(),
    GATEWAY_PORT: await port(),
    GATEWAY_ADMIN_PORT: await port(),
    KAFKA_CONSUMER_GROUP_PREFIX: groupPrefix,
    // Requests name their client in X-Forwarded-For, so this gateway never counts against
    // 127.0.0.1, which rate-limits.test.ts spends on purpose.
    TRUSTED_PROXIES: '127.0.0.1',
    ...Object.fromEntries(services.map((name) => [`${name.toUpperCase()}_DB_NAME`, `${name}_test_${runId}`])),
    // Not the default gRPC and metrics ports a developer's platform serves on (scripts/services.sh),
    // nor the sandbox providers'.
    ...Object.fromEntries(
      await Promise.all(services.map(async (name) => [`${name.toUpperCase()}_GRPC_PORT`, await port()])),
    ),
    ...Object.fromEntries(
      await Promise.all(
        [...services, 'gateway'].map(async (name) => [`${name.toUpperCase()}_METRICS_PORT`, await port()]),
      ),
    ),
    ...(await sandboxPortsEnv()),
  });
  for (const key of ['PUBLIC_BASE_URL', 'KAFKA_CONSUMER_GROUP', ...services.map((s) => `${s.toUpperCase()}_ADDR`)])
    delete env[key];
  return env;
}
