import type { LifecycleType } from '@invoice-platform/common/contracts/values';
import { AppError } from '@invoice-platform/common/errors';
import type { FileInfo } from './files.ts';

/**
 * Which invoice.lifecycle.v1 events re-render an invoice's PDF after a status change
 * (docs/contracts.md §4.3) or a change of its balance (docs/money-trail.md "Documents"), and what
 * happens to the file and to a failed render: the rules, without I/O.
 */

export const statusChangedType: LifecycleType = 'invoice.status_changed';
export const creditNoteCreatedType: LifecycleType = 'credit_note.created';
export const paymentRecordedType: LifecycleType = 'invoice.payment_recorded';

/**
 * The events after which the invoice's PDF prints something new: its status, or its credit notes,
 * payments and balance. A credit note that also moves the status writes both events at the same
 * sequence: the second finds it rendered (stale).
 */
export const rerenderTypes: readonly string[] = [statusChangedType, creditNoteCreatedType, paymentRecordedType];

export interface LifecycleData {
  /** The invoice; for credit_note.created, the credit note. */
  object?: { id?: string };
  /** credit_note.created: the invoice after the note. */
  invoice?: { id?: string };
  previous_status?: string;
}

/** The invoice an event is about (credit_note.created names it in data.invoice). */
export function invoiceIdOf(event: Pick<LifecycleEvent, 'type' | 'data'>): string | undefined {
  return event.type === creditNoteCreatedType ? event.data?.invoice?.id : event.data?.object?.id;
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
  if (!rerenderTypes.includes(event.type)) return { action: 'skip', reason: 'ignored_type' };
  const invoiceId = invoiceIdOf(event);
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
