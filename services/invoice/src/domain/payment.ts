import type { MarkPaidByPaymentRequest } from '@invoice-platform/common/contracts/payments';
import { isCalendarDate } from '@invoice-platform/common/dates';
import { AppError, type FieldError } from '@invoice-platform/common/errors';
import { paymentProviders } from '@invoice-platform/common/payment-providers';
import { sameAmount } from '@invoice-platform/common/money';
import { MAX_INPUT_LENGTH } from '@invoice-platform/common/invoice-money';

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

/**
 * Refuses a payment that is not exactly the invoice's amount in its currency (FAILED_PRECONDITION):
 * an underpayment must not settle the invoice, and an amount the provider reports in another unit
 * or currency is a misconfiguration, not a payment to accept. The caller keeps the notification.
 */
export function assertPaysInvoice(invoice: { amount: string; currency: string }, payment: Payment): void {
  if (payment.currency === invoice.currency && sameAmount(invoice.currency, invoice.amount, payment.amount)) return;
  throw new AppError(
    'application',
    `The payment of ${payment.amount} ${payment.currency} does not match the invoice total of ${invoice.amount} ${invoice.currency}; nothing was changed.`,
    {
      invoice_amount: invoice.amount,
      invoice_currency: invoice.currency,
      amount: payment.amount,
      currency: payment.currency,
    },
  );
}
