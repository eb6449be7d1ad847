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
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch (err) {
    throw AppError.validation(
      [{ path: 'body', message: `is not valid JSON: ${(err as Error).message}` }],
      'The request body is not valid JSON.',
    );
  }
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

/** A 400 like any other invalid body: spec §7 has no status of its own for size. */
function tooLarge(limit: number): AppError {
  return AppError.validation(
    [{ path: 'body', message: `must be at most ${limit} bytes` }],
    `The request body exceeds the maximum size of ${limit} bytes.`,
  );
}
