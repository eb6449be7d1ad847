import { AppError } from '@invoice-platform/common/errors';

import { type InvoiceStatus, invoiceStatuses } from '@invoice-platform/common/contracts/values';

export { type InvoiceStatus, invoiceStatuses };

/** docs/architecture.md#status-moves: allowed[from] lists the statuses a PUT status may move to. */
const allowed: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  unpaid: ['paid', 'overdue', 'cancelled'],
  overdue: ['unpaid', 'paid', 'cancelled'],
  paid: ['unpaid'],
  cancelled: ['unpaid'],
};

export function isInvoiceStatus(value: string): value is InvoiceStatus {
  return (invoiceStatuses as readonly string[]).includes(value);
}

/**
 * Throws the refusal of docs/architecture.md#status-moves (400 ApplicationError with {from, to})
 * for a move not in the table.
 */
export function assertMove(from: InvoiceStatus, to: InvoiceStatus): void {
  if (from === to || allowed[from].includes(to)) return;
  throw new AppError('application', `An invoice cannot move from ${from} to ${to}.`, { from, to });
}

/**
 * The public event a move to `to` sends (docs/architecture.md#webhooks); moving back to unpaid
 * sends none.
 */
export function publicEventFor(to: InvoiceStatus): 'invoice.paid' | 'invoice.overdue' | 'invoice.cancelled' | null {
  if (to === 'unpaid') return null;
  return `invoice.${to}`;
}

/**
 * paid_at after a move: set when becoming paid, cleared when leaving paid
 * (docs/architecture.md#status-moves).
 */
export function paidAtAfter(to: InvoiceStatus, current: Date | null, now: Date): Date | null {
  if (to === 'paid') return now;
  return to === 'unpaid' || to === 'overdue' || to === 'cancelled' ? null : current;
}

/**
 * Whether an online payment moves an invoice in `from` to paid: only unpaid and overdue invoices
 * can be paid. A paid invoice stays as it is, and a cancelled one is not revived by money that
 * arrives late (the business decided not to collect it); both only record the payment, so the
 * money is accounted for and can be refunded.
 */
export function paymentMovesToPaid(from: string): boolean {
  return from === 'unpaid' || from === 'overdue';
}

/** The marking printed on the PDF and in its download name. */
export function statusMarking(status: InvoiceStatus): string {
  return status.toUpperCase();
}
