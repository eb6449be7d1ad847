import { atLocalTime, isCalendarDate, localDate, localSecondsOfDay } from '@invoice-platform/common/dates';
import { AppError } from '@invoice-platform/common/errors';
import type { TypedClient } from '@invoice-platform/common/grpc';
import type { AccountsServiceDefinition } from '@invoice-platform/protos/invoiceplatform/accounts/v1/AccountsService';
import type { Workspace__Output } from '@invoice-platform/protos/invoiceplatform/accounts/v1/Workspace';
import { isOpen, planIncludesRecurring, seriesView } from '../domain/series.ts';
import { addDays, daysBetween, type Frequency, isFrequency, MAX_OCCURRENCES, planDates } from '../domain/schedule.ts';
import type { OccurrenceDoc, SeriesDoc } from '../store/models.ts';
import type { RecurringRepository, SeriesChange } from '../store/repository.ts';
import type { ServiceClock } from '@invoice-platform/common/clock';

export interface CreateSeriesInput {
  workspace_id: string;
  series_id: string;
  source_invoice_id: string;
  invoice_number: string;
  frequency: string;
  count?: number;
  end_date?: string;
  anchor_date: string;
  first_due_date: string;
  customer_name: string;
  customer_email: string;
  currency: string;
  amount: string;
  document_language: string;
  time_zone: string;
}

type Limit = { count: number } | { endDate: string };

function limitOf(input: { count?: number; end_date?: string }, countRange: [number, number]): Limit {
  const hasCount = input.count !== undefined && input.count !== 0;
  const hasEnd = input.end_date !== undefined && input.end_date !== '';
  if (hasCount && hasEnd) throw AppError.validation([{ path: 'body', message: 'send count or end_date, not both' }]);
  if (!hasCount && !hasEnd) throw AppError.validation([{ path: 'body', message: 'must have count or end_date' }]);
  if (hasCount) {
    const [min, max] = countRange;
    if (!Number.isInteger(input.count) || input.count! < min || input.count! > max)
      throw AppError.validation([{ path: 'body.count', message: `must be an integer from ${min} to ${max}` }]);
    return { count: input.count! };
  }
  if (!isCalendarDate(input.end_date!))
    throw AppError.validation([{ path: 'body.end_date', message: 'must be a date (YYYY-MM-DD)' }]);
  return { endDate: input.end_date! };
}

const noContext = async () => undefined;

export class SeriesService {
  private readonly repo: RecurringRepository;
  private readonly accounts: TypedClient<AccountsServiceDefinition>;
  private readonly clock: ServiceClock;
  /** How long a change holds the occurrences it removes (given back when it ends; this bounds a crashed one's). */
  private readonly holdMs: number;

  constructor(
    repo: RecurringRepository,
    accounts: TypedClient<AccountsServiceDefinition>,
    clock: ServiceClock,
    holdMs: number,
  ) {
    this.repo = repo;
    this.accounts = accounts;
    this.clock = clock;
    this.holdMs = holdMs;
  }

  private occurrence(
    series: SeriesDoc,
    local: string,
    status: OccurrenceDoc['status'],
    extra: Partial<OccurrenceDoc> = {},
  ): OccurrenceDoc {
    const date = atLocalTime(local, series.issue_seconds, series.time_zone);
    return {
      _id: `${series._id}:${local}`,
      series_id: series._id,
      workspace_id: series.workspace_id,
      local_date: local,
      date,
      due_date: atLocalTime(addDays(local, series.due_offset_days), 0, series.time_zone),
      status,
      sent_at: null,
      invoice_id: null,
      invoice_number: null,
      attempts: 0,
      next_attempt_at: date,
      due_at: status === 'pending' ? date : null,
      last_error: null,
      email_sent: false,
      message_id: null,
      lease_token: null,
      lease_until: null,
      ...extra,
    };
  }

