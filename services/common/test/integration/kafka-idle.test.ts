import { createHook } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import test from 'ava';
import { stackEnv } from '@invoice-platform/test-support/platform';
import { createKafka } from '../../src/kafka.ts';
import { createLogger } from '../../src/logger.ts';

// kafkajs 2.2.4 armed a timer of (-1 − now) ms after every answered request when nothing was
// pending; Node runs it after 1 ms and it re-armed itself, so every idle connection woke its
// process a thousand times a second (and Node 24 warns about the negative delay). patches/ holds
// the fix this test keeps in place.

test('kafkajs: an idle producer connection arms no self-repeating timer and no negative delay', async (t) => {
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.name);
  process.on('warning', onWarning);
  const producer = createKafka(
    'kafka-idle-test',
    stackEnv().KAFKA_BROKERS!,
    createLogger('kafka-idle-test', 'silent'),
  ).producer();
  await producer.connect();
  t.teardown(() => producer.disconnect());
  await sleep(200);

  let timers = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === 'Timeout') timers++;
    },
  }).enable();
  await sleep(1000);
  hook.disable();
  process.off('warning', onWarning);

  t.true(timers < 20, `${timers} timers armed in 1 s of idling`);
  t.deepEqual(
    warnings.filter((name) => name === 'TimeoutNegativeWarning'),
    [],
  );
});
