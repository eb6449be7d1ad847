import { AppError } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import type { ProcessedEvents } from '@invoice-platform/common/store/processed-events';
import type { RenderRequest } from '../domain/document.ts';
import type { FileInfo } from '../domain/files.ts';
import {
  decideRerender,
  fileToDelete,
  invoiceIdOf,
  isRetryableRenderError,
  isStale,
  type LifecycleEvent,
  rerenderTypes,
} from '../domain/rerender.ts';
import type { FileStore } from '../store/files.ts';
import type { RenderStateStore } from '../store/render-states.ts';
import type { Documents } from './documents.ts';
import type { InvoiceClient } from './peers.ts';

export interface RerenderDeps {
  documents: Documents;
  files: FileStore;
  renderStates: RenderStateStore;
  /** invoice.lifecycle.v1 events handled already. */
  processed: ProcessedEvents;
  /** Undefined when INVOICE_ADDR is empty. */
  invoice: InvoiceClient | undefined;
  log: Logger;
  /** Waits between render attempts (default 0.5 s, 2 s). */
  retryDelaysMs?: number[];
}

/**
 * Asynchronous re-render after a status change (docs/contracts.md §4.3) or a change of the balance
 * (docs/money-trail.md): on invoice.lifecycle.v1 `invoice.status_changed`, `credit_note.created` or
 * `invoice.payment_recorded`, fetch the invoice's current render input, render, store, report with
 * RecordPdfResult, and delete the file when the invoice service does not apply it.
 */
export class Rerender {
  private readonly deps: RerenderDeps;
  private warnedNoInvoice = false;

  constructor(deps: RerenderDeps) {
    this.deps = deps;
  }

  /** Handles one event. Throwing makes the consumer retry the message (invoice service unavailable). */
  async onLifecycleEvent(event: LifecycleEvent): Promise<void> {
    const { processed, renderStates, log } = this.deps;
    if (!rerenderTypes.includes(event.type)) return;
    const invoiceId = invoiceIdOf(event);
    const decision = decideRerender(event, {
      processed: event.id ? await processed.has(event.id) : false,
      lastRenderedSequence: invoiceId ? await renderStates.lastRenderedSequence(invoiceId) : undefined,
      invoiceServiceConfigured: this.deps.invoice !== undefined,
    });
    if (decision.action === 'skip') {
      if (decision.reason === 'no_invoice_service') {
        if (!this.warnedNoInvoice) log.warn('INVOICE_ADDR is not set: status changes are not re-rendered');
        this.warnedNoInvoice = true;
        return;
      }
      log.debug({ event_id: event.id, reason: decision.reason }, 're-render skipped');
      if (decision.reason === 'stale') await processed.record(event.id, event.type);
      return;
    }
    await this.rerender(event, decision.invoiceId);
    await processed.record(event.id, event.type);
  }

  private async rerender(event: LifecycleEvent, invoiceId: string): Promise<void> {
    const { renderStates, files, log } = this.deps;
    const invoice = this.deps.invoice!;
    let input: RenderRequest;
    try {
      input = await invoice.call('GetRenderInput', {
        workspace_id: event.workspace_id,
        invoice_id: invoiceId,
      });
    } catch (err) {
      if (AppError.isKind(err, 'not_found')) {
        log.info({ invoice_id: invoiceId }, 're-render skipped: the invoice no longer exists');
        return;
      }
      throw err;
    }
    if (isStale(input.invoice_sequence, await renderStates.lastRenderedSequence(invoiceId))) return;

    const outcome = await this.renderWithRetries(input);
    let applied: boolean;
    try {
      const res = await invoice.call('RecordPdfResult', {
        workspace_id: input.workspace_id,
        invoice_id: input.invoice_id,
        invoice_sequence: input.invoice_sequence,
        ...(outcome.file ? { file: outcome.file } : { error: outcome.error }),
      });
      applied = res.applied;
    } catch (err) {
      // Not recorded: the message is retried and renders again, so this file would be an orphan.
      if (outcome.file) await files.delete(outcome.file.workspace_id, outcome.file.file_id).catch(() => undefined);
      throw err;
    }
    const orphan = fileToDelete(outcome.file, applied);
    if (orphan) await files.delete(orphan.workspace_id, orphan.file_id);
    if (outcome.file) {
      await renderStates.recordRenderedSequence(input.workspace_id, input.invoice_id, input.invoice_sequence);
    }
    log.info(
      { invoice_id: input.invoice_id, sequence: input.invoice_sequence, applied, ok: Boolean(outcome.file) },
      're-render recorded',
    );
  }

  private async renderWithRetries(input: RenderRequest): Promise<{ file?: FileInfo; error?: string }> {
    const delays = this.deps.retryDelaysMs ?? [500, 2000];
    for (let attempt = 0; ; attempt++) {
      try {
        return { file: (await this.deps.documents.render(input)).file };
      } catch (err) {
        const retry = isRetryableRenderError(err) && attempt < delays.length;
        this.deps.log.warn(
          { err: (err as Error).message, invoice_id: input.invoice_id, attempt, retry },
          're-render failed',
        );
        if (!retry) return { error: (err as Error).message || 'render failed' };
        await new Promise((r) => setTimeout(r, delays[attempt]));
      }
    }
  }
}
