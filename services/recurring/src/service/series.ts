import { atLocalTime, isCalendarDate, localDate, localSecondsOfDay } from '@invoice-platform/common/dates';
import { AppError } from '@invoice-platform/common/errors';
import type { UnaryClient } from '@invoice-platform/common/grpc';
import { isFinished, isOpen, planIncludesRecurring, seriesView } from '../domain/series.ts';
import { addDays, daysBetween, type Frequency, isFrequency, MAX_OCCURRENCES, planDates } from '../domain/schedule.ts';
import type { OccurrenceDoc, SeriesDoc } from '../store/models.ts';
import { type RecurringRepository, SequenceTaken } from '../store/repository.ts';
import type { Clock } from './clock.ts';

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

export class SeriesService {
  private readonly repo: RecurringRepository;
  private readonly accounts: UnaryClient;
  private readonly clock: Clock;

  constructor(repo: RecurringRepository, accounts: UnaryClient, clock: Clock) {
    this.repo = repo;
    this.accounts = accounts;
    this.clock = clock;
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
      last_error: null,
      email_sent: false,
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
      // Occurrence 1 is the generated invoice itself: sent, never emailed (DESIGN.md §3).
      const first = this.occurrence(series, anchor, 'sent', {
        invoice_id: input.source_invoice_id,
        invoice_number: input.invoice_number,
        date: anchorInstant,
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

  /** Runs `apply` on the current series until its change commits first (a concurrent change makes it decide again). */
  private async mutate<T>(
    workspaceId: string,
    id: string,
    apply: (
      series: SeriesDoc,
      occurrences: OccurrenceDoc[],
      now: Date,
    ) => Promise<{ patch: Partial<SeriesDoc>; after?: () => Promise<void>; result: T }>,
  ) {
    for (let attempt = 0; attempt < 10; attempt++) {
      const series = await this.repo.getSeries(workspaceId, id);
      const occurrences = await this.repo.occurrences(id);
      const now = this.clock.now();
      const { patch, after, result } = await apply(series, occurrences, now);
      try {
        const saved = await this.repo.changeSeries(series, patch, now);
        await after?.();
        return { series: saved, result };
      } catch (err) {
        if (!(err instanceof SequenceTaken)) throw err;
        await new Promise((r) => setTimeout(r, 25 * (attempt + 1)));
      }
    }
    throw new AppError('conflict', 'The series is being changed concurrently. Retry shortly.');
  }

  /**
   * Keeps the scheduler off occurrences a skip or frequency change is about to remove: takes the
   * claim of each one's current attempt (the id the scheduler claims before generating). Taken by a
   * scheduler already, the occurrence is being generated right now and the request is refused;
   * the claims a previous round of `mutate` took are given back first.
   */
  private async hold(held: string[], targets: OccurrenceDoc[], now: Date): Promise<void> {
    await this.repo.releaseClaims(held.splice(0));
    for (const o of targets) {
      const claim = `${o._id}:a${o.attempts}`;
      if (!(await this.repo.claim(claim, o._id, 'attempt', 'api', now))) {
        throw new AppError(
          'application',
          `The occurrence on ${o.local_date} is being generated right now; retry in a few seconds.`,
          { date: o.local_date },
        );
      }
      held.push(claim);
    }
  }

  private async withView<T>(workspaceId: string, id: string, result: T) {
    return { view: await this.get(workspaceId, id), result };
  }

  /** Spec §4.10: pause from active, resume from paused (needs the plan's recurring invoices). */
  async setStatus(workspaceId: string, id: string, status: string) {
    if (status !== 'active' && status !== 'paused')
      throw AppError.validation([{ path: 'body.status', message: 'must be one of: active, paused' }]);
    if (status === 'active' && !(await this.planIncludesRecurring(workspaceId))) {
      throw new AppError('forbidden', 'The workspace plan does not include recurring invoices.');
    }
    await this.mutate(workspaceId, id, async (series) => {
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
      return { patch: { status, paused_reason: null }, result: null };
    });
    return this.get(workspaceId, id);
  }

  /**
   * Spec §4.11: adds occurrences after the last one; a completed series becomes active again. An
   * end_date must lie after the last occurrence, and nothing is added past the 1000 cap.
   */
  async extend(workspaceId: string, id: string, input: { count?: number; end_date?: string }) {
    const limit = limitOf(input, [1, 120]);
    const { result } = await this.mutate(workspaceId, id, async (series, occurrences) => {
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
      const docs = dates.map((d) => this.occurrence(series, d, 'pending'));
      const patch: Partial<SeriesDoc> = { next_step: series.next_step + dates.length };
      if ('endDate' in limit) patch.requested_end_date = limit.endDate;
      else if (series.requested_end_date) patch.requested_end_date = null;
      if (docs.length > 0 && series.status === 'completed') patch.status = 'active';
      return { patch, after: async () => void (await this.repo.insertOccurrences(docs)), result: docs.length };
    });
    return this.withView(workspaceId, id, { added: result });
  }

  /** Spec §4.12: replaces the occurrences not generated yet with a new schedule from a future start_date. */
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
    const held: string[] = [];
    const { result } = await this.mutate(workspaceId, id, async (series, occurrences, now) => {
      if (input.start_date <= localDate(now, series.time_zone))
        throw AppError.validation([{ path: 'body.start_date', message: 'must be a date in the future' }]);
      if ('endDate' in limit && limit.endDate < input.start_date)
        throw AppError.validation([{ path: 'body.end_date', message: 'must not be before start_date' }]);
      const replaced = occurrences.filter((o) => isOpen(o) && !o.invoice_id);
      await this.hold(held, replaced, now);
      const kept = occurrences.length - replaced.length;
      const keptDates = new Set(occurrences.filter((o) => !replaced.includes(o)).map((o) => o.local_date));
      const dates = planDates(
        input.start_date,
        input.frequency as Frequency,
        0,
        limit,
        Math.max(0, MAX_OCCURRENCES - kept),
      ).filter((d) => !keptDates.has(d));
      const next: SeriesDoc = { ...series, frequency: input.frequency, anchor_date: input.start_date };
      const docs = dates.map((d) => this.occurrence(next, d, 'pending'));
      const patch: Partial<SeriesDoc> = {
        frequency: input.frequency,
        anchor_date: input.start_date,
        next_step: dates.length,
        requested_end_date: 'endDate' in limit ? limit.endDate : null,
      };
      if (docs.length > 0 && series.status === 'completed') patch.status = 'active';
      return {
        patch,
        after: async () => {
          await this.repo.deleteOccurrences(replaced.map((o) => o._id));
          await this.repo.insertOccurrences(docs);
        },
        result: { replaced: replaced.length, added: docs.length },
      };
    }).finally(() => this.repo.releaseClaims(held));
    return this.withView(workspaceId, id, result);
  }

  /** Spec §4.13: removes the upcoming occurrence on `date`; one that produced an invoice stays. */
  async skip(workspaceId: string, id: string, date: string) {
    if (!isCalendarDate(date))
      throw AppError.validation([{ path: 'body.date', message: 'must be a date (YYYY-MM-DD)' }]);
    const held: string[] = [];
    await this.mutate(workspaceId, id, async (series, occurrences, now) => {
      const target = occurrences.find((o) => o.local_date === date);
      if (!target) throw new AppError('application', `The series has no upcoming occurrence on ${date}.`, { date });
      if (target.invoice_id || target.status === 'sent')
        throw new AppError(
          'application',
          `The occurrence on ${date} already produced an invoice and cannot be removed.`,
          { date },
        );
      await this.hold(held, [target], now);
      const rest = occurrences.filter((o) => o !== target);
      const patch: Partial<SeriesDoc> = {};
      if (series.status === 'active' && isFinished(rest)) patch.status = 'completed';
      return { patch, after: async () => void (await this.repo.deleteOccurrences([target._id])), result: null };
    }).finally(() => this.repo.releaseClaims(held));
    return this.get(workspaceId, id);
  }

  /** Marks a series completed once nothing is left to generate or email. */
  async completeIfFinished(series: SeriesDoc): Promise<boolean> {
    if (series.status !== 'active') return false;
    const occurrences = await this.repo.occurrences(series._id);
    if (!isFinished(occurrences)) return false;
    try {
      await this.repo.changeSeries(series, { status: 'completed' }, this.clock.now());
      return true;
    } catch (err) {
      if (err instanceof SequenceTaken) return false;
      throw err;
    }
  }

  /** The workspace's plan now; a workspace that no longer exists has none. */
  private async planIncludesRecurring(workspaceId: string): Promise<boolean> {
    try {
      return planIncludesRecurring(
        await this.accounts.call<{ features: string[]; plan_state: string }>('GetWorkspace', {
          workspace_id: workspaceId,
        }),
      );
    } catch (err) {
      if (AppError.isKind(err, 'not_found')) return false;
      throw err;
    }
  }

  /**
   * Spec §3.4 automatic pause when the plan ends or is downgraded (workspace.v1). Decided on the
   * plan as it is now, not as the event says: a replayed or late event whose plan change has been
   * undone since must not pause series created or resumed under the restored plan.
   */
  async pauseForPlan(workspaceId: string, reason: 'plan_ended' | 'plan_downgrade'): Promise<number> {
    if (await this.planIncludesRecurring(workspaceId)) return 0;
    let paused = 0;
    for (const series of await this.repo.activeSeriesOf(workspaceId)) {
      try {
        await this.mutate(workspaceId, series._id, async (current) => {
          if (current.status !== 'active') return { patch: {}, result: null };
          paused++;
          return { patch: { status: 'paused', paused_reason: reason }, result: null };
        });
      } catch (err) {
        if (!AppError.isKind(err, 'not_found')) throw err;
      }
    }
    return paused;
  }
}
