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

// Settings only the local platform and tests have a use for (issue 29): under NODE_ENV=production a
// service refuses to start with one, naming it; elsewhere they pass.
const localOnly: [setting: string, value: string][] = [
  ['WEBHOOK_ALLOW_INSECURE_LOOPBACK', 'true'],
  ['WEBHOOK_ALLOW_INSECURE_LOOPBACK', 'false'],
  ['NODE_TLS_REJECT_UNAUTHORIZED', '0'],
  ['PAYMENT_STRIPE_BASE_URL', 'http://127.0.0.1:12111'],
  ['PAYMENT_STRIPE_BASE_URL', 'https://api.stripe.com.evil.example'],
  ['PAYMENT_MOLLIE_BASE_URL', 'https://127.0.0.1:18103/v2/'],
  ['PAYMENT_MOLLIE_BASE_URL', 'https://127.0.0.1:1@api.mollie.com/v2/'],
  ['PAYMENT_PAYPAL_BASE_URL', 'https://api-m.sandbox.paypal.com'],
  ['PAYMENT_PAYPAL_BASE_URL', 'http://api-m.paypal.com'],
  ['PAYMENT_MIDTRANS_BASE_URL', 'https://app.midtrans.com'],
  ['PAYMENT_XENDIT_BASE_URL', 'http://fake-xendit.internal'],
  ['PAYMENT_RAZORPAY_BASE_URL', 'https://api.razorpay.com:8443'],
  ['PAYMENT_ACME_BASE_URL', 'https://api.acme.example'],
];

test('loadConfig: under NODE_ENV=production a local-only setting stops the start, naming it', (t) => {
  for (const [setting, value] of localOnly) {
    const env = { URL: 'http://x', NAME: 'abc', NODE_ENV: 'production', [setting]: value };
    const err = t.throws(() => loadConfig(schema, env), undefined, `${setting}=${value}`);
    t.regex(err.message, new RegExp(`^  ${setting}: .*NODE_ENV=production`, 'm'), `${setting}=${value}`);
    for (const other of ['development', 'test'])
      t.notThrows(() => loadConfig(schema, { ...env, NODE_ENV: other }), `${setting}=${value} under ${other}`);
  }
  // Every one at once, so an operator fixes the deployment in one pass.
  const all = Object.fromEntries(localOnly.map(([setting, value]) => [setting, value]));
  const err = t.throws(() => loadConfig(schema, { URL: 'http://x', NAME: 'abc', NODE_ENV: 'production', ...all }));
  for (const setting of new Set(localOnly.map(([s]) => s))) t.regex(err.message, new RegExp(`^  ${setting}: `, 'm'));
});

test("loadConfig: under NODE_ENV=production the providers' own API bases, or none, pass", (t) => {
  const env = {
    URL: 'http://x',
    NAME: 'abc',
    NODE_ENV: 'production',
    PAYMENT_STRIPE_BASE_URL: 'https://api.stripe.com',
    PAYMENT_MOLLIE_BASE_URL: 'https://api.mollie.com/v2/',
    PAYMENT_PAYPAL_BASE_URL: 'https://api-m.paypal.com',
    PAYMENT_MIDTRANS_BASE_URL: '',
    PAYMENT_XENDIT_BASE_URL: 'https://api.xendit.co',
    PAYMENT_RAZORPAY_BASE_URL: 'https://api.razorpay.com',
    NODE_TLS_REJECT_UNAUTHORIZED: '',
  };
  t.notThrows(() => loadConfig(schema, env));
});
