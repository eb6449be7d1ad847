import { randomUUID } from 'node:crypto';
import { AppError } from '@invoice-platform/common/errors';
import type { UnaryClient } from '@invoice-platform/common/grpc';
import type { Logger } from '@invoice-platform/common/logger';
import type { Mailer } from '@invoice-platform/common/mail';
import { isOpen } from '../domain/series.ts';
import { addDays, retryDelayMs } from '../domain/schedule.ts';
import { followUpMail } from '../domain/email.ts';
import type { OccurrenceDoc, SeriesDoc } from '../store/models.ts';
import type { RecurringRepository } from '../store/repository.ts';
import type { Clock } from './clock.ts';
import type { SeriesService } from './series.ts';

type Rec = Record<string, unknown>;

export interface SchedulerDeps {
  repo: RecurringRepository;
  series: SeriesService;
  invoice: UnaryClient;
  pdf: UnaryClient;
  accounts: UnaryClient;
  mailer: Mailer;
  clock: Clock;
  log: Logger;
  leaseMs: number;
  /** Test hook: die right after GenerateInvoice answers, before the invoice is recorded (crash tests). */
  crashAfterGenerate?: boolean;
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

/** The worker's claims were released as stale and may be another worker's now: it must stop. */
class TakenOver extends Error {}

/**
 * Generates and emails due follow-ups (DESIGN.md §3 Recurring). Any number of replicas may run
 * it: an attempt is claimed by inserting `${occurrence}:a${n}` and an email by `${occurrence}:email`,
 * so each is done once; the invoice itself is idempotent by series occurrence in the invoice
 * service, so a retry after any failure never makes a second invoice or uses a second credit.
 *
 * A replica lists the claims it is working on in its heartbeat every quarter of the lease, which
 * renews them: only claims that no heartbeat has listed for SCHEDULER_LEASE_MS (their replica died
 * or stalled) are released to others, however long the work itself takes. Right before the email,
 * the one step a takeover would repeat, the worker checks that its claims are still its own.
 */
export class Scheduler {
  private readonly d: SchedulerDeps;
  private readonly owner = randomUUID();
  /** The claims this replica is working on: its heartbeat renews them. */
  private readonly held = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private beating: Promise<void> | undefined;

  constructor(deps: SchedulerDeps) {
    this.d = deps;
  }

  start(intervalMs: number): void {
    this.beat();
    this.heartbeatTimer = setInterval(() => this.beat(), Math.max(100, Math.floor(this.d.leaseMs / 4)));
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runOnce()
        .catch((err: unknown) => this.d.log.warn({ err: (err as Error).message }, 'scheduler pass failed'))
        .finally(() => (this.running = undefined));
    }, intervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    clearInterval(this.heartbeatTimer);
    await this.beating;
  }

  private beat(): void {
    if (this.beating) return;
    const now = Date.now();
    this.beating = this.d.repo
      .heartbeat(this.owner, [...this.held], new Date(now))
      .then(() => this.d.repo.dropHeartbeats(new Date(now - 10 * this.d.leaseMs)))
      .catch((err: unknown) => this.d.log.warn({ err: (err as Error).message }, 'scheduler heartbeat failed'))
      .finally(() => (this.beating = undefined));
  }

