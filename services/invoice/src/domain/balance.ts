import { formatMinor, minorUnits } from '@invoice-platform/common/invoice-money';
import { exactMinorUnits } from '@invoice-platform/common/money';

/**
 * An invoice's balance (docs/money-trail.md): what its credit notes took off, what its payments
 * settled and what is still due, each exact to the currency's minor unit. One definition, used by
 * the credit note and payment use cases to decide, by the API's and the events' invoice object to
 * show, and by the chaos run's reconciliation to check.
 */
export interface Balance {
  amount_credited: string;
  amount_paid: string;
  amount_due: string;
}

/** What the balance is computed from: the invoice's own stored fields. */
export interface BalanceInput {
  currency: string;
  amount: string;
  invoice_status: string;
  /** The invoice's credit notes' totals (positive amounts). */
  credit_notes?: readonly { amount: string }[];
  /** Its payments (paymentApplied says how much of each counts). */
  payments?: readonly AppliedPaymentInput[];
}

/** What of a payment record decides how much of it counts against its invoice. */
export interface AppliedPaymentInput {
  amount: string;
  /**
   * False: money received but not counted against the invoice (an online payment that found it
   * paid or cancelled: refundable, docs/payments.md). Absent on records made before it existed:
   * counted exactly when the status they found (`invoice_status`) was unpaid or overdue, the
   * statuses a payment moved to paid then.
   */
  applies?: boolean;
  invoice_status?: string;
  /** The part counted when less than `amount` (an online payment over the amount due); absent: all of it. */
  amount_applied?: string;
}

/**
 * The part of a payment counted in amount_paid, as minor units of `currency` (docs/money-trail.md
 * "Partial payments").
 */
export function paymentApplied(payment: AppliedPaymentInput, currency: string): bigint {
  const legacyApplies =
    payment.invoice_status === undefined || payment.invoice_status === 'unpaid' || payment.invoice_status === 'overdue';
  if (payment.applies === false || (payment.applies === undefined && !legacyApplies)) return 0n;
  return unitsOf(payment.amount_applied ?? payment.amount, currency);
}

function unitsOf(value: string, currency: string): bigint {
  const n = exactMinorUnits(value, currency);
  if (n === null) throw new RangeError(`not an amount in ${currency}: ${value}`);
  return n;
}

/**
 * amount_credited is the sum of the credit notes; amount_paid the sum of the payments that apply,
 * except while the invoice is `paid` by a status change with less than that recorded, when the
 * business has said the rest is settled: then amount − credited (the spec's "the total while
 * paid"); amount_due is amount − credited − paid, never below 0.
 */
export function balanceOf(invoice: BalanceInput): Balance {
  const { currency } = invoice;
  const units = (value: string) => unitsOf(value, currency);
  const amount = units(invoice.amount);
  const credited = (invoice.credit_notes ?? []).reduce((sum, n) => sum + units(n.amount), 0n);
  let paid = (invoice.payments ?? []).reduce((sum, p) => sum + paymentApplied(p, currency), 0n);
  if (invoice.invoice_status === 'paid' && paid < amount - credited) paid = amount - credited;
  const due = amount - credited - paid;
  const digits = minorUnits(currency);
  return {
    amount_credited: formatMinor(credited, digits),
    amount_paid: formatMinor(paid, digits),
    amount_due: formatMinor(due > 0n ? due : 0n, digits),
  };
}
