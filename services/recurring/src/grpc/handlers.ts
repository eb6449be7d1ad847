import type { TypedHandlers } from '@invoice-platform/common/grpc/server';
import type { RecurringServiceDefinition } from '@invoice-platform/protos/invoiceplatform/recurring/v1/RecurringService';
import type { RunSchedulerOnceResponse } from '@invoice-platform/protos/invoiceplatform/recurring/v1/RunSchedulerOnceResponse';
import { contentItem } from '../domain/series-content.ts';
import type { ContentEdits } from '../service/content-edits.ts';
import type { Deletions } from '../service/deletions.ts';
import type { PauseAndResume } from '../service/pause-and-resume.ts';
import type { ProfileChecks } from '../service/profile-checks.ts';
import type { ScheduleChanges } from '../service/schedule-changes.ts';
import type { Scheduler } from '../service/scheduler.ts';
import type { SeriesCreation } from '../service/series-creation.ts';
import type { SeriesQueries } from '../service/series-queries.ts';

export interface HandlerDeps {
  creation: SeriesCreation;
  queries: SeriesQueries;
  pauseAndResume: PauseAndResume;
  scheduleChanges: ScheduleChanges;
  contentEdits: ContentEdits;
  profileChecks: ProfileChecks;
  deletions: Deletions;
  scheduler: Scheduler;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
const int = (v: unknown) => (typeof v === 'number' && v !== 0 ? v : undefined);

export function recurringHandlers(deps: HandlerDeps): TypedHandlers<RecurringServiceDefinition> {
  const { creation, queries, scheduleChanges } = deps;
  return {
    async CreateSeries(req) {
      const { view, created } = await creation.create({
        workspace_id: req.workspace_id,
        series_id: req.series_id,
        source_invoice_id: req.source_invoice_id,
        invoice_number: req.invoice_number,
        frequency: req.frequency,
        count: int(req.count),
        end_date: str(req.end_date),
        anchor_date: req.anchor_date,
        first_due_date: req.first_due_date,
        customer_name: req.customer_name,
        customer_email: req.customer_email,
        currency: req.currency,
        amount: req.amount,
        document_language: req.document_language || 'en',
        time_zone: req.time_zone || 'UTC',
      });
      return { series: view, created };
    },

    async ListSeries(req) {
      return queries.list(req.workspace_id, req.status, req.page, req.page_size);
    },

    async GetSeries(req) {
      return queries.get(req.workspace_id, req.series_id);
    },

    async SetSeriesStatus(req) {
      return deps.pauseAndResume.setStatus(req.workspace_id, req.series_id, req.status);
    },

    async ExtendSeries(req) {
      const { view, result } = await scheduleChanges.extend(req.workspace_id, req.series_id, {
        count: int(req.count),
        end_date: str(req.end_date),
      });
      return { series: view, added: result.added };
    },

    async ChangeFrequency(req) {
      const { view, result } = await scheduleChanges.changeFrequency(req.workspace_id, req.series_id, {
        frequency: req.frequency,
        start_date: req.start_date,
        count: int(req.count),
        end_date: str(req.end_date),
      });
      return { series: view, replaced: result.replaced, added: result.added };
    },

    async SkipOccurrence(req) {
      return scheduleChanges.skip(req.workspace_id, req.series_id, req.date);
    },

    async EditSeriesContent(req) {
      return deps.contentEdits.edit(req.workspace_id, req.series_id, {
        customer_name: req.customer_name,
        customer_email: req.customer_email,
        // proto3 has no unset list: none means the items stay (a series always has one).
        items: req.items.length > 0 ? req.items.map(contentItem) : undefined,
        currency: req.currency,
        tax_rate: req.tax_rate,
        discount_total: req.discount_total,
        notes: req.notes,
        document_language: req.document_language,
      });
    },

    async CheckLegalProfileChange(req) {
      return { refused: await deps.profileChecks.refusedBy(req.workspace_id, req.legal_profile ?? null) };
    },

    async DeleteSeries(req) {
      return deps.deletions.delete(req.workspace_id, req.series_id);
    },

    async RunSchedulerOnce(req) {
      return schedulerPass(deps.scheduler, req);
    },
  };
}

/** One scheduler pass and what it did (RunSchedulerOnce, and the test hooks' RunSchedulerAt). */
export async function schedulerPass(
  scheduler: Scheduler,
  scope: { workspace_id?: string; series_id?: string },
): Promise<RunSchedulerOnceResponse> {
  const { runs, completed } = await scheduler.runOnce({
    workspaceId: str(scope.workspace_id),
    seriesId: str(scope.series_id),
  });
  return {
    generated: runs.filter((r) => r.invoice_id).length,
    emailed: runs.filter((r) => r.status === 'sent').length,
    failed: runs.filter((r) => r.status === 'failed').length,
    completed,
    runs,
  };
}
