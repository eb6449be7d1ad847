import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { armCrashPoints, crashPoint } from '../../src/test-hooks.ts';

const modulePath = fileURLToPath(new URL('../../src/test-hooks.ts', import.meta.url));

/** Runs `body` in a child process with the module imported, so a crash point can kill it. */
function runChild(body: string) {
  const script = `import { armCrashPoints, crashPoint } from ${JSON.stringify(modulePath)};\n${body}`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
}

test('crashPoint: a no-op when nothing is armed, and when points are set without the test hooks', (t) => {
  crashPoint('invoice.after-insert');
  armCrashPoints(false, { 'invoice.after-insert': true, 'webhook.after-send': true });
  crashPoint('invoice.after-insert');
  crashPoint('webhook.after-send');
  armCrashPoints(false, {});
  t.pass();
});

test('crashPoint: an armed point kills the process, other points pass', (t) => {
  const child = runChild(`
    armCrashPoints(true, { 'webhook.after-send': true, 'webhook.mid-fanout': false });
    crashPoint('webhook.mid-fanout');
    crashPoint('invoice.after-insert');
    console.log('before');
    crashPoint('webhook.after-send');
    console.log('after');
  `);
  t.is(child.signal, 'SIGKILL', child.stderr);
  t.is(child.stdout, 'before\n');
});

test('crashPoint: arming again replaces the armed set', (t) => {
  const child = runChild(`
    armCrashPoints(true, { 'recurring.after-generate': true });
    armCrashPoints(true, { 'webhook.after-send': true });
    crashPoint('recurring.after-generate');
    console.log('passed');
  `);
  t.is(child.status, 0, child.stderr);
  t.is(child.stdout, 'passed\n');
});
