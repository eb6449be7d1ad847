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
}

export interface OccurrenceRun {
  workspace_id: string;
  series_id: string;
  local_date: string;
  status: string;
  invoice_id?: string;
  error?: string;
}

/**
 * Generates and emails due follow-ups (DESIGN.md §3 Recurring). Any number of replicas may run
 * it: an attempt is claimed by inserting `${occurrence}:a${n}` and an email by `${occurrence}:email`,
 * so each is done once; the invoice itself is idempotent by series occurrence in the invoice
 * service, so a retry after any failure never makes a second invoice or uses a second credit.
 */
export class Scheduler {
  private readonly d: SchedulerDeps;
  private readonly owner = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(deps: SchedulerDeps) {
    this.d = deps;
  }

  start(intervalMs: number): void {
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
  }

  async runOnce(filter: { workspaceId?: string; seriesId?: string } = {}): Promise<OccurrenceRun[]> {
    await this.reapStaleClaims();
    const now = this.d.clock.now();
    const due = (await this.d.repo.dueOccurrences(now, 500)).filter(
      (o) =>
        (!filter.workspaceId || o.workspace_id === filter.workspaceId) &&
        (!filter.seriesId || o.series_id === filter.seriesId),
    );
    const runs: OccurrenceRun[] = [];
    const sources = new Map<string, Promise<Rec>>();
    for (const occ of due) {
      const series = await this.d.repo.findSeries(occ.series_id);
      if (!series || series.status !== 'active') continue;
      if (!(await this.d.repo.claim(`${occ._id}:a${occ.attempts}`, occ._id, 'attempt', this.owner, new Date())))
        continue;
      const current = await this.d.repo.findOccurrence(occ._id);
      if (!current || !isOpen(current) || current.attempts !== occ.attempts) continue;
      if (!sources.has(series._id))
        sources.set(
          series._id,
          this.d.invoice.call<Rec>('GetInvoice', {
            workspace_id: series.workspace_id,
            invoice_id: series.source_invoice_id,
          }),
        );
      runs.push(await this.process(series, current, sources.get(series._id)!));
    }
    return runs;
  }

  private async process(series: SeriesDoc, occ: OccurrenceDoc, source: Promise<Rec>): Promise<OccurrenceRun> {
    const run: OccurrenceRun = {
      workspace_id: series.workspace_id,
      series_id: series._id,
      local_date: occ.local_date,
      status: 'pending',
    };
    let invoiceId = occ.invoice_id;
    try {
      if (!invoiceId) {
        const res = await this.d.invoice.call<{ id: string; invoice_number: string }>(
          'GenerateInvoice',
          this.followUpRequest(series, occ, await source),
        );
        invoiceId = res.id;
        await this.d.repo.updateOccurrence(occ._id, { invoice_id: res.id, invoice_number: res.invoice_number });
      }
      run.invoice_id = invoiceId;
      if (!occ.email_sent) await this.email(series, occ, invoiceId);
      await this.d.repo.updateOccurrence(occ._id, {
        status: 'sent',
        sent_at: this.d.clock.now(),
        email_sent: true,
        last_error: null,
      });
      run.status = 'sent';
      await this.d.series.completeIfFinished((await this.d.repo.findSeries(series._id)) ?? series);
    } catch (err) {
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
    return run;
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

  /** Emails the follow-up with its PDF once; an SMTP failure frees the claim for the retry. */
  private async email(series: SeriesDoc, occ: OccurrenceDoc, invoiceId: string): Promise<void> {
    const claimId = `${occ._id}:email`;
    if (!(await this.d.repo.claim(claimId, occ._id, 'email', this.owner, new Date()))) {
      throw new Error('the email of this occurrence is being sent by another worker');
    }
    try {
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
      await this.d.mailer.send({
        to: series.customer_email,
        subject: mail.subject,
        text: mail.text,
        attachments: [
          { filename: file.info.download_name, content: Buffer.from(file.content), contentType: 'application/pdf' },
        ],
      });
    } catch (err) {
      await this.d.repo.releaseClaim(claimId);
      throw err;
    }
  }

  /** Claims of workers that went silent: attempts become claimable again, unsent emails retryable. */
  private async reapStaleClaims(): Promise<void> {
    const stale = await this.d.repo.staleClaims(new Date(Date.now() - this.d.leaseMs));
    for (const claim of stale) {
      const occ = await this.d.repo.findOccurrence(claim.occurrence_id);
      if (claim.kind === 'email' && occ && !occ.email_sent && isOpen(occ)) await this.d.repo.releaseClaim(claim._id);
      if (claim.kind === 'attempt') await this.d.repo.releaseClaim(claim._id);
    }
  }
}
