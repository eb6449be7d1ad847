import type { Logger } from './logger.ts';
import { shutdownTelemetry } from './telemetry/shutdown.ts';

/**
 * Runs `start` and stops what it started on SIGTERM/SIGINT, within the grace period, so
 * Kubernetes rollouts and the local stack's stop drain in-flight work instead of cutting it.
 * Telemetry (the preload's SDK) is flushed last, so the spans of the drain are exported too.
 */
export function runUntilSignalled(log: Logger, graceMs: number, start: () => Promise<() => Promise<void>>): void {
  let stop: (() => Promise<void>) | undefined;
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error({ graceMs }, 'shutdown took too long; exiting');
      process.exit(1);
    }, graceMs + 2000);
    force.unref();
    (stop ? stop() : Promise.resolve()).then(
      () => shutdownTelemetry().finally(() => process.exit(0)),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  start().then(
    (s) => {
      stop = s;
      if (stopping) void s().finally(() => shutdownTelemetry().finally(() => process.exit(0)));
    },
    (err: unknown) => {
      log.fatal({ err }, 'start failed');
      void shutdownTelemetry().finally(() => process.exit(1));
    },
  );
}
