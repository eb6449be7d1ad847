import { trace } from '@opentelemetry/api';
import { type DestinationStream, pino, type Logger } from 'pino';

export type { Logger };

// Secrets and personal data never reach the log sink, whichever field they arrive in and however
// deep: pino matches `*` one level at a time, so each key is listed at every depth up to
// `redactDepth` (arrays count as a level).
const redactedKeys = [
  'authorization',
  'cookie',
  'raw_key',
  'rawKey',
  'token',
  'secret',
  'signing_secret',
  'password',
  'credentials',
  'api_key',
  'server_key',
  'secret_key',
  'client_secret',
  'key_secret',
  'webhook_secret',
  'callback_token',
  'email',
  'customer_email',
  'owner_email',
];
const redactDepth = 6;
const redactPaths = redactedKeys.flatMap((key) =>
  Array.from({ length: redactDepth }, (_, depth) => [...Array<string>(depth).fill('*'), key].join('.')),
);

export function createLogger(service: string, level: string, destination?: DestinationStream): Logger {
  return pino(
    {
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
    },
    destination,
  );
}
