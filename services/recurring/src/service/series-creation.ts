import type { ServiceClock } from '@invoice-platform/common/clock';
import { newSeries } from '../domain/new-series.ts';
import type { CreateSeriesInput } from '../domain/series-input.ts';
import { seriesView } from '../domain/series-view.ts';
import type { OccurrenceStore } from '../store/occurrences.ts';
import type { SeriesStore } from '../store/series.ts';

export interface SeriesCreationDeps {
  series: SeriesStore;
  occurrences: OccurrenceStore;
  clock: ServiceClock;
}

/** CreateSeries: the series a generate with recurring fields starts (domain/new-series.ts). */
export class SeriesCreation {
  private readonly deps: SeriesCreationDeps;

  constructor(deps: SeriesCreationDeps) {
    this.deps = deps;
  }

  /** Idempotent by series id: a retried generate gets the series it already made. */
  async create(input: CreateSeriesInput): Promise<{ view: ReturnType<typeof seriesView>; created: boolean }> {
    const { series, occurrences } = this.deps;
    const planned = newSeries(input, this.deps.clock.now());
    const created = await series.insert(planned.series);
    // A retry finds the series it made, even one deleted since (it answers as stored, status deleted).
    const stored = created ? planned.series : await series.getStored(input.workspace_id, input.series_id);
    if (created) await occurrences.insert(planned.occurrences);
    return { view: seriesView(stored, await occurrences.ofSeries(stored._id), true), created };
  }
}