  /** Idempotent by series id: a retried generate gets the series it already made. */
  async create(input: CreateSeriesInput): Promise<{ view: ReturnType<typeof seriesView>; created: boolean }> {
    if (!isFrequency(input.frequency))
      throw AppError.validation([{ path: 'body.recurring_interval', message: 'must be a recurring interval' }]);
    const limit = limitOf(input, [2, 121]);
    const now = this.clock.now();
    const anchorInstant = new Date(input.anchor_date);
    const anchor = localDate(anchorInstant, input.time_zone);
    if ('endDate' in limit && limit.endDate <= localDate(now, input.time_zone)) {
      throw AppError.validation([{ path: 'body.recurring_end_date', message: 'must be a date in the future' }]);
    }
    const dates = planDates(anchor, input.frequency, 0, limit, MAX_OCCURRENCES);
    const series: SeriesDoc = {
      _id: input.series_id,
      workspace_id: input.workspace_id,
      status: dates.length > 1 ? 'active' : 'completed',
      paused_reason: null,
      frequency: input.frequency,
      anchor_date: anchor,
      next_step: dates.length,
      issue_seconds: localSecondsOfDay(anchorInstant, input.time_zone),
      requested_end_date: 'endDate' in limit ? limit.endDate : null,
      source_invoice_id: input.source_invoice_id,
      invoice_number: input.invoice_number,
      customer_name: input.customer_name,
      customer_email: input.customer_email,
      currency: input.currency,
      amount: input.amount,
      document_language: input.document_language,
      time_zone: input.time_zone,
      due_offset_days: daysBetween(anchor, input.first_due_date),
      version: 1,
      created_at: now,
      updated_at: now,
    };
    const created = await this.repo.insertSeries(series);
    const stored = created ? series : await this.repo.getSeries(input.workspace_id, input.series_id);
    if (created) {
      // Occurrence 1 is the generated invoice itself: sent, never emailed (docs/architecture.md#recurring).
      const first = this.occurrence(series, anchor, 'sent', {
        invoice_id: input.source_invoice_id,
        invoice_number: input.invoice_number,
        date: anchorInstant,
        next_attempt_at: anchorInstant,
        email_sent: true,
      });
      await this.repo.insertOccurrences([first, ...dates.slice(1).map((d) => this.occurrence(series, d, 'pending'))]);
    }
    return { view: seriesView(stored, await this.repo.occurrences(stored._id), true), created };
  }

  async get(workspaceId: string, id: string) {
    const series = await this.repo.getSeries(workspaceId, id);
    return seriesView(series, await this.repo.occurrences(id), true);
  }

  async list(workspaceId: string, status: string | undefined, page: number, pageSize: number) {
    const p = Math.max(1, page || 1);
    const size = Math.min(100, Math.max(1, pageSize || 25));
    const { docs, total } = await this.repo.listSeries(workspaceId, status, p, size);
    const occurrences = await this.repo.occurrencesOf(docs.map((d) => d._id));
    return { series: docs.map((d) => seriesView(d, occurrences.get(d._id) ?? [], false)), total };
  }

  /** A series change decided on the series and its occurrences as they are (decided again after a concurrent change). */
  private async change(
    workspaceId: string,
    id: string,
    decide: (series: SeriesDoc, occurrences: OccurrenceDoc[], now: Date) => Partial<SeriesDoc> | null,
  ): Promise<SeriesChange> {
    const now = this.clock.now();
    const change = await this.repo.changeSeries(
      workspaceId,
      id,
      (series) => this.repo.occurrences(series._id),
      (series, occurrences) => decide(series, occurrences, now),
      now,
    );
    await this.wakeIfActivated(change);
    return change;
  }

  /**
   * A series that became active again finds its occurrences that a pass snoozed while it was not
   * due at once (a wake lost to a crash waits for the snooze to end).
   */
  private async wakeIfActivated({ before, after }: SeriesChange): Promise<void> {
    if (after?.status === 'active' && before.status !== 'active')
      await this.repo.wakeOccurrences(after._id, this.clock.now());
  }

