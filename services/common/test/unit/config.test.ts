import { Type } from '@sinclair/typebox';
import test from 'ava';
import { loadConfig } from '../../src/config.ts';

const schema = Type.Object({
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8080 }),
  URL: Type.String({ pattern: '^https?://' }),
  NAME: Type.String({ minLength: 3 }),
});

test('loadConfig: converts and defaults', (t) => {
  t.deepEqual(loadConfig(schema, { URL: 'http://x', NAME: 'abc' }), { PORT: 8080, URL: 'http://x', NAME: 'abc' });
  t.is(loadConfig(schema, { PORT: '9000', URL: 'http://x', NAME: 'abc' }).PORT, 9000);
});

test('loadConfig: reports every bad key at once', (t) => {
  const err = t.throws(() => loadConfig(schema, { PORT: 'ninety', URL: 'ftp://x' }));
  t.regex(err.message, /PORT/);
  t.regex(err.message, /URL/);
  t.regex(err.message, /NAME/);
});
