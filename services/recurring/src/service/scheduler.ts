import { AppError } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import { meter } from '@invoice-platform/common/metrics';
import { Poller } from '@invoice-platform/common/poller';
import type { CrashHook } from '@invoice-platform/common/test-hooks';
import type { Invoice__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/Invoice';
import { retryDelayMs } from '../domain/schedule.ts';
import { followUpRequest } from '../domain/follow-up-request.ts';
import type { PlanLapse } from '../domain/plan.ts';
import type { SeriesDoc } from '../domain/records.ts';
import { isDeleted } from '../domain/series-deletion.ts';
import type { DueScope, OccurrenceLease, OccurrenceStore } from '../store/occurrences.ts';
import type { SeriesStore } from '../store/series.ts';
import type { ServiceClock } from '@invoice-platform/common/clock';
import type { AutomaticPauses } from './automatic-pauses.ts';
import type { FollowUpMail } from './follow-up-mail.ts';
import { type HeldOccurrence, OccurrenceLeases } from './occurrence-leases.ts';
import type { InvoiceClient } from './peers.ts';
import type { PlanPolicy } from './plan-policy.ts';
import type { RefusedFollowUps } from './refused-follow-ups.ts';
import type { SeriesChanges } from './series-changes.ts';

export interface SchedulerDeps {
  series: SeriesStore;
  occurrences: OccurrenceStore;
  changes: SeriesChanges;
  plan: PlanPolicy;
  pauses: AutomaticPauses;
  invoice: InvoiceClient;
  /** Emails a generated follow-up under its occurrence's lease (service/follow-up-mail.ts). */
  followUpMail: FollowUpMail;
  clock: ServiceClock;
  log: Logger;
  leaseMs: number;
  /** Pauses a series whose follow-up keeps being refused, and tells its owner (service/refused-follow-ups.ts). */
  refusals?: RefusedFollowUps;
  /** The crash tests' hook (common/test-hooks.ts); none in production. */
  crash?: CrashHook;
  /**
   * How many occurrences one pass works at once (SCHEDULER_CONCURRENCY; 1 when not given). A
   * follow-up mostly waits on its generate, render and SMTP, so one at a time left a replica's
   * CPU idle through a month-end batch (docs/scaling.md).
   */
  concurrency?: number;
}

export interface OccurrenceRun {
  workspace_id: string;
  series_id: string;
  local_date: string;
  status: string;
  invoice_id?: string;
  error?: string;
}

export interface SchedulerPass {
  runs: OccurrenceRun[];
  /** Series that became completed in this pass. */
  completed: number;
}

/** How long a due occurrence of a series that is not active stays out of the passes (its resume wakes it sooner). */
const snoozeMs = 60 * 60 * 1000;

/** The worker's lease ran out and another worker may own the occurrence now: it must stop, writing nothing. */
class LeaseLost extends Error {}

const followUps = meter().createCounter('invoice_platform.recurring.follow_ups', {
  description:
    'Due occurrences this replica worked, by outcome: sent (generated and emailed), failed (to be retried), paused (the plan lapsed, or its follow-ups kept being refused), lost (another replica took it over).',
  unit: '{occurrence}',
});

/**
 * Generates and emails due follow-ups (docs/architecture.md#recurring). Any number of replicas may run
 * it: a worker leases an occurrence (one conditional write, see OccurrenceStore) and writes
 * its result only while the lease is its own. The invoice itself is idempotent by series
 * occurrence in the invoice service, so a retry after any failure or takeover never makes a
 * second invoice or uses a second credit. The email has no such key at the receiver: it is sent
 * under the lease (service/follow-up-mail.ts), and the occurrence is marked sent right after.
 */
export class Scheduler {
  private readonly deps: SchedulerDeps;
  /** The leases this replica is working under: their renewals stop with it. */
  private readonly leases: OccurrenceLeases;
  private poller: Poller | undefined;

  constructor(deps: SchedulerDeps) {
    this.deps = deps;
    this.leases = new OccurrenceLeases(deps);
  }

  start(intervalMs: number): void {
    this.poller = new Poller({
      pass: () => this.runOnce(),
      intervalMs,
      firstDelayMs: intervalMs,
      log: this.deps.log,
      failureMessage: 'scheduler pass failed',
    });
    this.poller.start();
  }

  /** Ends the periodic pass after its work; renewals of leases still out (a hung call) stop with it. */
  async stop(): Promise<void> {
    await this.poller?.stop();
    this.leases.releaseAll();
  }

  /**
   * Works every occurrence due by the service clock (in `scope`), oldest first. One another
   * worker holds is left to it; one of a series that is not active is snoozed.
   */
  async runOnce(scope: DueScope = {}): Promise<SchedulerPass> {
    const now = this.deps.clock.now();
    const pass: SchedulerPass = { runs: [], completed: 0 };
    // Notices of automatic pauses whose worker died before sending them.
    await this.deps.refusals?.notifyLeftBehind();
    const sources = new Map<string, Promise<Invoice__Output>>();
    const lapses = new Map<string, Promise<PlanLapse | null>>();
    // Up to `concurrency` occurrences worked at once, a series' own one after the other (oldest
    // first, so a catch-up's numbers follow its dates). A failure ends the pass once the others end.
    const concurrency = this.deps.concurrency ?? 1;
    const working = new Set<Promise<void>>();
    const bySeries = new Map<string, Promise<void>>();
    let failure: { err: unknown } | undefined;
    for await (const due of this.deps.occurrences.due(now, scope)) {
      await bySeries.get(due.series_id);
      while (working.size >= concurrency) await Promise.race(working);
      if (failure) break;
      const series = await this.deps.series.find(due.series_id);
      if (!series) continue;
      if (isDeleted(series)) {
        // Left behind by a delete (an email that was still to go, or a delete that crashed half way).
        await this.deps.occurrences.retire(due._id, now);
        continue;
      }
      if (series.status !== 'active') {
        await this.deps.occurrences.snooze(due._id, now, new Date(now.getTime() + snoozeMs));
        // A resume between the read above and the snooze must not leave the occurrence asleep.
        if ((await this.deps.series.find(series._id))?.status === 'active')
          await this.deps.occurrences.wake(series._id, now);
        continue;
      }
      const lease = await this.deps.occurrences.leaseDue(due._id, now, new Date(), this.deps.leaseMs);
      if (!lease) continue;
      // Read again under the lease. An edit of the content and a delete are written only while they
      // hold every occurrence not generated yet (service/upcoming-holds.ts), so from here to the
      // generate the series cannot change under this worker: what is read now is what the follow-up
      // is made from, and a series deleted before the lease gets nothing.
      const current = await this.deps.series.find(series._id);
      if (!current || isDeleted(current)) {
        await this.deps.occurrences.releaseAndRetire(lease);
        continue;
      }
      // A plan that lapsed without its workspace.v1 event having arrived yet: no new follow-up.
      // One already generated is still emailed: its invoice exists.
      if (!lease.doc.invoice_id) {
        if (!lapses.has(series.workspace_id))
          lapses.set(series.workspace_id, this.deps.plan.lapse(series.workspace_id));
        const lapse = await lapses.get(series.workspace_id)!;
        if (lapse) {
          await this.deps.pauses.pauseForPlan(series.workspace_id, lapse);
          // Restored meanwhile (nothing paused): due again at the next pass instead.
          const paused = (await this.deps.series.find(series._id))?.status !== 'active';
          await this.deps.occurrences.releaseAndSnooze(lease, paused ? new Date(now.getTime() + snoozeMs) : now);
          pass.runs.push({
            workspace_id: series.workspace_id,
            series_id: series._id,
            local_date: lease.doc.local_date,
            status: 'paused',
            error: lapse,
          });
          followUps.add(1, { outcome: 'paused' });
          continue;
        }
      }
      if (!sources.has(series._id))
        sources.set(
          series._id,
          this.deps.invoice.call('GetInvoice', {
            workspace_id: series.workspace_id,
            invoice_id: series.source_invoice_id,
          }),
        );
      const job: Promise<void> = this.work(current, lease, sources.get(series._id)!, pass).then(
        (run) => {
          pass.runs.push(run);
        },
        (err: unknown) => {
          failure ??= { err };
        },
      );
      const tracked = job.finally(() => {
        working.delete(tracked);
        if (bySeries.get(series._id) === tracked) bySeries.delete(series._id);
      });
      working.add(tracked);
      bySeries.set(series._id, tracked);
    }
    await Promise.all(working);
    if (failure) throw failure.err;
    return pass;
  }

  private async work(
    series: SeriesDoc,
    lease: OccurrenceLease,
    source: Promise<Invoice__Output>,
    pass: SchedulerPass,
  ): Promise<OccurrenceRun> {
    const occ = lease.doc;
    const run: OccurrenceRun = {
      workspace_id: series.workspace_id,
      series_id: series._id,
      local_date: occ.local_date,
      status: 'pending',
    };
    const keeper = this.leases.hold(lease);
    try {
      await this.attempt(series, keeper, source, run, pass);
    } catch (err) {
      if (!(err instanceof LeaseLost)) throw err;
      // The occurrence may be another worker's now: it is left to it, untouched.
      this.deps.log.warn(
        { series_id: series._id, occurrence: occ.local_date, err: err.message },
        'occurrence lease lost',
      );
      run.error = err.message;
    } finally {
      this.leases.release(keeper);
    }
    followUps.add(1, { outcome: run.error && run.status === 'pending' ? 'lost' : run.status });
    return run;
  }

  /** Generates (unless done) and emails the follow-up; a failure is recorded for a retry with backoff. */
  private async attempt(
    series: SeriesDoc,
    keeper: HeldOccurrence,
    source: Promise<Invoice__Output>,
    run: OccurrenceRun,
    pass: SchedulerPass,
  ): Promise<void> {
    const { lease } = keeper;
    const occ = lease.doc;
    try {
      run.invoice_id = occ.invoice_id ?? (await this.generate(series, keeper, source));
      if (!occ.email_sent && !(await this.deps.followUpMail.send(series, keeper, run.invoice_id)))
        throw new LeaseLost('the lease on this occurrence was taken over while it was worked on; not emailed');
    } catch (err) {
      if (err instanceof LeaseLost) throw err;
      const attempts = occ.attempts + 1;
      const message = err instanceof AppError ? `${err.name}: ${err.message}` : (err as Error).message;
      const retryAt = new Date(this.deps.clock.now().getTime() + retryDelayMs(attempts));
      if (!(await this.deps.occurrences.fail(lease, retryAt, message.slice(0, 500))))
        throw new LeaseLost(`the lease on this occurrence was taken over while it was worked on (${message})`);
      this.deps.log.warn(
        { series_id: series._id, occurrence: occ.local_date, attempts, err: message },
        'follow-up failed; will retry',
      );
      run.status = 'failed';
      run.error = message;
      // Refused on the bounded try: the series is paused and its owner told, not retried forever.
      if (await this.deps.refusals?.afterFailure(series, attempts, err)) run.status = 'paused';
      return;
    }
    if (!(await this.deps.occurrences.complete(lease, this.deps.clock.now())))
      throw new LeaseLost('the lease on this occurrence ran out while its email was sent; it was taken over');
    run.status = 'sent';
    if (await this.deps.changes.settle(series)) pass.completed++;
  }

  /**
   * Generates the follow-up (a retry gets the invoice already made) and records it under the lease,
   * renewed right before the call: while the lease holds, no edit or delete of the series can be
   * written (they hold the occurrence first), so the invoice is made from the series as read.
   */
  private async generate(series: SeriesDoc, keeper: HeldOccurrence, source: Promise<Invoice__Output>): Promise<string> {
    const occ = keeper.lease.doc;
    const request = followUpRequest(series, occ, await source);
    if (!(await keeper.renewal.renewNow()))
      throw new LeaseLost('the lease on this occurrence was taken over before it was generated');
    // Keyed by series occurrence in the invoice service, so safe to resend to another replica.
    const res = await this.deps.invoice.call('GenerateInvoice', request, { idempotent: true });
    this.deps.crash?.('recurring.after-generate', { series_id: series._id, invoice_id: res.id });
    if (!(await this.deps.occurrences.recordInvoice(keeper.lease, res.id, res.invoice_number)))
      throw new LeaseLost('the lease on this occurrence was taken over while it was generated; not recorded');
    return res.id;
  }
}
