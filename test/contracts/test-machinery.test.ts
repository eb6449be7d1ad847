import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';

// Test machinery stays out of the production build (issue 29): the production protos carry no
// RPC or field only tests use (those live in protos/invoiceplatform/testhooks/, served only with a
// service's test-hooks flag on), a production start refuses that flag, use cases reach crash points
// only through the hook they are given, the local sandbox providers are not imported from test/,
// and services/*/src exports no verifier that only tests call.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every file under `dir` (repo-relative) whose name ends with `ext`, node_modules left out. */
function filesUnder(dir: string, ext: string): string[] {
  if (!existsSync(path.join(root, dir))) return [];
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() && e.name !== 'node_modules'
        ? filesUnder(`${dir}/${e.name}`, ext)
        : e.isFile() && e.name.endsWith(ext)
          ? [`${dir}/${e.name}`]
          : [],
    )
    .sort();
}

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const testHooksProto = 'protos/invoiceplatform/testhooks/v1/testhooks.proto';
const productionProtos = filesUnder('protos/invoiceplatform', '.proto').filter((f) => f !== testHooksProto);

/**
 * What marks an RPC or a field as the tests': a clock RPC, or a comment saying it is honoured only
 * with test hooks, or is for tests only.
 */
const testOnly = [
  { what: 'a clock RPC', pattern: /^\s*rpc\s+\w*Clock\w*\s*\(/ },
  { what: 'a test-hooks mention', pattern: /test[ -]hooks?/i },
  { what: 'a tests-only remark', pattern: /\/\/\s*Tests(\s*\/\s*ops)?\s*:|tests only|Tests pass a/i },
];

test('protos: no production proto has a test-only RPC or field', (t) => {
  t.true(productionProtos.length >= 6, productionProtos.join(', '));
  const found: string[] = [];
  for (const file of productionProtos) {
    read(file)
      .split('\n')
      .forEach((line, i) => {
        for (const { what, pattern } of testOnly)
          if (pattern.test(line)) found.push(`${file}:${i + 1} has ${what}: ${line.trim()}`);
      });
  }
  t.deepEqual(found, []);
});

test('protos: the test-hooks service carries the clock and the sweeps at a given time', (t) => {
  t.true(existsSync(path.join(root, testHooksProto)), `${testHooksProto} is missing`);
  const rpcs = [...read(testHooksProto).matchAll(/^\s*rpc\s+(\w+)\s*\(/gm)].map((m) => m[1]);
  t.deepEqual(rpcs.sort(), ['PurgeDeliveryLogsAt', 'RunOverdueSweepAt', 'RunSchedulerAt', 'SetClock']);
});

/** The smallest environment each service loads its config with; its database is never reached. */
const startEnv: Record<string, Record<string, string>> = {
  invoice: { ACCOUNTS_ADDR: '127.0.0.1:1', PDF_ADDR: '127.0.0.1:1' },
  recurring: {
    ACCOUNTS_ADDR: '127.0.0.1:1',
    INVOICE_ADDR: '127.0.0.1:1',
    PDF_ADDR: '127.0.0.1:1',
    SMTP_URL: 'smtp://127.0.0.1:1',
  },
  webhook: {
    ACCOUNTS_ADDR: '127.0.0.1:1',
    SMTP_URL: 'smtp://127.0.0.1:1',
    WEBHOOK_SECRET_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
  },
  gateway: { ACCOUNTS_ADDR: '127.0.0.1:1', ADMIN_TOKEN: 't'.repeat(32), REDIS_URL: 'redis://127.0.0.1:1' },
};

/** Starts a service with `env`; resolves with its exit code and output, or with code null after `ms`. */
function start(service: string, env: Record<string, string>, ms = 20_000) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(root, `services/${service}/src/main.ts`)], {
      env: {
        PATH: process.env.PATH ?? '',
        KAFKA_BROKERS: '127.0.0.1:1',
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

const productionStarts: [service: string, flag: string][] = [
  ['invoice', 'INVOICE_TEST_HOOKS'],
  ['invoice', 'INVOICE_TEST_CRASH_AFTER_INSERT'],
  ['recurring', 'RECURRING_TEST_HOOKS'],
  ['recurring', 'RECURRING_TEST_CRASH_AFTER_GENERATE'],
  ['webhook', 'WEBHOOK_TEST_HOOKS'],
  ['webhook', 'WEBHOOK_TEST_CRASH_AFTER_SEND'],
  ['gateway', 'GATEWAY_TEST_HOOKS'],
];

for (const [service, flag] of productionStarts) {
  test(`production start: ${service} with ${flag}=true under NODE_ENV=production refuses to start, naming it`, async (t) => {
    const { code, output } = await start(service, { NODE_ENV: 'production', [flag]: 'true' });
    t.is(code, 1, output);
    t.regex(output, new RegExp(`${flag}: .*NODE_ENV=production`), output);
  });
}

test('production start: the same flag outside production passes the config check', async (t) => {
  // Mongo is unreachable here, so the start goes on past the config and is ended by the timeout.
  const { output } = await start('recurring', { NODE_ENV: 'test', RECURRING_TEST_HOOKS: 'true' }, 4_000);
  t.notRegex(output, /Invalid configuration/, output);
});

/** Use cases and domain code: they take the crash hook they are given, never the mechanism. */
const useCaseFiles = readdirSync(path.join(root, 'services')).flatMap((svc) => [
  ...filesUnder(`services/${svc}/src/service`, '.ts'),
  ...filesUnder(`services/${svc}/src/domain`, '.ts'),
]);

test('crash points: no use case imports the crash mechanism or calls a global crash point', (t) => {
  t.true(useCaseFiles.length > 20);
  // A type import names the hook; a value import would reach the mechanism itself.
  const found = useCaseFiles.filter((f) => /^import (?!type )[^;]*common\/test-hooks|\bcrashPoint\(/m.test(read(f)));
  t.deepEqual(found, []);
});

test('sandbox providers: the local sandbox lives in deploy/local/sandbox and imports nothing from test/', (t) => {
  const sandbox = filesUnder('deploy/local/sandbox', '.ts');
  t.true(sandbox.includes('deploy/local/sandbox/sandbox-providers.ts'), sandbox.join(', '));
  t.false(existsSync(path.join(root, 'scripts/sandbox-providers.ts')));
  t.false(existsSync(path.join(root, 'test/support/fake-providers')));
  const fromTest = sandbox.filter((f) => /from\s+'[^']*(\.\.\/)+test\/|@invoice-platform\/test-support/.test(read(f)));
  t.deepEqual(fromTest, []);
});

test('local platform: what up.sh runs (scripts/, deploy/local/) imports nothing from test/', (t) => {
  const files = [
    ...filesUnder('scripts', '.ts'),
    ...filesUnder('deploy/local/sandbox', '.ts'),
    ...filesUnder('deploy/local/dns', '.ts'),
  ];
  t.true(files.includes('scripts/local-dns.ts') && files.includes('deploy/local/dns/local-dns.ts'), files.join(', '));
  const fromTest = files.filter((f) =>
    /(from\s+|import\(\s*)'([^']*(\.\.\/)+test\/|@invoice-platform\/test-support)/.test(read(f)),
  );
  t.deepEqual(fromTest, []);
});

test('verifiers: services/*/src exports no verify function that only tests call', (t) => {
  const sources = readdirSync(path.join(root, 'services')).flatMap((svc) => filesUnder(`services/${svc}/src`, '.ts'));
  const texts = new Map(sources.map((f) => [f, read(f)]));
  const unused: string[] = [];
  for (const [file, text] of texts) {
    for (const m of text.matchAll(/^export (?:async )?function (verify\w*)/gm)) {
      const name = m[1]!;
      const usedBy = [...texts].filter(([other, body]) => other !== file && new RegExp(`\\b${name}\\b`).test(body));
      if (usedBy.length === 0) unused.push(`${file}: ${name}`);
    }
  }
  t.deepEqual(unused, []);
});
