import test from 'ava';
import { answersWithin, checkAll } from '../../src/health.ts';

test('answersWithin: true when the probe succeeds in time; false when it fails, throws or hangs', async (t) => {
  t.true(await answersWithin(() => Promise.resolve('PONG'), 100));
  t.false(await answersWithin(() => Promise.reject(new Error('down')), 100));
  t.false(
    await answersWithin(() => {
      throw new Error('not connected');
    }, 100),
  );
  t.false(await answersWithin(() => new Promise(() => undefined), 20));
});

test('checkAll: runs the checks at once and names each result, in the order given', async (t) => {
  const started: string[] = [];
  const report = await checkAll({
    redis: () => {
      started.push('redis');
      return new Promise((resolve) => setTimeout(() => resolve(true), 20));
    },
    kafka: () => {
      started.push('kafka');
      return Promise.resolve(false);
    },
    consumer: () => true,
  });
  t.deepEqual(started, ['redis', 'kafka']);
  t.deepEqual(Object.entries(report), [
    ['redis', true],
    ['kafka', false],
    ['consumer', true],
  ]);
});
