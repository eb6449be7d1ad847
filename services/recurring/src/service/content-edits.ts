import { AppError } from '@invoice-platform/common/errors';
import type { Invoice__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/Invoice';
import { editRefusal, nextFollowUp } from '../domain/follow-up-check.ts';
import { followUpRequest } from '../domain/follow-up-request.ts';
import type { SeriesContent, SeriesDoc } from '../domain/records.ts';
import {
  checkContentEdit,
  type ContentEditInput,
  contentOfFirstInvoice,
  contentView,
  editedContent,
  nothingToEdit,
  planContentEdit,
} from '../domain/series-content.ts';
import { seriesView } from '../domain/series-view.ts';
import type { OccurrenceStore } from '../store/occurrences.ts';
import type { SeriesStore } from '../store/series.ts';
import type { InvoiceClient } from './peers.ts';
import type { SeriesChanges } from './series-changes.ts';
import { whileHoldingUpcoming } from './upcoming-holds.ts';

export interface ContentEditsDeps {
  series: SeriesStore;
  occurrences: OccurrenceStore;
  changes: SeriesChanges;
  invoice: InvoiceClient;
  /** How long an edit holds the occurrences not generated yet (a crashed edit's holds end then). */
  holdMs: number;
  /** How long an edit waits for a follow-up being generated right now (then 409). */
  busyWaitMs: number;
}

/**
 * EditSeriesContent (the dashboard's "edit series"): the content follow-ups are made from from now
 * on (domain/series-content.ts). Checked as the generate of its next follow-up would be
 * (domain/follow-up-check.ts), before anything is held; then a
 * compare-and-set on the series made while it holds every occurrence not generated yet
 * (service/upcoming-holds.ts), so each follow-up is made wholly from the content before or after.
 */
export class ContentEdits {
  private readonly deps: ContentEditsDeps;

  constructor(deps: ContentEditsDeps) {
    this.deps = deps;
  }

  async edit(workspaceId: string, id: string, input: ContentEditInput) {
    const edit = checkContentEdit(input);
    const series = await this.deps.series.get(workspaceId, id);
    const refusal = nothingToEdit(series);
    if (refusal) throw refusal;
    // Until its first edit the series' content is the first invoice's; a content once stored stays.
    // The first invoice also gives what a follow-up keeps of it (payment gateway, e-invoice).
    const first = await this.firstInvoice(series);
    const base = (current: SeriesDoc): SeriesContent => current.content ?? contentOfFirstInvoice(current, first);
    // A refusal (a bad currency, a discount over the subtotal, a follow-up a generate would refuse)
    // does not wait for any hold.
    await this.checkNextFollowUp(series, editedContent(base(series), edit).content, first);
    await whileHoldingUpcoming(this.deps, id, (held) =>
      this.deps.changes.change(workspaceId, id, (current, occurrences) =>
        planContentEdit(current, occurrences, held, base(current), edit),
      ),
    );
    const stored = await this.deps.series.get(workspaceId, id);
    return {
      series: seriesView(stored, await this.deps.occurrences.ofSeries(id), true),
      content: contentView(stored.content ?? base(stored)),
    };
  }

  /**
   * The edited content checked as the generate of the series' next follow-up would be
   * (domain/follow-up-check.ts): with the payment gateway, e-invoice format and buyer data it keeps
   * from the first invoice, against the workspace as it is. A series whose open occurrences are all
   * generated already has no follow-up left to make from it.
   */
  private async checkNextFollowUp(series: SeriesDoc, content: SeriesContent, first: Invoice__Output): Promise<void> {
    const next = nextFollowUp(await this.deps.occurrences.ofSeries(series._id));
    if (!next) return;
    try {
      await this.deps.invoice.call('CheckGenerate', { request: followUpRequest({ ...series, content }, next, first) });
    } catch (err) {
      throw err instanceof AppError ? editRefusal(err) : err;
    }
  }

  private firstInvoice(series: SeriesDoc): Promise<Invoice__Output> {
    return this.deps.invoice.call('GetInvoice', {
      workspace_id: series.workspace_id,
      invoice_id: series.source_invoice_id,
    });
  }
}
