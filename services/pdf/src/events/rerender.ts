import { AppError } from '@invoice-platform/common/errors';
import type { TypedClient } from '@invoice-platform/common/grpc';
import type { EventEnvelope } from '@invoice-platform/common/kafka';
import type { Logger } from '@invoice-platform/common/logger';
import type { InvoiceServiceDefinition } from '@invoice-platform/protos/invoiceplatform/invoice/v1/InvoiceService';
import type { RenderRequest } from '../domain/document.ts';
import type { Documents } from '../service/documents.ts';
import type { FileInfo, FileStore } from '../store/file-store.ts';
import type { PdfRepository } from '../store/repository.ts';

/**
 * Asynchronous re-render after a status change (docs/contracts.md §4.3): consume
 * invoice.lifecycle.v1 `invoice.status_changed`, fetch the invoice's current render input, render,
 * store, report with RecordPdfResult, and delete the file when the invoice service does not apply it.
 */

export const statusChangedType = 'invoice.status_changed';

export interface LifecycleData {
  object?: { id?: string };
  previous_status?: string;
}

export type SkipReason = 'ignored_type' | 'malformed' | 'no_invoice_service' | 'duplicate' | 'stale';
export type RerenderDecision = { action: 'render'; invoiceId: string } | { action: 'skip'; reason: SkipReason };

export interface RerenderState {
  /** The event id was handled before. */
  processed: boolean;
  /** Newest invoice sequence this service rendered for the invoice, if any. */
  lastRenderedSequence: number | undefined;
  /** INVOICE_ADDR is set. */
  invoiceServiceConfigured: boolean;
}

/** The decision, without I/O: which events lead to a render. */
export function decideRerender(event: EventEnvelope<LifecycleData>, state: RerenderState): RerenderDecision {
  if (event.type !== statusChangedType) return { action: 'skip', reason: 'ignored_type' };
  const invoiceId = event.data?.object?.id;
  if (!event.id || !event.workspace_id || !invoiceId) return { action: 'skip', reason: 'malformed' };
  if (!state.invoiceServiceConfigured) return { action: 'skip', reason: 'no_invoice_service' };
  if (state.processed) return { action: 'skip', reason: 'duplicate' };
  if (isStale(event.sequence, state.lastRenderedSequence)) return { action: 'skip', reason: 'stale' };
  return { action: 'render', invoiceId };
}

/** A sequence is stale when a render at least as new was already made for the invoice. */
export function isStale(sequence: number | undefined, lastRendered: number | undefined): boolean {
  return sequence !== undefined && lastRendered !== undefined && sequence <= lastRendered;
}

/** After RecordPdfResult: the stored file is deleted when the invoice service did not take it. */
export function fileToDelete(file: FileInfo | undefined, applied: boolean): FileInfo | undefined {
  return file && !applied ? file : undefined;
}

/**
 * Render failures worth another try: ApplicationError (printing) and outages; not a bad document,
 * nor a template whose output is over a cap (`details.limit`: the same document is refused again).
 */
export function isRetryableRenderError(err: unknown): boolean {
  if (!(err instanceof AppError)) return true;
  if (err.kind === 'application') return err.details?.limit === undefined;
  return err.kind === 'unavailable';
}

export interface RerenderDeps {
  documents: Documents;
  files: FileStore;
  repo: PdfRepository;
  /** Undefined when INVOICE_ADDR is empty. */
  invoice: TypedClient<InvoiceServiceDefinition> | undefined;
  log: Logger;
  /** Waits between render attempts (default 0.5 s, 2 s). */
  retryDelaysMs?: number[];
}

export class RerenderConsumer {
  private readonly deps: RerenderDeps;
  private warnedNoInvoice = false;

  constructor(deps: RerenderDeps) {
    this.deps = deps;
  }

  /** The Kafka handler. Throwing makes kafkajs retry the message (invoice service unavailable). */
  async handle(event: EventEnvelope<LifecycleData>): Promise<void> {
    const { repo, log } = this.deps;
    if (event.type !== statusChangedType) return;
    const invoiceId = event.data?.object?.id;
    const decision = decideRerender(event, {
      processed: event.id ? await repo.processed.has(event.id) : false,
      lastRenderedSequence: invoiceId ? await repo.lastRenderedSequence(invoiceId) : undefined,
      invoiceServiceConfigured: this.deps.invoice !== undefined,
    });
    if (decision.action === 'skip') {
      if (decision.reason === 'no_invoice_service') {
        if (!this.warnedNoInvoice) log.warn('INVOICE_ADDR is not set: status changes are not re-rendered');
        this.warnedNoInvoice = true;
        return;
      }
      log.debug({ event_id: event.id, reason: decision.reason }, 're-render skipped');
      if (decision.reason === 'stale') await repo.processed.record(event.id, event.type);
      return;
    }
    await this.rerender(event, decision.invoiceId);
    await repo.processed.record(event.id, event.type);
  }

  private async rerender(event: EventEnvelope<LifecycleData>, invoiceId: string): Promise<void> {
    const { repo, files, log } = this.deps;
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
    if (isStale(input.invoice_sequence, await repo.lastRenderedSequence(invoiceId))) return;

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
    if (outcome.file) await repo.recordRenderedSequence(input.workspace_id, input.invoice_id, input.invoice_sequence);
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
