/**
 * When a stored checkout is sent to again and when a new one is opened (docs/payments.md "One
 * checkout per invoice and provider"). Pure rules; the store applies them with conditional writes.
 */
import { sameAmount } from '@invoice-platform/common/money';
import type { CheckoutDoc } from './records.ts';

/** The invoice's existing checkout for the provider, as the reuse rule reads it. */
export type ExistingCheckout = Pick<CheckoutDoc, 'state' | 'amount' | 'currency' | 'redirect_url' | 'expires_at'>;

/**
 * A customer needs some time on the provider's page: a checkout that ends sooner than this is not
 * handed out again; a new one is opened instead.
 */
export const minRemainingMs = 10 * 60_000;

export type CheckoutDecision =
  /** Send the customer to the stored checkout. */
  | 'reuse'
  /** Another StartCheckout is asking the provider for it right now: wait and reuse its result. */
  | 'wait'
  /** Open a new provider checkout in its place. */
  | 'replace';

/**
 * What to do with the stored checkout for `invoice` at `now`. `leaseHeld`: the lease of the
 * StartCheckout that is creating it still holds (one whose lease ran out is taken to have died).
 */
export function decideCheckout(
  stored: ExistingCheckout,
  invoice: { amount: string; currency: string },
  now: Date,
  leaseHeld: boolean,
): CheckoutDecision {
  if (stored.state === 'creating') return leaseHeld ? 'wait' : 'replace';
  if (stored.state !== 'open' || !stored.redirect_url) return 'replace';
  if (stored.currency !== invoice.currency || !sameAmount(stored.currency, stored.amount, invoice.amount))
    return 'replace';
  if (stored.expires_at && stored.expires_at.getTime() - now.getTime() < minRemainingMs) return 'replace';
  return 'reuse';
}

/** The checkout's end: the provider's, or the service's own limit when the provider gives none or a later one. */
export function checkoutExpiry(providerExpiry: Date | undefined, now: Date, maxAgeMs: number): Date {
  const limit = new Date(now.getTime() + maxAgeMs);
  return providerExpiry && providerExpiry.getTime() < limit.getTime() ? providerExpiry : limit;
}

/**
 * Invoice states a checkout may be opened for (docs/architecture.md#status-moves: only unpaid and
 * overdue can be paid).
 */
export function payableStatus(status: string): boolean {
  return status === 'unpaid' || status === 'overdue';
}

/**
 * What a checkout charges (docs/money-trail.md "Partial payments"): the invoice's amount_due, what
 * is left once its credit notes and recorded payments are taken off. An invoice service from before
 * partial payments sends no amount_due: then the amount, which was the due.
 */
export function amountToCharge(invoice: { amount?: string; amount_due?: string }): string {
  return invoice.amount_due || invoice.amount || '';
}

/** Whether `amount` is nothing at all (a zero amount_due: nothing to pay online). */
export function isZeroAmount(amount: string): boolean {
  return /^0*(?:\.0*)?$/.test(amount);
}

/** The provider's notification route on the gateway: {base}/p/pay/{provider}/notify. */
export function notifyUrl(publicBaseUrl: string, provider: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/p/pay/${provider}/notify`;
}

/**
 * Whether an invoice can take a payment that is not taken yet (PayPal's capture of an approved
 * order): payable, not archived, and its amount due (`amount`, amountToCharge) still the amount
 * the checkout was opened for: a payment recorded or a credit note issued since makes the order
 * one for an old amount, which is not captured (the page opens one for the new due). Money already
 * taken is recorded whatever the invoice's state (MarkPaidByPayment); money not yet taken is
 * taken only for an invoice that still wants it.
 */
export function canTakePayment(
  invoice: { invoice_status: string; is_archived: boolean; amount: string; currency: string },
  checkout: { amount: string; currency: string },
): string | undefined {
  if (!payableStatus(invoice.invoice_status)) return `the invoice is ${invoice.invoice_status}`;
  if (invoice.is_archived) return 'the invoice is archived';
  if (
    invoice.currency.toUpperCase() !== checkout.currency ||
    !sameAmount(checkout.currency, invoice.amount, checkout.amount)
  )
    return 'the amount due is not the amount the checkout was opened for';
  return undefined;
}

/**
 * How the due-work pass re-checks the open checkouts of a provider that re-checks them (PayPal,
 * adapter.recheckOpen): the first re-check `firstMs` after the checkout is opened, each next one
 * twice as long after the last (at most an hour apart), none once `forMs` have passed since the
 * opening.
 */
export interface RecheckSchedule {
  firstMs: number;
  forMs: number;
}

/** The longest wait between two scheduled re-checks of one checkout. */
export const maxRecheckIntervalMs = 3_600_000;

/**
 * When the re-check after `done` re-checks is due, `now` being the last one (or the opening);
 * null when the checkout is past its re-checks. Backing off bounds an order's GETs to about
 * log2(an hour / firstMs) + forMs / an hour, however long it stays unapproved.
 */
export function nextRecheckAt(openedAt: Date, done: number, now: Date, schedule: RecheckSchedule): Date | null {
  const waitMs = Math.min(schedule.firstMs * 2 ** Math.min(done, 32), maxRecheckIntervalMs);
  const at = new Date(now.getTime() + waitMs);
  return at.getTime() - openedAt.getTime() > schedule.forMs ? null : at;
}