  async runOnce(filter: { workspaceId?: string; seriesId?: string } = {}): Promise<SchedulerPass> {
    await this.reapStaleClaims();
    const now = this.d.clock.now();
    const due = (await this.d.repo.dueOccurrences(now, 500)).filter(
      (o) =>
        (!filter.workspaceId || o.workspace_id === filter.workspaceId) &&
        (!filter.seriesId || o.series_id === filter.seriesId),
    );
    const pass: SchedulerPass = { runs: [], completed: 0 };
    const sources = new Map<string, Promise<Rec>>();
    for (const occ of due) {
      const series = await this.d.repo.findSeries(occ.series_id);
      if (!series || series.status !== 'active') continue;
      const claim = `${occ._id}:a${occ.attempts}`;
      if (!(await this.take(claim, occ._id, 'attempt'))) continue;
      const current = await this.d.repo.findOccurrence(occ._id);
      if (!current || !isOpen(current) || current.attempts !== occ.attempts) {
        await this.release([claim]);
        continue;
      }
      if (!sources.has(series._id))
        sources.set(
          series._id,
          this.d.invoice.call<Rec>('GetInvoice', {
            workspace_id: series.workspace_id,
            invoice_id: series.source_invoice_id,
          }),
        );
      pass.runs.push(await this.process(series, current, claim, sources.get(series._id)!, pass));
    }
    return pass;
  }

  private async process(
    series: SeriesDoc,
    occ: OccurrenceDoc,
    attemptClaim: string,
    source: Promise<Rec>,
    pass: SchedulerPass,
  ): Promise<OccurrenceRun> {
    const run: OccurrenceRun = {
      workspace_id: series.workspace_id,
      series_id: series._id,
      local_date: occ.local_date,
      status: 'pending',
    };
    const claims = [attemptClaim];
    try {
      await this.attempt(series, occ, source, claims, run, pass);
      await this.d.repo.releaseClaims(claims);
    } catch (err) {
      if (!(err instanceof TakenOver)) throw err;
      // The claims may be another worker's now: they and the occurrence are left to it.
      this.d.log.warn({ series_id: series._id, occurrence: occ.local_date }, err.message);
      run.error = err.message;
    } finally {
      // No longer renewed; claims not released above are left to the reaper.
      for (const claim of claims) this.held.delete(claim);
    }
    return run;
  }

  /** Generates (unless done) and emails the follow-up; a failure is recorded for a retry with backoff. */
  private async attempt(
    series: SeriesDoc,
    occ: OccurrenceDoc,
    source: Promise<Rec>,
    claims: string[],
    run: OccurrenceRun,
    pass: SchedulerPass,
  ): Promise<void> {
    try {
      run.invoice_id = occ.invoice_id ?? (await this.generate(series, occ, source));
      if (!occ.email_sent) await this.email(series, occ, run.invoice_id, claims);
      await this.d.repo.updateOccurrence(occ._id, {
        status: 'sent',
        sent_at: this.d.clock.now(),
        email_sent: true,
        last_error: null,
      });
      run.status = 'sent';
      if (await this.d.series.completeIfFinished((await this.d.repo.findSeries(series._id)) ?? series))
        pass.completed++;
    } catch (err) {
      if (err instanceof TakenOver) throw err;
      const attempts = occ.attempts + 1;
      const message = err instanceof AppError ? `${err.name}: ${err.message}` : (err as Error).message;
      await this.d.repo.updateOccurrence(occ._id, {
        status: 'failed',
        attempts,
        next_attempt_at: new Date(this.d.clock.now().getTime() + retryDelayMs(attempts)),
        last_error: message.slice(0, 500),
      });
      this.d.log.warn(
        { series_id: series._id, occurrence: occ.local_date, attempts, err: message },
        'follow-up failed; will retry',
      );
      run.status = 'failed';
      run.error = message;
    }
  }

  /** Generates the follow-up (a retry gets the invoice already made) and records it. */
  private async generate(series: SeriesDoc, occ: OccurrenceDoc, source: Promise<Rec>): Promise<string> {
    const res = await this.d.invoice.call<{ id: string; invoice_number: string }>(
      'GenerateInvoice',
      this.followUpRequest(series, occ, await source),
    );
    if (this.d.crashAfterGenerate) process.kill(process.pid, 'SIGKILL');
    await this.d.repo.updateOccurrence(occ._id, { invoice_id: res.id, invoice_number: res.invoice_number });
    return res.id;
  }

