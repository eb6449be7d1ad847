import type { ServiceClock } from '@invoice-platform/common/clock';
import type { Logger } from '@invoice-platform/common/logger';
import { meter } from '@invoice-platform/common/metrics';
import { withTimeout } from '@invoice-platform/common/timeouts';
import type { ObservableCallback } from '@opentelemetry/api';
import type { OccurrenceStore } from '../store/occurrences.ts';

const backlogGauge = meter().createObservableGauge('invoice_platform.recurring.backlog', {
  description:
    'Follow-up occurrences due by now and not yet taken by a scheduler (those being worked on or snoozed are not due).',
  unit: '{occurrence}',
});

/**
 * Reports the scheduler's backlog while the scheduler runs: the pass's own indexed range
 * (`due_at <= now`), counted by the index at each collection. The returned function stops it.
 */
export function observeBacklog(deps: { occurrences: OccurrenceStore; clock: ServiceClock; log: Logger }): () => void {
  const observe: ObservableCallback = async (result) => {
    try {
      result.observe(await withTimeout(deps.occurrences.countDue(deps.clock.now()), 2000));
    } catch (err) {
      deps.log.warn({ err: (err as Error).message }, 'scheduler backlog not read');
    }
  };
  backlogGauge.addCallback(observe);
  return () => backlogGauge.removeCallback(observe);
}
