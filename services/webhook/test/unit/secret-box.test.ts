import { newKeyring } from '@invoice-platform/common/secret-box';
import test from 'ava';
import { loadWebhookConfig } from '../../src/config.ts';

// SecretBox itself (sealing, binding, refusals, the v1 re-seal) is tested in
// common/test/unit/secret-box.test.ts; here, the webhook service's key ring setting.

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
