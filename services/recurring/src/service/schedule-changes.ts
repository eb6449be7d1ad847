import type { ServiceClock } from '@invoice-platform/common/clock';
import { occurrenceId, replaceableNow } from '../domain/occurrences.ts';
import type { OccurrenceDoc } from '../domain/records.ts';
import { beingGenerated, planExtension, planFrequencyChange, skipRefusal } from '../domain/reschedule.ts';
import {
  checkFrequencyChange,
  checkFrequencyChangeDates,
  type ExtendInput,
  type FrequencyChangeInput,
  limitOf,
  requireCalendarDate,
} from '../domain/series-input.ts';
import type { OccurrenceStore } from '../store/occurrences.ts';
import type { SeriesStore } from '../store/series.ts';
import type { PlanPolicy } from './plan-policy.ts';
import type { SeriesChanges } from './series-changes.ts';
import type { SeriesQueries } from './series-queries.ts';

export interface ScheduleChangesDeps {
  series: SeriesStore;
  occurrences: OccurrenceStore;
  changes: SeriesChanges;
  plan: PlanPolicy;
  queries: SeriesQueries;
  clock: ServiceClock;
  /** How long a change holds the occurrences it removes (given back when it ends; this bounds a crashed one's). */
  holdMs: number;
}

/**
 * The changes a client makes to a series' schedule: extend it, change its frequency, skip one
 * occurrence. None removes an occurrence whose invoice is being made right now.
 */
export class ScheduleChanges {
  private readonly deps: ScheduleChangesDeps;

  constructor(deps: ScheduleChangesDeps) {
    this.deps = deps;
  }

  /**
   * OpenAPI `extendRecurring`: adds occurrences after the last one (domain/reschedule.ts
   * planExtension); a completed series becomes active again, its plan checked first.
   */
  async extend(workspaceId: string, id: string, input: ExtendInput) {
    const limit = limitOf(input, [1, 120]);
    const planChecked = await this.requirePlanToReactivate(workspaceId, id);
    let added: OccurrenceDoc[] = [];
    const change = await this.deps.changes.change(workspaceId, id, (series, occurrences) => {
      const extension = planExtension(series, occurrences, limit, planChecked);
      added = extension.added;
      return extension.patch;
    });
    await this.deps.occurrences.insert(added);
    await this.deps.changes.settle(change.before);
    return this.withView(workspaceId, id, { added: added.length });
  }

  /**
   * OpenAPI `changeRecurringFrequency`: replaces the occurrences not generated yet with a new
   * schedule from a future start_date. The occurrences it removes are held first, all or none, so
   * the scheduler does not start on one meanwhile; one a worker is on already is being generated
   * right now, and the request is refused.
   */
  async changeFrequency(workspaceId: string, id: string, input: FrequencyChangeInput) {
    const { occurrences } = this.deps;
    const { frequency, limit } = checkFrequencyChange(input);
    const now = this.deps.clock.now();
    const series = await this.deps.series.get(workspaceId, id);
    if (series.status === 'completed') await this.deps.plan.requireRecurring(workspaceId);
    checkFrequencyChangeDates(input.start_date, limit, now, series.time_zone);

    const replaceable = (await occurrences.ofSeries(id)).filter(replaceableNow);
    const held = replaceable.map((o) => o._id);
    const hold = await occurrences.hold(held, new Date(), this.deps.holdMs);
    if (hold.busy !== undefined) throw beingGenerated(replaceable.find((o) => o._id === hold.busy)!.local_date);
    try {
      let replaced: OccurrenceDoc[] = [];
      let added: OccurrenceDoc[] = [];
      const change = await this.deps.changes.change(workspaceId, id, (current, all) => {
        const plan = planFrequencyChange(
          current,
          all,
          held,
          { frequency, start: input.start_date, limit },
          series.status === 'completed',
        );
        replaced = plan.replaced;
        added = plan.added;
        return plan.patch;
      });
      // The new schedule may reuse a replaced date (the same occurrence id): removed first.
      await occurrences.deleteHeld(
        replaced.map((o) => o._id),
        hold.token,
      );
      await occurrences.insert(added);
      await this.deps.changes.settle(change.before);
      return this.withView(workspaceId, id, { replaced: replaced.length, added: added.length });
    } finally {
      await occurrences.releaseHold(held, hold.token);
    }
  }

  /**
   * OpenAPI `skipRecurringOccurrence`: removes the upcoming occurrence on `date`; one that produced
   * an invoice stays, and so does one the scheduler is working on right now (one conditional delete
   * decides).
   */
  async skip(workspaceId: string, id: string, date: string) {
    requireCalendarDate(date, 'body.date');
    const series = await this.deps.series.get(workspaceId, id);
    const target = occurrenceId(id, date);
    if (!(await this.deps.occurrences.deleteFree(target, new Date())))
      throw skipRefusal(await this.deps.occurrences.find(target), date);
    await this.deps.changes.settle(series);
    return this.deps.queries.get(workspaceId, id);
  }

  /** An extension makes a completed series active again: the plan is checked first. True when it was. */
  private async requirePlanToReactivate(workspaceId: string, id: string): Promise<boolean> {
    const series = await this.deps.series.get(workspaceId, id);
    if (series.status !== 'completed') return false;
    await this.deps.plan.requireRecurring(workspaceId);
    return true;
  }

  private async withView<T>(workspaceId: string, id: string, result: T) {
    return { view: await this.deps.queries.get(workspaceId, id), result };
  }
}
