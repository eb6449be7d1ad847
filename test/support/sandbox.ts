import { portNames } from '@invoice-platform/sandbox/sandbox-providers';
import { freePort } from './platform.ts';

/**
 * Ports of a test platform's own for scripts/services.sh's `sandbox` unit (the sandbox payment
 * providers, PAY_SANDBOX_<NAME>_PORT), so that up.sh in a test never meets a developer's sandbox
 * on the default ports (PAY_SANDBOX_PORT_BASE, 18100 onwards) or another test platform's.
 */
export async function sandboxPortsEnv(): Promise<Record<string, string>> {
  return Object.fromEntries(
    await Promise.all(portNames.map(async (name) => [`PAY_SANDBOX_${name}_PORT`, String(await freePort())])),
  );
}
