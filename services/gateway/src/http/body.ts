import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
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
 * received size passes the limit, before more is buffered. The stream is only paused then, never
 * destroyed (which would cut the connection before the refusal is sent): `settleUnreadBody` deals
 * with the rest.
 */
export function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData).off('end', onEnd).off('error', onError);
      req.pause();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        reject(tooLarge(limit));
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    req.on('data', onData).once('end', onEnd).once('error', onError);
  });
}

/** The rest of a body nobody read is read (and dropped) while it keeps coming: a pause this long ends it. */
const drainIdleMs = 1_000;
/** …and for this long at most. */
const drainTotalMs = 10_000;

/**
 * An answer given before the request's body was read in full (a refusal: too large, no key, rate
 * limited, an unknown route) must not leave the rest of that body on a kept-alive connection: Node
 * then keeps the connection open without reading on, so the client's next request on it is never
 * answered and the socket is reset at the keep-alive timeout (the notification fuzzing caught it).
 * Before the answer goes, the rest is read and dropped while it keeps arriving, up to `drainLimit`
 * bytes; a body beyond that, one that stalls or one that can no longer be read gets
 * `Connection: close` instead, so no client sends another request on that connection.
 */
export function settleUnreadBody(drainLimit: number): Middleware {
  return async (ctx, next) => {
    await next();
    const req = ctx.req;
    if (req.complete) return;
    const declared = Number(req.headers['content-length'] ?? NaN);
    const drained =
      !req.destroyed && !(Number.isFinite(declared) && declared > drainLimit) && (await drain(req, drainLimit));
    if (!drained) ctx.set('Connection', 'close');
  };
}

/** Reads `req` to its end and drops it: true when it ended within `limit` bytes, without stalling. */
function drain(req: IncomingMessage, limit: number): Promise<boolean> {
  return new Promise((resolve) => {
    let size = 0;
    const finish = (ended: boolean) => {
      clearTimeout(idle);
      clearTimeout(total);
      req.off('data', onData).off('end', onEnd).off('error', onError);
      if (!ended) req.pause();
      resolve(ended);
    };
    const stalled = () => finish(false);
    const idle = setTimeout(stalled, drainIdleMs);
    const total = setTimeout(stalled, drainTotalMs);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return finish(false);
      idle.refresh();
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    req.on('data', onData).once('end', onEnd).once('error', onError);
    req.resume();
  });
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
