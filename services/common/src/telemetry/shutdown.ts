/**
 * The seam between the telemetry preload and a service's own shutdown. The preload (loaded with
 * `node --import`, docs/observability.md) registers how to flush and stop the SDK; the service's
 * lifecycle calls `shutdownTelemetry()` once its own work has stopped, so the spans and metrics
 * of the drain itself are still exported. Without the preload there is nothing to flush.
 *
 * This module must stay free of SDK imports: services import it whether or not the preload ran.
 */
let registered: (() => Promise<void>) | undefined;

export function onTelemetryShutdown(shutdown: () => Promise<void>): void {
  registered = shutdown;
}

/**
 * Flushes and stops the SDK, at most once, waiting at most `maxMs` (an unreachable collector must
 * not hold a stopping service); never throws: telemetry must not fail a shutdown.
 */
export async function shutdownTelemetry(maxMs = 5000): Promise<void> {
  const shutdown = registered;
  registered = undefined;
  if (!shutdown) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxMs);
    timer.unref();
  });
  await Promise.race([shutdown().catch(() => undefined), timeout]);
  clearTimeout(timer);
}
