import { trace } from '@opentelemetry/api';
import { pino, type Logger } from 'pino';

export type { Logger };

// Secrets and personal data never reach the log sink, whichever field they arrive in.
const redactPaths = [
  'authorization',
  '*.authorization',
  'headers.authorization',
  'req.headers.authorization',
  'raw_key',
  '*.raw_key',
  'rawKey',
  'token',
  '*.token',
  'secret',
  '*.secret',
  'signing_secret',
  '*.signing_secret',
  'password',
  '*.password',
  'email',
  '*.email',
  'customer_email',
  '*.customer_email',
  'owner_email',
  '*.owner_email',
];

export function createLogger(service: string, level: string): Logger {
  return pino({
    level,
    base: { service },
    redact: { paths: redactPaths, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
  });
}
