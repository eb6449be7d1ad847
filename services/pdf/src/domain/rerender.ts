import { AppError } from '@invoice-platform/common/errors';
import type { FileInfo } from './files.ts';

/**
 * Which invoice.lifecycle.v1 events re-render an invoice's PDF after a status change
 * (docs/contracts.md §4.3), and what happens to the file and to a failed render: the rules, without
 * I/O.
 */

export const statusChangedType = 'invoice.status_changed';

export interface LifecycleData {
  object?: { id?: string };
  previous_status?: string;
}

/** The envelope fields of an invoice.lifecycle.v1 event the decision reads. */
export interface LifecycleEvent {
  id: string;
  type: string;
  workspace_id: string;
  sequence?: number;
  data: LifecycleData;
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
export function decideRerender(event: LifecycleEvent, state: RerenderState): RerenderDecision {
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
