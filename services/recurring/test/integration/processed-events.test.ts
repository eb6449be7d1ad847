import { processedEventsRetentionMs, startProcessedEventsPurge } from '@invoice-platform/common/processed-events';
import test from 'ava';
import { waitFor } from '@invoice-platform/test-support/platform';
import { log, openTestDatabase } from './helpers.ts';

test('processed event ids older than the retention are forgotten by the purge job; newer ones are kept', async (t) => {
  const db = await openTestDatabase('recurring_processed');
  t.teardown(() => db.drop());
  const now = new Date('2027-03-01T00:00:00Z');
  const old = new Date(now.getTime() - processedEventsRetentionMs - 1000);
  const recent = new Date(now.getTime() - processedEventsRetentionMs + 60_000);
  t.true(await db.repo.markProcessed('evt_old', old));
  t.true(await db.repo.markProcessed('evt_recent', recent));
  const purge = startProcessedEventsPurge({
    forgetBefore: (b) => db.repo.forgetProcessedBefore(b),
    now: () => now,
    log,
  });
  t.teardown(() => purge.stop());
  await waitFor('the old id forgotten', async () => !(await db.repo.isProcessed('evt_old')));
  t.true(await db.repo.isProcessed('evt_recent'));
});
