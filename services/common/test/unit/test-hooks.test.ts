import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { testFlagsInProduction } from '../../src/config.ts';
import { crashHook, noCrash } from '../../src/test-hooks.ts';

const modulePath = fileURLToPath(new URL('../../src/test-hooks.ts', import.meta.url));

/** Runs `body` in a child process with the module imported, so a crash hook can kill it. */
function runChild(body: string) {
  const script = `import { crashHook } from ${JSON.stringify(modulePath)};\n${body}`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
}

test('crashHook: the no-op hook without the test hooks, or with no point set', (t) => {
  t.is(crashHook(false, { 'invoice.after-insert': true, 'webhook.after-send': true }), noCrash);
  t.is(crashHook(true, {}), noCrash);
  t.is(crashHook(true, { 'webhook.mid-fanout': false }), noCrash);
  noCrash('invoice.after-insert');
  t.pass();
});

test('crashHook: a set point kills the process, other points pass', (t) => {
  const child = runChild(`
    const crash = crashHook(true, { 'webhook.after-send': true, 'webhook.mid-fanout': false });
    crash('webhook.mid-fanout');
    crash('invoice.after-insert');
    console.log('before');
    crash('webhook.after-send');
    console.log('after');
  `);
  t.is(child.signal, 'SIGKILL', child.stderr);
  t.is(child.stdout, 'before\n');
});

test('crashHook: each hook has its own points', (t) => {
  const child = runChild(`
    crashHook(true, { 'recurring.after-generate': true });
    const crash = crashHook(true, { 'webhook.after-send': true });
    crash('recurring.after-generate');
    console.log('passed');
  `);
  t.is(child.status, 0, child.stderr);
  t.is(child.stdout, 'passed\n');
});

const productionFlags: [title: string, config: Record<string, unknown>, refused: string[]][] = [
  ['the test hooks on', { NODE_ENV: 'production', RECURRING_TEST_HOOKS: true }, ['RECURRING_TEST_HOOKS']],
  [
    'a crash-test switch on',
    { NODE_ENV: 'production', WEBHOOK_TEST_HOOKS: false, WEBHOOK_TEST_CRASH_AFTER_SEND: true },
    ['WEBHOOK_TEST_CRASH_AFTER_SEND'],
  ],
  [
    'both, each named',
    { NODE_ENV: 'production', INVOICE_TEST_HOOKS: true, INVOICE_TEST_CRASH_AFTER_INSERT: true },
    ['INVOICE_TEST_HOOKS', 'INVOICE_TEST_CRASH_AFTER_INSERT'],
  ],
  ['the flags off', { NODE_ENV: 'production', INVOICE_TEST_HOOKS: false }, []],
  ['outside production', { NODE_ENV: 'test', INVOICE_TEST_HOOKS: true, INVOICE_TEST_CRASH_AFTER_INSERT: true }, []],
  ['a setting that only looks alike', { NODE_ENV: 'production', TEST_HOOKS_URL: true, MY_TEST_HOOKS_X: true }, []],
];

for (const [title, config, refused] of productionFlags) {
  test(`testFlagsInProduction: ${title}`, (t) => {
    const lines = testFlagsInProduction(config);
    t.deepEqual(
      lines.map((l) => l.trim().split(':')[0]),
      refused,
    );
    for (const line of lines) t.regex(line, /is for tests only and refused under NODE_ENV=production; unset it$/);
  });
}
