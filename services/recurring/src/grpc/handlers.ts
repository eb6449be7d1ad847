import { AppError } from '@invoice-platform/common/errors';
import type { UnaryHandlers } from '@invoice-platform/common/grpc';
import type { ServiceClock } from '@invoice-platform/common/clock';
import type { Scheduler } from '../service/scheduler.ts';
import type { SeriesService } from '../service/series.ts';

export interface HandlerDeps {
  series: SeriesService;
  scheduler: Scheduler;
  clock: ServiceClock;
  testHooks: boolean;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
const int = (v: unknown) => (typeof v === 'number' && v !== 0 ? v : undefined);

export function recurringHandlers(deps: HandlerDeps): UnaryHandlers {
  const { series } = deps;
  const needHooks = () => {
    if (!deps.testHooks) throw new AppError('application', 'Moving the clock needs the test hooks.');
  };
  return {
    async CreateSeries(req: Record<string, unknown>) {
      const { view, created } = await series.create({
        workspace_id: String(req.workspace_id),
        series_id: String(req.series_id),
        source_invoice_id: String(req.source_invoice_id),
        invoice_number: String(req.invoice_number),
        frequency: String(req.frequency),
        count: int(req.count),
        end_date: str(req.end_date),
        anchor_date: String(req.anchor_date),
        first_due_date: String(req.first_due_date),
        customer_name: String(req.customer_name),
        customer_email: String(req.customer_email),
        currency: String(req.currency),
        amount: String(req.amount),
        document_language: String(req.document_language || 'en'),
        time_zone: String(req.time_zone || 'UTC'),
      });
      return { series: view, created };
    },

    async ListSeries(req: { workspace_id: string; status?: string; page: number; page_size: number }) {
      return series.list(req.workspace_id, req.status, req.page, req.page_size);
    },

    async GetSeries(req: { workspace_id: string; series_id: string }) {
      return series.get(req.workspace_id, req.series_id);
    },

    async SetSeriesStatus(req: { workspace_id: string; series_id: string; status: string }) {
      return series.setStatus(req.workspace_id, req.series_id, req.status);
    },

    async ExtendSeries(req: Record<string, unknown>) {
      const { view, result } = await series.extend(String(req.workspace_id), String(req.series_id), {
        count: int(req.count),
        end_date: str(req.end_date),
      });
      return { series: view, added: result.added };
    },

    async ChangeFrequency(req: Record<string, unknown>) {
      const { view, result } = await series.changeFrequency(String(req.workspace_id), String(req.series_id), {
        frequency: String(req.frequency),
        start_date: String(req.start_date),
        count: int(req.count),
        end_date: str(req.end_date),
      });
      return { series: view, replaced: result.replaced, added: result.added };
    },

    async SkipOccurrence(req: { workspace_id: string; series_id: string; date: string }) {
      return series.skip(req.workspace_id, req.series_id, req.date);
    },

    async SetClock(req: { now?: string }) {
      needHooks();
      const at = req.now ? new Date(req.now) : undefined;
      if (at && Number.isNaN(at.getTime()))
        throw AppError.validation([{ path: 'now', message: 'must be an RFC 3339 time' }]);
      deps.clock.freezeAt(at);
      return { now: deps.clock.now().toISOString(), frozen: deps.clock.moved };
    },

    async RunSchedulerOnce(req: { now?: string; workspace_id?: string; series_id?: string }) {
      if (req.now) {
        needHooks();
        deps.clock.freezeAt(new Date(req.now));
      }
      const { runs, completed } = await deps.scheduler.runOnce({
        workspaceId: str(req.workspace_id),
        seriesId: str(req.series_id),
      });
      return {
        generated: runs.filter((r) => r.invoice_id).length,
        emailed: runs.filter((r) => r.status === 'sent').length,
        failed: runs.filter((r) => r.status === 'failed').length,
        completed,
        runs,
      };
    },
  };
}
