import { AppError } from '@invoice-platform/common/errors';
import { fromServiceError } from '@invoice-platform/common/grpc/errors';
import { createLogger } from '@invoice-platform/common/logger';
import test from 'ava';
import type { Context } from 'koa';
import {
  CONFLICT_RETRY_AFTER_SECONDS,
  errorMiddleware,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from '../../src/http/errors.ts';

const log = createLogger('gateway-test', 'silent');

/** Runs the error middleware around a handler that throws `err`; returns what the client gets. */
async function answer(err: unknown) {
  const headers: Record<string, string> = {};
  const ctx = {
    method: 'GET',
    path: '/api/invoices/external/recurring',
    status: 200,
    body: undefined as unknown,
    set: (name: string, value: string) => (headers[name.toLowerCase()] = value),
  };
  await errorMiddleware(log)(ctx as unknown as Context, () => Promise.reject(err));
  return { status: ctx.status, body: ctx.body as { error: { name: string; status: number } }, headers };
}

// gRPC status codes (the gateway does not depend on grpc-js itself).
const UNAVAILABLE = 14;
const DEADLINE_EXCEEDED = 4;
const INTERNAL = 13;

/** A transport failure as grpc-js reports it: a status code and no application error kind. */
function transportError(code: number): Parameters<typeof fromServiceError>[0] {
  return Object.assign(new Error('No connection established'), {
    code,
    details: 'No connection established',
  }) as unknown as Parameters<typeof fromServiceError>[0];
}

for (const [what, code] of [
  ['UNAVAILABLE (the peer is down)', UNAVAILABLE],
  ['DEADLINE_EXCEEDED (the peer did not answer in time)', DEADLINE_EXCEEDED],
] as const) {
  test(`a peer's gRPC ${what} is a 503 ServiceUnavailableError with Retry-After`, async (t) => {
    const res = await answer(fromServiceError(transportError(code)));
    t.is(res.status, 503);
    t.is(res.body.error.name, 'ServiceUnavailableError');
    t.is(res.body.error.status, 503);
    t.is(res.headers['retry-after'], String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  });
}

test('a service reporting its own dependency unavailable is a 503 with Retry-After too', async (t) => {
  const res = await answer(new AppError('unavailable', 'a dependency of the service is unavailable'));
  t.is(res.status, 503);
  t.is(res.headers['retry-after'], String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  t.notRegex(JSON.stringify(res.body), /dependency/, 'the internal message is not shown');
});

test('a 409, a key in flight or a concurrent change of an invoice or series, says to retry in a second', async (t) => {
  for (const message of [
    'A request with this Idempotency-Key is still being processed. Retry shortly.',
    'The series is being changed concurrently. Retry shortly.',
  ]) {
    const res = await answer(new AppError('conflict', message));
    t.is(res.status, 409);
    t.is(res.body.error.name, 'ConflictError');
    t.is(res.headers['retry-after'], String(CONFLICT_RETRY_AFTER_SECONDS));
  }
  t.is(CONFLICT_RETRY_AFTER_SECONDS, 1);
});

test('other failures carry no Retry-After: a bug is a 500, a 429 keeps its own wait', async (t) => {
  const bug = await answer(new Error('boom'));
  t.is(bug.status, 500);
  t.is(bug.headers['retry-after'], undefined);
  const internal = await answer(fromServiceError(transportError(INTERNAL)));
  t.is(internal.status, 500);
  t.is(internal.headers['retry-after'], undefined);
  const limited = await answer(new AppError('rate_limited', 'slow down', { retry_after: 17 }));
  t.is(limited.status, 429);
  t.is(limited.headers['retry-after'], '17');
});
