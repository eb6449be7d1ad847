import { newKeyring, SecretBox, SecretBoxError } from '@invoice-platform/common/secret-box';
import test from 'ava';
import { loadWebhookConfig } from '../../src/config.ts';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwKKAhK3Jt0o4=';

test('SecretBox: a sealed secret opens to the same text and does not contain it', (t) => {
  const box = new SecretBox(newKeyring('k1'));
  const sealed = box.seal(secret);
  t.regex(sealed, /^sealed:v1:k1:[\w-]+:[\w-]+:[\w-]+$/);
  t.false(sealed.includes(secret.slice(6, 20)));
  t.is(box.open(sealed), secret);
});

test('SecretBox: sealing twice gives different texts (a fresh IV each time)', (t) => {
  const box = new SecretBox(newKeyring());
  t.not(box.seal(secret), box.seal(secret));
});

const refusals: [string, (sealed: string) => string][] = [
  ['an altered ciphertext', (s) => s.slice(0, -2) + (s.endsWith('AA') ? 'BB' : 'AA')],
  [
    'an altered tag',
    (s) =>
      s
        .split(':')
        .map((p, i) => (i === 4 ? 'A'.repeat(p.length) : p))
        .join(':'),
  ],
  ['another key id in the text', (s) => s.replace(':k1:', ':k2:')],
  ['a plain (unsealed) secret', () => secret],
];
for (const [what, alter] of refusals) {
  test(`SecretBox: ${what} is refused, not opened to garbage`, (t) => {
    const k1 = newKeyring('k1');
    const box = new SecretBox(`${k1},${newKeyring('k2')}`);
    const err = t.throws(() => box.open(alter(box.seal(secret))));
    t.true(err instanceof SecretBoxError, String(err));
  });
}

test('SecretBox: the first key seals, every listed key opens (rotation)', (t) => {
  const oldRing = newKeyring('old');
  const sealedWithOld = new SecretBox(oldRing).seal(secret);
  const rotated = new SecretBox(`${newKeyring('new')},${oldRing}`);
  t.is(rotated.open(sealedWithOld), secret);
  t.regex(rotated.seal(secret), /^sealed:v1:new:/);
  const withoutOld = new SecretBox(newKeyring('new'));
  const err = t.throws(() => withoutOld.open(sealedWithOld));
  t.regex(err!.message, /no key "old"/);
});

test('SecretBox: the same key id with other key bytes does not open', (t) => {
  const sealed = new SecretBox(newKeyring('k1')).seal(secret);
  t.throws(() => new SecretBox(newKeyring('k1')).open(sealed), { instanceOf: SecretBoxError });
});

const baseEnv = {
  KAFKA_BROKERS: '127.0.0.1:19092',
  MONGODB_URI: 'mongodb://127.0.0.1:27117',
  ACCOUNTS_ADDR: '127.0.0.1:50051',
  SMTP_URL: 'smtp://127.0.0.1:11025',
};

const keyCases: [string, string | undefined, boolean][] = [
  ['one key', newKeyring('k1'), true],
  ['two keys', `${newKeyring('k2')},${newKeyring('k1')}`, true],
  ['missing', undefined, false],
  ['no id', newKeyring('k1').slice(3), false],
  ['a 16-byte key', `k1:${Buffer.alloc(16, 1).toString('base64')}`, false],
  ['a trailing comma', `${newKeyring('k1')},`, false],
];
for (const [what, value, ok] of keyCases) {
  test(`config: WEBHOOK_SECRET_KEYS ${what} is ${ok ? 'accepted' : 'reported'}`, (t) => {
    const load = () => loadWebhookConfig({ ...baseEnv, WEBHOOK_SECRET_KEYS: value });
    if (ok) {
      t.is(load().WEBHOOK_SECRET_KEYS, value!);
      return;
    }
    const err = t.throws(load);
    t.regex(
      err!.message,
      /WEBHOOK_SECRET_KEYS: .*\(id:<base64 of 32 random bytes>, comma-separated, the first sealing\)/,
    );
    if (value) t.false(err!.message.includes(value), 'the key itself is not echoed');
  });
}
