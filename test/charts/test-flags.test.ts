import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { renderText } from './render.ts';

// The test hooks and crash-test switches (services/common/src/test-hooks.ts) have no place in a
// deployment: the values schema refuses them in components.*.env, as the services refuse them under
// NODE_ENV=production (test/contracts/test-machinery.test.ts).
const flags: [component: string, setting: string][] = [
  ['invoice', 'INVOICE_TEST_HOOKS'],
  ['invoice', 'INVOICE_TEST_CRASH_AFTER_INSERT'],
  ['recurring', 'RECURRING_TEST_HOOKS'],
  ['recurring', 'RECURRING_TEST_CRASH_AFTER_GENERATE'],
  ['webhook', 'WEBHOOK_TEST_HOOKS'],
  ['webhook', 'WEBHOOK_TEST_CRASH_MID_FANOUT'],
  ['webhook', 'WEBHOOK_TEST_CRASH_AFTER_SEND'],
];

test('values.schema.json refuses every test hook and crash-test switch in components.*.env', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chart-test-flags-'));
  try {
    for (const [component, setting] of flags) {
      const file = path.join(dir, `${setting}.json`);
      await writeFile(file, JSON.stringify({ components: { [component]: { env: { [setting]: 'true' } } } }));
      const err = await t.throwsAsync(renderText({ values: [file] }), undefined, setting);
      t.regex(err!.message, /values don't meet the specifications of the schema/, setting);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
