import type { IncomingMessage } from 'node:http';
import { AppError } from '@invoice-platform/common/errors';

/**
 * Reads a JSON request body of at most `limit` bytes. No body gives undefined; a body that is
 * too large is refused as soon as its declared or received size passes the limit, before it is
 * buffered; text that is not JSON is a 400, never a 500.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const bytes = await readRawBody(req, limit);
  if (bytes.length === 0) return undefined;
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw AppError.validation(
      [{ path: 'headers.content-type', message: 'must be application/json' }],
      'The request body must be JSON.',
    );
  }
  const text = bytes.toString('utf8');
  if (nestingDepth(text) > MAX_JSON_DEPTH) {
    throw AppError.validation(
      [{ path: 'body', message: `must not nest objects and arrays more than ${MAX_JSON_DEPTH} levels deep` }],
      'The request body is nested too deeply.',
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw AppError.validation(
      [{ path: 'body', message: `is not valid JSON: ${(err as Error).message}` }],
      'The request body is not valid JSON.',
    );
  }
}

/** No request of the API nests deeper than a few levels; validators recurse, so depth is bounded first. */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of objects and arrays in JSON text (brackets inside strings do not count). */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/**
 * A request body as bytes, at most `limit` of them: refused (400) as soon as its declared or
 * received size passes the limit, before more is buffered.
 */
export async function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * A 400 like any other invalid body: the error statuses have none of their own for size
 * (docs/architecture.md#errors).
 */
function tooLarge(limit: number): AppError {
  return AppError.validation(
    [{ path: 'body', message: `must be at most ${limit} bytes` }],
    `The request body exceeds the maximum size of ${limit} bytes.`,
  );
}
