import type { MarkPaidByPaymentRequest } from '@invoice-platform/common/contracts/payments';
import { isCalendarDate } from '@invoice-platform/common/dates';
import { AppError, type FieldError } from '@invoice-platform/common/errors';
import { paymentProviders } from '@invoice-platform/common/payment-providers';
import { exactMinorUnits } from '@invoice-platform/common/money';
import { formatMinor, MAX_INPUT_LENGTH, minorUnits } from '@invoice-platform/common/invoice-money';
import { isOneOf, type RecordedPaymentMethod, recordedPaymentMethods } from '@invoice-platform/common/contracts/values';
import { balanceOf, type BalanceInput } from './balance.ts';
import { paymentMovesToPaid } from './status.ts';

/** A payment notification as the payment service reports it (MarkPaidByPaymentRequest). */
export type PaymentInput = MarkPaidByPaymentRequest;

/** A checked payment: the currency upper case, paid_at parsed. */
export interface Payment {
  gateway: string;
  providerPaymentId: string;
  amount: string;
  currency: string;
  paidAt: Date | undefined;
  /** A test payment (docs/payments.md "Test mode"): on a live invoice it is only listed. */
  test: boolean;
}

/** Provider ids are short (Stripe's pi_… is 27 characters); the bound keeps junk out of the invoice. */
const MAX_PROVIDER_ID_LENGTH = 200;
const rfc3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

/** Checks the request's own fields (ValidationError naming each bad one); the invoice is not read yet. */
export function readPayment(req: PaymentInput): Payment {
  const errors: FieldError[] = [];
  if (!(paymentProviders as readonly string[]).includes(req.payment_gateway))
    errors.push({ path: 'payment_gateway', message: `must be one of: ${paymentProviders.join(', ')}` });
  if (!req.provider_payment_id || req.provider_payment_id.length > MAX_PROVIDER_ID_LENGTH)
    errors.push({ path: 'provider_payment_id', message: `is required (at most ${MAX_PROVIDER_ID_LENGTH} characters)` });
  const currency = (req.currency ?? '').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) errors.push({ path: 'currency', message: 'must be an ISO 4217 currency code' });
  if (
    !req.amount ||
    req.amount.length > MAX_INPUT_LENGTH ||
    !/^\d+(?:\.\d+)?$/.test(req.amount) ||
    /^[0.]+$/.test(req.amount)
  )
    errors.push({ path: 'amount', message: 'must be a decimal number greater than 0' });
  let paidAt: Date | undefined;
  if (req.paid_at) {
    paidAt = new Date(req.paid_at);
    // Date parses 2026-02-30 as 2 March; the calendar check refuses it.
    if (!rfc3339.test(req.paid_at) || !isCalendarDate(req.paid_at.slice(0, 10)) || Number.isNaN(paidAt.getTime()))
      errors.push({ path: 'paid_at', message: 'must be an RFC 3339 time' });
  }
  if (errors.length > 0) throw AppError.validation(errors, 'The payment has invalid fields.');
  return {
    gateway: req.payment_gateway,
    providerPaymentId: req.provider_payment_id,
    amount: req.amount,
    currency,
    paidAt,
    test: req.test_payment === true,
  };
}

/** How an online payment counts against its invoice (docs/money-trail.md "Partial payments"). */
export interface OnlineApplication {
  /** False: received but not counted (the invoice was paid or cancelled): money to refund. */
  applies: boolean;
  /** Set when only part of it counts: the amount due it found, when it paid more. */
  amountApplied?: string;
  /** It brings amount_due to 0: the invoice moves to paid as a PUT status paid would. */
  closes: boolean;
}

/**
 * How an online payment counts (docs/money-trail.md "Partial payments"): on an unpaid or overdue
 * invoice it pays `amount_due`, which the page charges: as much or more closes the invoice (the
 * excess is received, not applied), less is a partial payment without a status move. On a paid or
 * cancelled invoice it is received only. Refused (FAILED_PRECONDITION, nothing changed) in another
 * currency, or finer than the currency's minor unit: a misconfiguration, not a payment to accept.
 */
export function assertPaysInvoice(invoice: BalanceInput, payment: Payment): OnlineApplication {
  const received = payment.currency === invoice.currency ? exactMinorUnits(payment.amount, invoice.currency) : null;
  if (received === null)
    throw new AppError(
      'application',
      `The payment of ${payment.amount} ${payment.currency} is not an amount in the invoice currency ${invoice.currency}; nothing was changed.`,
      {
        invoice_amount: invoice.amount,
        invoice_currency: invoice.currency,
        amount: payment.amount,
        currency: payment.currency,
      },
    );
  if (!paymentMovesToPaid(invoice.invoice_status)) return { applies: false, closes: false };
  const due = exactMinorUnits(balanceOf(invoice).amount_due, invoice.currency)!;
  if (received < due) return { applies: true, closes: false };
  return {
    applies: true,
    closes: true,
    ...(received > due ? { amountApplied: formatMinor(due, minorUnits(invoice.currency)) } : {}),
  };
}

