import {
  type ProcessedEventDoc,
  ProcessedEvents,
  processedEventsRetentionMs,
  startProcessedEventsPurge,
} from '@invoice-platform/common/store/processed-events';
import test from 'ava';
import { waitFor } from '@invoice-platform/test-support/platform';
import { log, openTestDatabase } from './helpers.ts';

test('processed event ids older than the retention are forgotten by the purge job; newer ones are kept', async (t) => {
  const db = await openTestDatabase('recurring_processed');
  t.teardown(() => db.drop());
  const now = new Date('2027-03-01T00:00:00Z');
  const old = new Date(now.getTime() - processedEventsRetentionMs - 1000);
  const recent = new Date(now.getTime() - processedEventsRetentionMs + 60_000);
  const recordedAt = (at: Date) => new ProcessedEvents(db.conn.model<ProcessedEventDoc>('ProcessedEvent'), () => at);
  t.true(await recordedAt(old).record('evt_old', 'invoice.created'));
  t.true(await recordedAt(recent).record('evt_recent', 'invoice.created'));
  t.false(await recordedAt(recent).record('evt_recent', 'invoice.created'), 'a redelivery is recognised');
  const purge = startProcessedEventsPurge({
    forgetBefore: (b) => db.processed.forgetBefore(b),
    now: () => now,
    log,
  });
  t.teardown(() => purge.stop());
  await waitFor('the old id forgotten', async () => !(await db.processed.has('evt_old')));
  t.true(await db.processed.has('evt_recent'));
});
