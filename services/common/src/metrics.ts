import { metrics, type Meter } from '@opentelemetry/api';

/**
 * The one meter of the platform's own instruments (docs/observability.md "Metrics" lists them).
 * The MeterProvider and its Prometheus endpoint are registered by the telemetry preload before
 * any service module loads; without it (unit tests) every instrument is a no-op.
 *
 * Names: OpenTelemetry semantic-convention names where one exists, `invoice_platform.` otherwise.
 * The Prometheus exporter appends `_total` to counters but no unit suffix, so names measured in
 * seconds end in `_seconds` themselves.
 */
export function meter(): Meter {
  return metrics.getMeter('invoice-platform');
}

/** Bucket bounds for durations in seconds (the SDK's default bounds are meant for milliseconds). */
export const secondsBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Bucket bounds for waits that may reach hours (webhook retries, scheduler backlogs). */
export const lagBuckets = [0.1, 0.5, 1, 5, 15, 30, 60, 300, 900, 3600, 4 * 3600, 24 * 3600];
