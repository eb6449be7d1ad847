import test from 'ava';
import { newId, randomBase62 } from '../../src/ids.ts';

test('newId: 128 random bits in base62 within the public id pattern', (t) => {
  const ids = Array.from({ length: 2000 }, () => newId('inv'));
  for (const id of ids) t.regex(id, /^inv_[0-9A-Za-z]{22}$/);
  t.is(new Set(ids).size, ids.length);
});

test('randomBase62: fixed width per byte count', (t) => {
  t.is(randomBase62(16).length, 22);
  t.is(randomBase62(8).length, 11);
});
