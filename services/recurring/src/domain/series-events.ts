import { type RecurringSeriesSummaryJson, seriesSummaryJson } from '@invoice-platform/common/contracts/recurring';
import type { RecurringSeries__Output } from '@invoice-platform/protos/invoiceplatform/recurring/v1/RecurringSeries';
import type { OccurrenceDoc, SeriesDoc } from './records.ts';
import { seriesView } from './series-view.ts';

/** The types of recurring.v1: a series paused because its follow-ups kept being refused. */
export type SeriesEventType = 'recurring.paused';

/**
 * A recurring.v1 event (docs/contracts.md §5), keyed by series id so one series' events keep their
 * order; `sequence` is the series' version after the change. The store writes it into the series'
 * outbox in the same write as the change, in the envelope every consumer reads; the webhook service
 * forwards it to the endpoints that subscribed to its type by name (it is opt-in).
 */
export interface SeriesEvent {
  type: SeriesEventType;
  key: string;
  workspaceId: string;
  sequence: number;
  data: { object: RecurringSeriesSummaryJson };
}

/** recurring.paused for `series` as the change leaves it: data.object is the API's RecurringSeriesSummary. */
export function seriesPausedEvent(series: SeriesDoc, occurrences: readonly OccurrenceDoc[]): SeriesEvent {
  const view = seriesView(series, occurrences, false) as unknown as RecurringSeries__Output;
  return {
    type: 'recurring.paused',
    key: series._id,
    workspaceId: series.workspace_id,
    sequence: series.version,
    data: { object: seriesSummaryJson(view) },
  };
}
