import { trace } from '@opentelemetry/api';
import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';

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
  // Payment gateway credentials (accounts, payment): the whole map, whatever its fields are called.
  'credentials',
  '*.credentials',
  'email',
  '*.email',
  'customer_email',
  '*.customer_email',
  'owner_email',
  '*.owner_email',
];

/** `destination` is stdout unless given (tests read what would be logged). */
export function createLogger(service: string, level: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
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
  };
  return destination ? pino(options, destination) : pino(options);
}
