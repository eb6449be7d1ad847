import { spawn } from 'node:child_process';
import path from 'node:path';
import test from 'ava';
import { configSchema as paymentConfig } from '../../services/payment/src/config.ts';
import { productionProviderBaseUrls } from '../../services/common/src/config.ts';
import { repoRoot } from '../support/platform.ts';

// Settings only the local platform and tests have a use for (issue 29): a payment service pointed
// at a fake provider would take forged fetch-backs for real ones, one that skips the TLS check
// would take any certificate, and a webhook service allowing plain http to loopback would reach
// the pod's own ports. A service started with one under NODE_ENV=production (as every image is)
// stops at once, naming it (services/common/src/config.ts, read by every service's config).

/** The smallest environment each service loads its config with; nothing it names is ever reached. */
const startEnv: Record<string, Record<string, string>> = {
  payment: { ACCOUNTS_ADDR: '127.0.0.1:1', INVOICE_ADDR: '127.0.0.1:1' },
  webhook: {
    ACCOUNTS_ADDR: '127.0.0.1:1',
    KAFKA_BROKERS: '127.0.0.1:1',
    SMTP_URL: 'smtp://127.0.0.1:1',
    WEBHOOK_SECRET_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
  },
};

/** Starts a service with `env`; resolves with its exit code and output, or with code null after `ms`. */
function start(service: string, env: Record<string, string>, ms = 60_000) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, `services/${service}/src/main.ts`)], {
      env: {
        PATH: process.env.PATH ?? '',
        MONGODB_URI: 'mongodb://127.0.0.1:1/never',
        LOG_LEVEL: 'error',
        ...startEnv[service],
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const refused: [service: string, setting: string, value: string][] = [
  ['webhook', 'WEBHOOK_ALLOW_INSECURE_LOOPBACK', 'true'],
  ['payment', 'NODE_TLS_REJECT_UNAUTHORIZED', '0'],
  ['payment', 'PAYMENT_STRIPE_BASE_URL', 'http://127.0.0.1:12111'],
  ['payment', 'PAYMENT_MOLLIE_BASE_URL', 'https://127.0.0.1:1@api.mollie.com/v2/'],
  ['payment', 'PAYMENT_PAYPAL_BASE_URL', 'https://api-m.sandbox.paypal.com'],
  ['payment', 'PAYMENT_MIDTRANS_BASE_URL', 'http://127.0.0.1:18106'],
  ['payment', 'PAYMENT_XENDIT_BASE_URL', 'http://127.0.0.1:18107'],
  ['payment', 'PAYMENT_RAZORPAY_BASE_URL', 'http://127.0.0.1:18108'],
];

for (const [service, setting, value] of refused) {
  // One at a time: each start loads a whole service, and a loaded machine must not time them out.
  test.serial(
    `production start: ${service} with ${setting}=${value} under NODE_ENV=production refuses to start, naming it`,
    async (t) => {
      const { code, output } = await start(service, { NODE_ENV: 'production', [setting]: value });
      t.is(code, 1, output);
      t.regex(output, new RegExp(`${setting}: .*NODE_ENV=production`), output);
    },
  );
}

test.serial("production start: payment with the providers' own API bases passes the config check", async (t) => {
  const bases = Object.fromEntries(Object.entries(productionProviderBaseUrls).map(([k, v]) => [k, v[0] ?? '']));
  const { output } = await start('payment', { NODE_ENV: 'production', ...bases });
  t.notRegex(output, /Invalid configuration/, output);
  // Past the config: it stopped only at the database, which is never reachable here.
  t.regex(output, /start failed/, output);
});

test("the payment service's default API bases are the ones production allows", (t) => {
  const keys = Object.keys(paymentConfig.properties).filter((k) => /^PAYMENT_[A-Z]+_BASE_URL$/.test(k));
  t.deepEqual(keys.sort(), Object.keys(productionProviderBaseUrls).sort());
  for (const key of keys) {
    const fallback = (paymentConfig.properties as Record<string, { default?: string }>)[key]!.default ?? '';
    t.true(fallback === '' || productionProviderBaseUrls[key]!.includes(fallback), `${key}: ${fallback}`);
  }
});