  /**
   * OpenAPI `updateRecurringStatus`: pause from active, resume from paused (needs the plan's
   * recurring invoices).
   */
  async setStatus(workspaceId: string, id: string, status: string) {
    if (status !== 'active' && status !== 'paused')
      throw AppError.validation([{ path: 'body.status', message: 'must be one of: active, paused' }]);
    if (status === 'active') await this.requirePlan(workspaceId);
    await this.change(workspaceId, id, (series) => {
      if (status === 'paused' && series.status !== 'active')
        throw new AppError('application', `Only an active series can be paused; this one is ${series.status}.`, {
          from: series.status,
          to: status,
        });
      if (status === 'active' && series.status !== 'paused')
        throw new AppError('application', `Only a paused series can be resumed; this one is ${series.status}.`, {
          from: series.status,
          to: status,
        });
      return { status, paused_reason: null };
    });
    return this.get(workspaceId, id);
  }

  /**
   * OpenAPI `extendRecurring`: adds occurrences after the last one; a completed series becomes
   * active again. An end_date must lie after the last occurrence, and nothing is added past the
   * 1000 cap.
   */
  async extend(workspaceId: string, id: string, input: { count?: number; end_date?: string }) {
    const limit = limitOf(input, [1, 120]);
    const planChecked = await this.requirePlanToReactivate(workspaceId, id);
    let docs: OccurrenceDoc[] = [];
    const change = await this.change(workspaceId, id, (series, occurrences) => {
      if (series.status === 'completed' && !planChecked) throw completedMeanwhile();
      const last = occurrences.at(-1)?.local_date ?? series.anchor_date;
      if ('endDate' in limit && limit.endDate <= last)
        throw AppError.validation([
          { path: 'body.end_date', message: `must be after the last occurrence of the series (${last})` },
        ]);
      const room = Math.max(0, MAX_OCCURRENCES - occurrences.length);
      // One date more than fits tells an extension that passes the cap from one that reaches it.
      const dates = planDates(
        series.anchor_date,
        series.frequency as Frequency,
        series.next_step,
        limit,
        room + 1,
      ).filter((d) => d > last);
      if (dates.length > room)
        throw new AppError('application', `A series holds at most ${MAX_OCCURRENCES} occurrences; ${room} more fit.`);
      docs = dates.map((d) => this.occurrence(series, d, 'pending'));
      const patch: Partial<SeriesDoc> = { next_step: series.next_step + dates.length };
      if ('endDate' in limit) patch.requested_end_date = limit.endDate;
      else if (series.requested_end_date) patch.requested_end_date = null;
      if (docs.length > 0 && series.status === 'completed') patch.status = 'active';
      return patch;
    });
    await this.repo.insertOccurrences(docs);
    await this.settle(change.before);
    return this.withView(workspaceId, id, { added: docs.length });
  }