  /** The first invoice's content for the occurrence's date, keeping its issue-to-due offset. */
  private followUpRequest(series: SeriesDoc, occ: OccurrenceDoc, source: Rec) {
    const items = (source.items as Rec[]).map((i) => ({
      description: i.description,
      quantity: i.quantity,
      price: i.price,
      discount: i.discount,
      unit: i.unit,
      tax_rate: i.tax_rate,
    }));
    return {
      workspace_id: series.workspace_id,
      source: 'recurring',
      series_id: series._id,
      occurrence_date: occ.local_date,
      issue_date: new Date(occ.date).toISOString(),
      customer_name: source.customer_name,
      customer_email: series.customer_email,
      customer_tax_id: source.customer_tax_id,
      items,
      currency: source.currency,
      tax_rate: source.tax_rate,
      discount_total: source.discount_total,
      due_date: addDays(occ.local_date, series.due_offset_days),
      notes: source.notes,
      custom_payment_notes: source.custom_payment_notes,
      footer_text: source.footer_text,
      document_language: source.document_language,
      template: source.requested_template,
      is_recurring: true,
      recurring_interval: series.frequency,
      payment_gateway: source.payment_gateway,
      payment_account: source.payment_account,
    };
  }

  /** Emails the follow-up with its PDF, under the occurrence's email claim (added to `claims`). */
  private async email(series: SeriesDoc, occ: OccurrenceDoc, invoiceId: string, claims: string[]): Promise<void> {
    const claim = `${occ._id}:email`;
    if (!(await this.take(claim, occ._id, 'email'))) {
      throw new Error('the email of this occurrence is being sent by another worker');
    }
    claims.push(claim);
    const inv = await this.d.invoice.call<Rec>('GetInvoice', {
      workspace_id: series.workspace_id,
      invoice_id: invoiceId,
    });
    if (!inv.pdf_file_id) throw new Error('the follow-up has no PDF yet');
    const [file, ws] = await Promise.all([
      this.d.pdf.call<{ info: { download_name: string }; content: Buffer }>('GetFile', {
        workspace_id: series.workspace_id,
        file_id: inv.pdf_file_id,
        include_content: true,
      }),
      this.d.accounts.call<{ name: string }>('GetWorkspace', { workspace_id: series.workspace_id }),
    ]);
    const mail = followUpMail({
      language: String(inv.document_language ?? series.document_language),
      invoiceNumber: String(inv.invoice_number),
      seller: ws.name,
      customerName: String(inv.customer_name),
      amount: String(inv.amount),
      currency: String(inv.currency),
      dueDate: String(inv.due_date),
      url: String(inv.pdf_url ?? ''),
    });
    if (!(await this.d.repo.holdsClaims(claims, this.owner))) {
      throw new TakenOver('the claims of this occurrence were taken over while it was worked on; not emailed');
    }
    await this.d.mailer.send({
      to: series.customer_email,
      subject: mail.subject,
      text: mail.text,
      attachments: [
        { filename: file.info.download_name, content: Buffer.from(file.content), contentType: 'application/pdf' },
      ],
    });
  }

  private async take(id: string, occurrenceId: string, kind: 'attempt' | 'email'): Promise<boolean> {
    if (!(await this.d.repo.claim(id, occurrenceId, kind, this.owner, new Date()))) return false;
    this.held.add(id);
    return true;
  }

  private async release(claims: string[]): Promise<void> {
    try {
      await this.d.repo.releaseClaims(claims);
    } finally {
      for (const claim of claims) this.held.delete(claim);
    }
  }

  /** Claims that no heartbeat renewed for the lease: their replica died, so others may take them. */
  private async reapStaleClaims(): Promise<void> {
    const stale = await this.d.repo.staleClaims(new Date(Date.now() - this.d.leaseMs));
    if (stale.length > 0) {
      this.d.log.warn({ claims: stale.map((c) => c._id) }, 'releasing the claims of a silent scheduler');
      await this.d.repo.releaseClaims(stale.map((c) => c._id));
    }
  }
}
