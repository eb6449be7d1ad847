import test from 'ava';
import { withTimeout } from '../../src/timeouts.ts';

test('withTimeout: a promise settled in time passes through, value or error', async (t) => {
  t.is(await withTimeout(Promise.resolve(7), 100), 7);
  await t.throwsAsync(withTimeout(Promise.reject(new Error('boom')), 100), { message: 'boom' });
  await t.throwsAsync(withTimeout(Promise.reject('text'), 100), { instanceOf: Error, message: 'text' });
});

test('withTimeout: a promise still pending when the time is up rejects', async (t) => {
  await t.throwsAsync(withTimeout(new Promise(() => undefined), 20), { message: 'timed out after 20 ms' });
});