  /**
   * OpenAPI `changeRecurringFrequency`: replaces the occurrences not generated yet with a new
   * schedule from a future start_date. The occurrences it removes are held first, all or none, so
   * the scheduler does not start on one meanwhile; one a worker is on already is being generated
   * right now, and the request is refused.
   */
  async changeFrequency(
    workspaceId: string,
    id: string,
    input: { frequency: string; start_date: string; count?: number; end_date?: string },
  ) {
    if (!isFrequency(input.frequency))
      throw AppError.validation([{ path: 'body.frequency', message: 'must be a recurring interval' }]);
    if (!isCalendarDate(input.start_date))
      throw AppError.validation([{ path: 'body.start_date', message: 'must be a date (YYYY-MM-DD)' }]);
    const limit = limitOf(input, [1, 120]);
    const now = this.clock.now();
    const series = await this.repo.getSeries(workspaceId, id);
    if (series.status === 'completed') await this.requirePlan(workspaceId);
    if (input.start_date <= localDate(now, series.time_zone))
      throw AppError.validation([{ path: 'body.start_date', message: 'must be a date in the future' }]);
    if ('endDate' in limit && limit.endDate < input.start_date)
      throw AppError.validation([{ path: 'body.end_date', message: 'must not be before start_date' }]);

    const replaceable = (await this.repo.occurrences(id)).filter(replaceableNow);
    const held = replaceable.map((o) => o._id);
    const hold = await this.repo.holdOccurrences(held, new Date(), this.holdMs);
    if (hold.busy !== undefined) {
      const busy = replaceable.find((o) => o._id === hold.busy)!;
      throw new AppError(
        'application',
        `The occurrence on ${busy.local_date} is being generated right now; retry in a few seconds.`,
        { date: busy.local_date },
      );
    }
    try {
      let replaced: OccurrenceDoc[] = [];
      let docs: OccurrenceDoc[] = [];
      const change = await this.change(workspaceId, id, (current, occurrences) => {
        if (current.status === 'completed' && series.status !== 'completed') throw completedMeanwhile();
        replaced = occurrences.filter(replaceableNow);
        // An occurrence added since the hold (a concurrent extension) is not held: decide again later.
        if (replaced.some((o) => !held.includes(o._id)))
          throw new AppError('conflict', 'The series is being changed concurrently. Retry shortly.');
        const kept = occurrences.length - replaced.length;
        const keptDates = new Set(occurrences.filter((o) => !replaced.includes(o)).map((o) => o.local_date));
        const dates = planDates(
          input.start_date,
          input.frequency as Frequency,
          0,
          limit,
          Math.max(0, MAX_OCCURRENCES - kept),
        ).filter((d) => !keptDates.has(d));
        const next: SeriesDoc = { ...current, frequency: input.frequency, anchor_date: input.start_date };
        docs = dates.map((d) => this.occurrence(next, d, 'pending'));
        const patch: Partial<SeriesDoc> = {
          frequency: input.frequency,
          anchor_date: input.start_date,
          next_step: dates.length,
          requested_end_date: 'endDate' in limit ? limit.endDate : null,
        };
        if (docs.length > 0 && current.status === 'completed') patch.status = 'active';
        return patch;
      });
      // The new schedule may reuse a replaced date (the same occurrence id): removed first.
      await this.repo.deleteHeldOccurrences(
        replaced.map((o) => o._id),
        hold.token,
      );
      await this.repo.insertOccurrences(docs);
      await this.settle(change.before);
      return this.withView(workspaceId, id, { replaced: replaced.length, added: docs.length });
    } finally {
      await this.repo.releaseHold(held, hold.token);
    }
  }

  /**
   * OpenAPI `skipRecurringOccurrence`: removes the upcoming occurrence on `date`; one that produced
   * an invoice stays, and so does one the scheduler is working on right now (one conditional delete
   * decides).
   */
  async skip(workspaceId: string, id: string, date: string) {
    if (!isCalendarDate(date))
      throw AppError.validation([{ path: 'body.date', message: 'must be a date (YYYY-MM-DD)' }]);
    const series = await this.repo.getSeries(workspaceId, id);
    const occurrenceId = `${id}:${date}`;
    if (!(await this.repo.deleteFreeOccurrence(occurrenceId, new Date()))) {
      const target = await this.repo.findOccurrence(occurrenceId);
      if (!target) throw new AppError('application', `The series has no upcoming occurrence on ${date}.`, { date });
      if (target.invoice_id || target.status === 'sent')
        throw new AppError(
          'application',
          `The occurrence on ${date} already produced an invoice and cannot be removed.`,
          { date },
        );
      throw new AppError(
        'application',
        `The occurrence on ${date} is being generated right now; retry in a few seconds.`,
        { date },
      );
    }
    await this.settle(series);
    return this.get(workspaceId, id);
  }

