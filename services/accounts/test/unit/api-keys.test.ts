import test from 'ava';
import { apiKeyMatches, hashApiKey, newApiKey, parseApiKey } from '../../src/domain/api-keys.ts';

test('newApiKey: raw key parses back to its id and only the hash is kept', (t) => {
  const key = newApiKey();
  t.regex(key.raw, /^ipk_[A-Za-z0-9]{12}_[A-Za-z0-9]{32,}$/);
  t.is(parseApiKey(key.raw), key.keyId);
  t.is(key.prefix, `ipk_${key.keyId}`);
  t.is(key.hash, hashApiKey(key.raw));
  t.false(key.hash.includes(key.raw));
});

test('newApiKey: keys are unique', (t) => {
  const keys = new Set(Array.from({ length: 1000 }, () => newApiKey().raw));
  t.is(keys.size, 1000);
});

for (const malformed of [
  '',
  'ipk_',
  'Bearer x',
  'ipk_short_secret',
  `ipk_${'a'.repeat(12)}_${'b'.repeat(31)}`,
  `xyz_${'a'.repeat(12)}_${'b'.repeat(40)}`,
]) {
  test(`parseApiKey refuses malformed ${JSON.stringify(malformed.slice(0, 20))}`, (t) =>
    t.is(parseApiKey(malformed), null));
}

test('apiKeyMatches: only the exact key matches', (t) => {
  const key = newApiKey();
  t.true(apiKeyMatches(key.raw, key.hash));
  const last = key.raw.at(-1) === 'x' ? 'y' : 'x';
  t.false(apiKeyMatches(`${key.raw.slice(0, -1)}${last}`, key.hash));
  t.false(apiKeyMatches(key.raw, 'abcd'));
});
