import test from 'ava';
import { retryWithBackoff } from '../../src/backoff.ts';

// The waits are unref'd (they must not keep a stopping service alive), so something else must keep
// the test's process up meanwhile.
function keepAlive(t: { teardown(fn: () => void): void }): void {
  const timer = setInterval(() => undefined, 1000);
  t.teardown(() => clearInterval(timer));
}

test('retryWithBackoff: retries after a failure, telling onRetry the attempt and the wait', async (t) => {
  keepAlive(t);
  let calls = 0;
  const retries: [string, number, number][] = [];
  const result = await retryWithBackoff(
    async () => {
      if (++calls === 1) throw new Error('not yet');
      return 'up';
    },
    { onRetry: (err, attempt, waitMs) => retries.push([(err as Error).message, attempt, waitMs]) },
  );
  t.is(result, 'up');
  t.deepEqual(retries, [['not yet', 1, 400]]);
});

test('retryWithBackoff: once stopped, makes no further attempt and answers undefined', async (t) => {
  keepAlive(t);
  let calls = 0;
  let stopped = false;
  const result = await retryWithBackoff(
    async () => {
      calls++;
      throw new Error('down');
    },
    { onRetry: () => (stopped = true), stopped: () => stopped },
  );
  t.is(result, undefined);
  t.is(calls, 1);
  t.is(await retryWithBackoff(async () => 'never', { onRetry: () => undefined, stopped: () => true }), undefined);
});