/** RecordPaymentRequest's fields (the public API's body, decimal text from the gateway). */
export interface RecordPaymentInput {
  amount: string;
  method?: string;
  reference?: string;
  paid_at?: string;
}

/** A checked recorded payment: the amount as the currency's fixed text, the method defaulted. */
export interface RecordedPayment {
  amount: string;
  method: RecordedPaymentMethod;
  reference: string | null;
  /** Null: now. */
  paidAt: Date | null;
}

/** At most this many payments on an invoice, so its document stays bounded (online ones are always recorded). */
export const maxPaymentsPerInvoice = 200;
export const maxReferenceLength = 200;
/** A paid_at this far ahead of the service's clock is the client's clock running fast, not the future. */
export const paidAtClockSkewMs = 5 * 60_000;

/**
 * Checks a recorded payment's own fields against the invoice's currency (ValidationError naming
 * each bad one under `body.`): amount > 0 and exact to the currency's minor unit, method one of
 * recordedPaymentMethods (default other), reference at most 200 characters, paid_at RFC 3339 and
 * not in the future. The amount due is checked on the invoice as it is, in the change
 * (assertRecordable).
 */
export function readRecordedPayment(req: RecordPaymentInput, currency: string, now: Date): RecordedPayment {
  const errors: FieldError[] = [];
  const digits = minorUnits(currency);
  let amount = '';
  const units =
    req.amount && req.amount.length <= MAX_INPUT_LENGTH && /^\d+(?:\.\d+)?$/.test(req.amount)
      ? exactMinorUnits(req.amount, currency)
      : null;
  if (!req.amount || !/^\d+(?:\.\d+)?$/.test(req.amount) || req.amount.length > MAX_INPUT_LENGTH)
    errors.push({ path: 'body.amount', message: 'is required: a decimal number greater than 0' });
  else if (units === null)
    errors.push({
      path: 'body.amount',
      message: `must be exact to ${currency}'s minor unit (at most ${digits} decimal${digits === 1 ? '' : 's'})`,
    });
  else if (units <= 0n) errors.push({ path: 'body.amount', message: 'must be greater than 0' });
  else amount = formatMinor(units, digits);
  const method = req.method || 'other';
  if (!isOneOf(recordedPaymentMethods, method))
    errors.push({ path: 'body.method', message: `must be one of: ${recordedPaymentMethods.join(', ')}` });
  const reference = req.reference ? req.reference : null;
  if (reference !== null && [...reference].length > maxReferenceLength)
    errors.push({ path: 'body.reference', message: `must be at most ${maxReferenceLength} characters` });
  let paidAt: Date | null = null;
  if (req.paid_at) {
    paidAt = new Date(req.paid_at);
    if (!rfc3339.test(req.paid_at) || !isCalendarDate(req.paid_at.slice(0, 10)) || Number.isNaN(paidAt.getTime()))
      errors.push({ path: 'body.paid_at', message: 'must be an RFC 3339 time, such as 2026-11-20T10:30:00Z' });
    else if (paidAt.getTime() > now.getTime() + paidAtClockSkewMs)
      errors.push({ path: 'body.paid_at', message: 'must not be in the future' });
  }
  if (errors.length > 0) throw AppError.validation(errors, 'The payment has invalid fields.');
  return { amount, method: method as RecordedPaymentMethod, reference, paidAt };
}

/**
 * Whether the invoice as it is takes the recorded payment, and whether it closes it: refused on a
 * paid or cancelled invoice and past maxPaymentsPerInvoice (ApplicationError), past amount_due
 * (ValidationError naming body.amount). Decided inside the invoice's compare-and-set, so
 * concurrent payments never pass the amount.
 */
export function assertRecordable(
  invoice: BalanceInput & { payments?: readonly unknown[] },
  payment: Pick<RecordedPayment, 'amount'>,
): { closes: boolean } {
  const status = invoice.invoice_status;
  if (status === 'paid' || status === 'cancelled')
    throw new AppError(
      'application',
      `The invoice is ${status}: a payment can only be recorded on an unpaid or overdue invoice.`,
      { invoice_status: status },
    );
  if ((invoice.payments ?? []).length >= maxPaymentsPerInvoice)
    throw new AppError(
      'application',
      `The invoice already has ${maxPaymentsPerInvoice} payments, the most it can hold; record the rest as one payment.`,
      { limit: maxPaymentsPerInvoice },
    );
  const due = balanceOf(invoice).amount_due;
  const dueUnits = exactMinorUnits(due, invoice.currency)!;
  const units = exactMinorUnits(payment.amount, invoice.currency)!;
  if (units > dueUnits)
    throw AppError.validation(
      [{ path: 'body.amount', message: `must be at most the amount due, ${due} ${invoice.currency}` }],
      `The payment of ${payment.amount} ${invoice.currency} is more than the ${due} ${invoice.currency} due; nothing was recorded.`,
    );
  return { closes: units === dueUnits };
}
