/**
 * The OpenTelemetry SDK of a service, started by ./preload.ts once the import hook is in place.
 * Configured by the standard variables only (the SDK reads them itself; docs/observability.md):
 *
 * - OTEL_SERVICE_NAME: the service (set by whoever starts it: scripts/services.sh, the chart, tests);
 * - OTEL_EXPORTER_OTLP_ENDPOINT (and OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_BSP_*): spans are exported
 *   only when an endpoint is set; without one they are still made, so logs and Kafka headers carry
 *   trace ids;
 * - OTEL_EXPORTER_PROMETHEUS_HOST / OTEL_EXPORTER_PROMETHEUS_PORT: where /metrics is served
 *   (default localhost:9464; port 0 takes any free port, which the "metrics listening" log line names).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getNumberFromEnv, getStringFromEnv } from '@opentelemetry/core';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { KoaInstrumentation, KoaLayerType } from '@opentelemetry/instrumentation-koa';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { AlwaysOffSampler, NoopSpanProcessor } from '@opentelemetry/sdk-trace';
import type { Attributes, Span } from '@opentelemetry/api';
import { createLogger, shortenInvoiceIds } from '../logger.ts';
import { statementShape } from './statement.ts';
import { onTelemetryShutdown } from './shutdown.ts';

const serviceName = getStringFromEnv('OTEL_SERVICE_NAME') ?? 'unknown_service';
const log = createLogger(serviceName, 'info').child({ component: 'telemetry' });

const metricsHost = getStringFromEnv('OTEL_EXPORTER_PROMETHEUS_HOST') ?? 'localhost';
const metricsPort = getNumberFromEnv('OTEL_EXPORTER_PROMETHEUS_PORT') ?? 9464;
const exportsSpans =
  getStringFromEnv('OTEL_EXPORTER_OTLP_ENDPOINT') !== undefined ||
  getStringFromEnv('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') !== undefined;

// The exporter's own server cannot take port 0 (it reads 0 as "default"); this one can, and
// reports the port it got.
const prometheus = new PrometheusExporter({ preventServerStart: true });
const metricsServer = createServer((req, res) => {
  if (req.method === 'GET' && new URL(req.url ?? '/', 'http://x').pathname === '/metrics') {
    prometheus.getMetricsRequestHandler(req, res);
    return;
  }
  res.statusCode = 404;
  res.end();
});

/** Requests no trace is worth making for: scrapes and probes, every few seconds each. */
function ignoredIncoming(req: IncomingMessage): boolean {
  const address = metricsServer.address() as AddressInfo | null;
  if (address && req.socket.localPort === address.port) return true;
  const path = (req.url ?? '').split('?')[0];
  return path === '/livez' || path === '/readyz';
}

/**
 * An invoice id is the capability for its public page, and spans go to a collector read by as many
 * people as logs: where an instrumentation would record one (the request path and query, a Kafka
 * message key), it records the short form the logs use (docs/observability.md#invoice-ids-in-logs).
 * Merged after the instrumentation's own attributes, so these replace its values.
 */
function shortenedTarget(req: IncomingMessage): Attributes {
  const url = new URL(req.url ?? '/', 'http://x');
  const path = shortenInvoiceIds(url.pathname);
  const query = shortenInvoiceIds(url.search.slice(1));
  return {
    ...(path !== url.pathname ? { 'url.path': path } : {}),
    ...(query !== url.search.slice(1) ? { 'url.query': query } : {}),
  };
}

function shortenMessageKey(span: Span, { message }: { message: { key?: Buffer | string | null } }): void {
  if (message.key == null) return;
  const key = String(message.key);
  const short = shortenInvoiceIds(key);
  if (short !== key) span.setAttribute('messaging.kafka.message.key', short);
}

/**
 * Without a collector no span is recorded: each would be built, attributes and all, only to be
 * dropped. Spans are still started, unrecorded, so every request and event has its trace id: log
 * lines and Kafka headers carry it, and a request is still followed through the logs of every
 * service. OTEL_TRACES_SAMPLER, when set, decides as usual.
 */
const withoutCollector = {
  // Else the SDK would default to OTLP on localhost:4318.
  spanProcessors: [new NoopSpanProcessor()],
  ...(getStringFromEnv('OTEL_TRACES_SAMPLER') === undefined ? { sampler: new AlwaysOffSampler() } : {}),
};

const sdk = new NodeSDK({
  ...(exportsSpans ? {} : withoutCollector),
  metricReaders: [prometheus],
  // Logs go to stdout through pino, not through OTel.
  logRecordProcessors: [],
  instrumentations: [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: ignoredIncoming,
      startIncomingSpanHook: shortenedTarget,
      // Outgoing HTTP goes only to third parties (webhook endpoints, payment providers): no span,
      // and above all no traceparent header telling them our trace ids.
      disableOutgoingRequestInstrumentation: true,
    }),
    // The router's span only (it names the route on the server span): a span per middleware told
    // nothing the server span's duration does not, and cost one each per request.
    new KoaInstrumentation({ ignoreLayersType: [KoaLayerType.MIDDLEWARE] }),
    // grpc.health.v1 (probes, the gateway's readiness and the test platform poll it): no trace.
    new GrpcInstrumentation({ ignoreGrpcMethods: ['Check', 'Watch'] }),
    new KafkaJsInstrumentation({ producerHook: shortenMessageKey, consumerHook: shortenMessageKey }),
    // Pollers (outbox relays, schedulers, delivery workers) query every second: only operations
    // inside a traced request or message make spans, not a root trace per poll.
    // The driver's spans only: mongoose's wrapped each of them in one more span with the same
    // collection and operation.
    new MongoDBInstrumentation({ requireParentSpan: true, dbStatementSerializer: statementShape }),
    new IORedisInstrumentation({ requireParentSpan: true }),
  ],
});
sdk.start();

metricsServer.on('error', (err) => {
  // Metrics are not worth taking the service down for: its scrape target shows it down instead.
  log.error({ err: err.message, host: metricsHost, port: metricsPort }, 'metrics endpoint not served');
});
metricsServer.listen(metricsPort, metricsHost, () => {
  const { address, port } = metricsServer.address() as AddressInfo;
  log.info({ host: address, port, exports_spans: exportsSpans }, 'metrics listening');
});
// The scrape endpoint alone must not keep a service alive that has nothing else to do.
metricsServer.unref();

onTelemetryShutdown(async () => {
  await sdk.shutdown();
  await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
});
