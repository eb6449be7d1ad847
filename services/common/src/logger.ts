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

// An invoice id (`inv_` and 22 base62 characters, services/common/src/ids.ts) is the capability for
// its public page, and logs are read by more people than the invoices: it is written shortened to
// `inv_` and its first four characters (`inv_AbCd…`), still enough to follow one invoice through the
// logs (docs/observability.md#invoice-ids-in-logs). It is matched by its shape, so wherever it
// sits: any field at any depth, a path or URL, the message, an error's message and stack, child
// bindings. Four characters or fewer after `inv_` is not an id (`inv_AbCd…` itself): left alone.
// A credit note id (`cn_…`) opens its public PDF the same way, and is shortened alike (`cn_AbCd…`).
const plainId = /(inv|cn)_([A-Za-z0-9]{4})[A-Za-z0-9]+/g;
// Any character of an id may also arrive percent-encoded (a raw request path: the router decodes
// `/p/invoice/inv%5F…` to the same invoice). Only encodings of letters and digits are taken, so
// what is put back is never a quote or a backslash. A line holding one has `inv_` or an encoded
// character of `inv_`: the cheap test that spares the slower pattern every other line with a `%`.
const encodedAlnum = '%3[0-9]|%4[1-9A-Fa-f]|%5[0-9Aa]|%6[1-9A-Fa-f]|%7[0-9Aa]';
const encodedId = new RegExp(
  `((?:i|%69)(?:n|%6[Ee])(?:v|%76)|(?:c|%63)(?:n|%6[Ee]))(?:_|%5[Ff])((?:[A-Za-z0-9]|${encodedAlnum})+)`,
  'g',
);
const encodedPrefix = /%(?:69|6[Ee]|76|5[Ff]|63)/;
const shownChars = 4;

function decodePercent(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function shortenEncodedId(match: string, prefix: string, rest: string): string {
  const chars = decodePercent(rest);
  return chars.length <= shownChars ? match : `${decodePercent(prefix)}_${chars.slice(0, shownChars)}…`;
}

/**
 * Shortens every invoice and credit note id in one serialized log line (pino's `streamWrite`
 * hook). The line is JSON in which an id is always literal text (JSON escapes none of `inv_`,
 * `cn_`, letters, digits or `%`), so one pass over the finished line sees what per-key redaction
 * cannot (strings, messages, errors, keys it was not told of), and a line without `inv_`, `cn_`
 * or `%`, nearly all, costs three substring searches. The replacements hold no quote or backslash: the line stays the same JSON.
 */
export function shortenInvoiceIds(line: string): string {
  // The slower pattern takes plain ids too: run alone, an encoded character after the fifth would
  // leave the plain one to shorten only the part before it and the rest to be written.
  if (line.includes('%') && (line.includes('inv_') || line.includes('cn_') || encodedPrefix.test(line))) {
    return line.replace(encodedId, shortenEncodedId);
  }
  return line.includes('inv_') || line.includes('cn_') ? line.replace(plainId, `$1_$2…`) : line;
}

export function createLogger(service: string, level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service },
      redact: { paths: redactPaths, censor: '[redacted]' },
      hooks: { streamWrite: shortenInvoiceIds },
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
