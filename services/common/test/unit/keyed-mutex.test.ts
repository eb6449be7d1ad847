import test from 'ava';
import { KeyedMutex } from '../../src/keyed-mutex.ts';

test('KeyedMutex: one section at a time per key, keys independent, failures release the lock', async (t) => {
  const mutex = new KeyedMutex();
  let inside = 0;
  let maxInside = 0;
  const order: number[] = [];
  const work = (i: number) =>
    mutex.run('a', async () => {
      inside++;
      maxInside = Math.max(maxInside, inside);
      await new Promise((r) => setTimeout(r, 5));
      order.push(i);
      inside--;
      if (i === 2) throw new Error('boom');
      return i;
    });
  const results = await Promise.allSettled([0, 1, 2, 3, 4].map(work));
  t.is(maxInside, 1);
  t.deepEqual(order, [0, 1, 2, 3, 4]);
  t.is(results[2]!.status, 'rejected');
  t.deepEqual(await Promise.all([mutex.run('b', async () => 'b'), mutex.run('c', async () => 'c')]), ['b', 'c']);
});
