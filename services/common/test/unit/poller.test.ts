import test from 'ava';
import { createLogger } from '../../src/logger.ts';
import { Poller } from '../../src/poller.ts';

const log = createLogger('poller-test', 'silent');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('Poller: the first pass waits firstDelayMs, a notification does not', async (t) => {
  let passes = 0;
  const poller = new Poller({
    pass: async () => void passes++,
    intervalMs: 3_600_000,
    firstDelayMs: 3_600_000,
    log,
    failureMessage: 'pass failed',
  });
  poller.start();
  await sleep(30);
  t.is(passes, 0);
  poller.notify();
  await sleep(30);
  t.is(passes, 1);
  await poller.stop();
});

test('Poller: a failed pass is logged and the next one still runs', async (t) => {
  let passes = 0;
  const poller = new Poller({
    pass: async () => {
      passes++;
      if (passes === 1) throw new Error('boom');
    },
    intervalMs: 5,
    log,
    failureMessage: 'pass failed',
  });
  poller.start();
  while (passes < 2) await sleep(5);
  await poller.stop();
  t.true(passes >= 2);
});
