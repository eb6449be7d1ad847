import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { NodeSDK } from '@opentelemetry/sdk-node';

/**
 * Starts tracing before the service's own modules load so gRPC and HTTP calls carry trace
 * context. Spans are exported only when an OTLP endpoint is configured; without one, trace ids
 * still flow through logs and Kafka headers.
 */
export function startTelemetry(serviceName: string, otlpEndpoint: string | undefined): { shutdown(): Promise<void> } {
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: otlpEndpoint
      ? new OTLPTraceExporter({ url: `${otlpEndpoint.replace(/\/$/, '')}/v1/traces` })
      : undefined,
    instrumentations: [
      // Outgoing HTTP goes only to third parties (webhook endpoints, payment providers): no span,
      // and above all no traceparent header telling them our trace ids.
      new HttpInstrumentation({ ignoreOutgoingRequestHook: () => true }),
      new GrpcInstrumentation(),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
