import { clampPage } from '@invoice-platform/common/paging';
import { seriesView } from '../domain/series-view.ts';
import type { OccurrenceStore } from '../store/occurrences.ts';
import type { SeriesStore } from '../store/series.ts';

export interface SeriesQueriesDeps {
  series: SeriesStore;
  occurrences: OccurrenceStore;
}

/** GetSeries and ListSeries: a series with its figures (domain/series-view.ts), and a page of them. */
export class SeriesQueries {
  private readonly deps: SeriesQueriesDeps;

  constructor(deps: SeriesQueriesDeps) {
    this.deps = deps;
  }

  /** One series of the workspace, with its occurrences. */
  async get(workspaceId: string, id: string) {
    const series = await this.deps.series.get(workspaceId, id);
    return seriesView(series, await this.deps.occurrences.ofSeries(id), true);
  }

  /** A page of the workspace's series, newest first, with their figures but not their occurrences. */
  async list(workspaceId: string, status: string | undefined, page: number, pageSize: number) {
    const { items, total } = await this.deps.series.list(workspaceId, status, clampPage(page, pageSize));
    const occurrences = await this.deps.occurrences.ofEachSeries(items.map((d) => d._id));
    return { series: items.map((d) => seriesView(d, occurrences.get(d._id) ?? [], false)), total };
  }
}
