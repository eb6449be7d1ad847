import { AppError } from '@invoice-platform/common/errors';
import { type PaymentMode, paymentProviders, providerSpecs } from '@invoice-platform/common/payment-providers';
import { newKeyring } from '@invoice-platform/common/secret-box';
import test from 'ava';
import { loadAccountsConfig } from '../../src/config.ts';
import { currencyRefusal, sandboxRefusal, validateConnection } from '../../src/domain/payment-gateways.ts';

const errorsOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError && err.kind === 'validation')
      return (err.details as { errors: { path: string; message: string }[] }).errors;
    throw err;
  }
  return [];
};

for (const provider of paymentProviders) {
  const spec = providerSpecs[provider];
  test(`validateConnection: ${provider} with its required fields is accepted, in the provider's field order`, (t) => {
    const required = spec.credentials.filter((f) => f.required).map((f) => f.name);
    const given = Object.fromEntries([...required].reverse().map((name) => [name, ` ${name}-value \n`]));
    const connection = validateConnection({ provider, mode: 'live', credentials: given });
    t.is(connection.provider, provider);
    t.is(connection.mode, 'live');
    t.deepEqual(Object.keys(connection.credentials), required);
    for (const name of required) t.is(connection.credentials[name], `${name}-value`);
  });

  test(`validateConnection: ${provider} without credentials names every required field`, (t) => {
    const errors = errorsOf(() => validateConnection({ provider, mode: 'sandbox', credentials: {} }));
    t.deepEqual(
      errors.map((e) => e.path),
      spec.credentials.filter((f) => f.required).map((f) => `credentials.${f.name}`),
    );
    for (const e of errors) t.regex(e.message, new RegExp(`^is required \\(the ${spec.title} `));
  });
}

test('validateConnection: optional fields are kept when given', (t) => {
  const c = validateConnection({
    provider: 'midtrans',
    mode: 'live',
    credentials: { server_key: 's', client_key: 'c' },
  });
  t.deepEqual(c, { provider: 'midtrans', mode: 'live', credentials: { server_key: 's', client_key: 'c' } });
});

test('validateConnection: every problem is reported at once, no value repeated', (t) => {
  const errors = errorsOf(() =>
    validateConnection({
      provider: 'razorpay',
      mode: 'prod',
      credentials: { key_id: 'rzp_live_SECRETVALUE', key_secret: '  ', api_key: 'ANOTHERSECRET' },
    }),
  );
  t.deepEqual(errors, [
    { path: 'mode', message: 'must be one of: sandbox, live' },
    { path: 'credentials.key_secret', message: 'must not be empty' },
    { path: 'credentials.webhook_secret', message: 'is required (the Razorpay Webhook secret)' },
    {
      path: 'credentials.api_key',
      message: 'is not a Razorpay credential; its fields are: key_id, key_secret, webhook_secret',
    },
  ]);
  t.false(JSON.stringify(errors).includes('SECRETVALUE'));
  t.false(JSON.stringify(errors).includes('ANOTHERSECRET'));
});

test('validateConnection: an unknown provider is refused before its fields are looked at', (t) => {
  t.deepEqual(
    errorsOf(() => validateConnection({ provider: 'square', mode: 'live', credentials: { x: 'y' } })),
    [{ path: 'provider', message: 'must be one of: midtrans, xendit, stripe, paypal, razorpay, mollie' }],
  );
});

test('validateConnection: a mode is required, with no default: missing or empty names mode', (t) => {
  for (const mode of [undefined, '']) {
    t.deepEqual(
      errorsOf(() => validateConnection({ provider: 'mollie', mode, credentials: { api_key: 'test_abc' } })),
      [{ path: 'mode', message: 'is required: sandbox or live' }],
    );
  }
});

const sandboxCases: [string, PaymentMode, { production: boolean; testWorkspace: boolean }, boolean][] = [
  ['sandbox under production in a live workspace', 'sandbox', { production: true, testWorkspace: false }, true],
  ['sandbox under production in a test workspace', 'sandbox', { production: true, testWorkspace: true }, false],
  ['sandbox outside production', 'sandbox', { production: false, testWorkspace: false }, false],
  ['live under production in a live workspace', 'live', { production: true, testWorkspace: false }, false],
  ['live under production in a test workspace', 'live', { production: true, testWorkspace: true }, false],
];
for (const [what, mode, setting, refused] of sandboxCases) {
  test(`sandboxRefusal: ${what} is ${refused ? 'refused, naming mode' : 'accepted'}`, (t) => {
    const refusal = sandboxRefusal(mode, setting);
    if (!refused) return t.is(refusal, undefined);
    t.regex(refusal ?? '', /^mode sandbox is refused: this workspace is not a test workspace/);
  });
}

test('currencyRefusal: names the provider, what it takes and the invoice currency', (t) => {
  t.is(currencyRefusal('midtrans', 'USD'), 'midtrans takes only IDR; this invoice is in USD');
  t.is(currencyRefusal('midtrans', 'IDR'), undefined);
  t.is(
    currencyRefusal('razorpay', 'idr'),
    'razorpay takes only INR, USD, EUR, GBP, SGD, AED, AUD, CAD or MYR; this invoice is in IDR',
  );
  t.is(currencyRefusal('mollie', 'EUR'), undefined);
  for (const provider of paymentProviders)
    for (const currency of providerSpecs[provider].currencies) t.is(currencyRefusal(provider, currency), undefined);
});

const baseEnv = { KAFKA_BROKERS: '127.0.0.1:19092', MONGODB_URI: 'mongodb://127.0.0.1:27117' };
const keyCases: [string, string | undefined, boolean][] = [
  ['one key', newKeyring('k1'), true],
  ['two keys', `${newKeyring('k2')},${newKeyring('k1')}`, true],
  ['missing', undefined, false],
  ['a 16-byte key', `k1:${Buffer.alloc(16, 1).toString('base64')}`, false],
  ['no id', newKeyring('k1').slice(3), false],
];
for (const [what, value, ok] of keyCases) {
  test(`config: ACCOUNTS_SECRET_KEYS ${what} is ${ok ? 'accepted' : 'reported, without the key'}`, (t) => {
    const load = () => loadAccountsConfig({ ...baseEnv, ACCOUNTS_SECRET_KEYS: value });
    if (ok) {
      t.is(load().ACCOUNTS_SECRET_KEYS, value!);
      return;
    }
    const err = t.throws(load);
    t.regex(
      err!.message,
      /ACCOUNTS_SECRET_KEYS: .*\(id:<base64 of 32 random bytes>, comma-separated, the first sealing\)/,
    );
    if (value) t.false(err!.message.includes(value));
  });
}