  private async withView<T>(workspaceId: string, id: string, result: T) {
    return { view: await this.get(workspaceId, id), result };
  }

  /**
   * Brings the series' status in line with its occurrences: active with none open left becomes
   * completed, completed with open ones (an extension racing the last follow-up) active again.
   * True when it became completed.
   */
  async settle(series: Pick<SeriesDoc, '_id' | 'workspace_id'>): Promise<boolean> {
    const change = await this.repo.changeSeries(
      series.workspace_id,
      series._id,
      (current) => this.repo.hasOpenOccurrences(current._id),
      (current, open) => {
        if (current.status === 'active' && !open) return { status: 'completed' };
        if (current.status === 'completed' && open) return { status: 'active' };
        return null;
      },
      this.clock.now(),
    );
    await this.wakeIfActivated(change);
    return change.after?.status === 'completed';
  }

  /** The workspace's plan now; a workspace that no longer exists has none. */
  private async planIncludesRecurring(workspaceId: string): Promise<boolean> {
    return (await this.planLapse(workspaceId)) === null;
  }

  /**
   * Why the workspace may not run recurring invoices now (the paused_reason a series gets), or
   * null when it may: plan_ended when the plan is not in force (or the workspace is gone),
   * plan_downgrade when it is but lacks recurring invoices.
   */
  async planLapse(workspaceId: string): Promise<PlanLapse | null> {
    let ws: Workspace__Output;
    try {
      ws = await this.accounts.call('GetWorkspace', { workspace_id: workspaceId });
    } catch (err) {
      if (AppError.isKind(err, 'not_found')) return 'plan_ended';
      throw err;
    }
    if (planIncludesRecurring(ws)) return null;
    return ws.plan_state === 'active' ? 'plan_downgrade' : 'plan_ended';
  }

  /** Every move that makes a series active needs the plan's recurring invoices, as resuming does (403). */
  private async requirePlan(workspaceId: string): Promise<void> {
    if (!(await this.planIncludesRecurring(workspaceId)))
      throw new AppError('forbidden', 'The workspace plan does not include recurring invoices.');
  }

  /** An extension makes a completed series active again: the plan is checked first. True when it was. */
  private async requirePlanToReactivate(workspaceId: string, id: string): Promise<boolean> {
    const series = await this.repo.getSeries(workspaceId, id);
    if (series.status !== 'completed') return false;
    await this.requirePlan(workspaceId);
    return true;
  }

  /**
   * The automatic pause (docs/architecture.md#recurring) when the plan ends or is downgraded
   * (workspace.v1). Decided on the plan as it is now, not as the event says: a replayed or late
   * event whose plan change has been undone since must not pause series created or resumed under
   * the restored plan.
   */
  async pauseForPlan(workspaceId: string, reason: PlanLapse): Promise<number> {
    if (await this.planIncludesRecurring(workspaceId)) return 0;
    let paused = 0;
    for (const series of await this.repo.activeSeriesOf(workspaceId)) {
      try {
        const { after } = await this.repo.changeSeries(
          workspaceId,
          series._id,
          noContext,
          (current) => (current.status === 'active' ? { status: 'paused', paused_reason: reason } : null),
          this.clock.now(),
        );
        if (after) paused++;
      } catch (err) {
        if (!AppError.isKind(err, 'not_found')) throw err;
      }
    }
    return paused;
  }
}

export type PlanLapse = 'plan_ended' | 'plan_downgrade';

/** Its last follow-up went out between the plan check and the change, which would now reactivate it unchecked. */
function completedMeanwhile(): AppError {
  return new AppError('conflict', 'The series completed while it was being changed. Retry shortly.');
}

/** What a frequency change replaces: the occurrences not generated yet. */
function replaceableNow(o: OccurrenceDoc): boolean {
  return isOpen(o) && !o.invoice_id;
}
