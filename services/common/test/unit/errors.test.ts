import test from 'ava';
import { AppError, errorEnvelope, errorKinds } from '../../src/errors.ts';

test('errorEnvelope: 4xx keeps message and details', (t) => {
  const body = errorEnvelope(AppError.validation([{ path: 'body.items', message: 'is required' }]));
  t.deepEqual(body, {
    data: null,
    error: {
      status: 400,
      name: 'ValidationError',
      message: 'The request has invalid fields.',
      details: { errors: [{ path: 'body.items', message: 'is required' }] },
    },
  });
});

test('errorEnvelope: 5xx never leaks internals', (t) => {
  const body = errorEnvelope(new AppError('internal', 'mongo at 10.0.0.3 refused', { stack: 'x' }));
  t.deepEqual(body.error, { status: 500, name: 'InternalServerError', message: 'An unexpected error occurred.' });
});

test('error kinds carry the statuses and names of docs/architecture.md#errors', (t) => {
  const pairs = Object.values(errorKinds).map((k) => `${k.status} ${k.name}`);
  for (const expected of [
    '400 ValidationError',
    '400 ApplicationError',
    '402 PaymentRequiredError',
    '403 ForbiddenError',
    '404 NotFoundError',
    '409 ConflictError',
    '422 UnprocessableEntityError',
    '429 RateLimitError',
    '500 InternalServerError',
    '503 ServiceUnavailableError',
  ]) {
    t.true(pairs.includes(expected), expected);
  }
});
