/**
 * invoice.v1 MarkPaidByPaymentRequest (protos/invoiceplatform/invoice/v1/invoice.proto): the payment
 * service's report of a verified payment, which the invoice service takes as it comes. Written
 * once so the sender and the receiver cannot drift apart.
 */
export interface MarkPaidByPaymentRequest {
  workspace_id: string;
  invoice_id: string;
  payment_gateway: string;
  /** The idempotency key of the call, unique per gateway. */
  provider_payment_id: string;
  /** Decimal string in `currency`. */
  amount: string;
  currency: string;
  /** RFC 3339; unset: now. */
  paid_at?: string;
  /**
   * A test payment (docs/payments.md "Test mode"): through a sandbox connection, or a Stripe event
   * with livemode false. A live invoice only lists it; a test invoice takes it as a payment.
   */
  test_payment?: boolean;
}
