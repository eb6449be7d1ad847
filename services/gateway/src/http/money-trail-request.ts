import type { IssueCreditNoteRequest } from '@invoice-platform/protos/invoiceplatform/invoice/v1/IssueCreditNoteRequest';
import type { RecordPaymentRequest } from '@invoice-platform/protos/invoiceplatform/invoice/v1/RecordPaymentRequest';
import { decimalText, itemsRequest } from './generate-request.ts';
import type { IssueCreditNoteBody, RecordPaymentBody } from './schemas/money-trail.ts';

/**
 * The IssueCreditNote request of a body that passed IssueCreditNoteBody, from the public API
 * (`api`) or the admin API (`dashboard`): its items as a generate's (money as decimal text); no
 * items asks for the whole amount still creditable.
 */
export function creditNoteRequest(
  workspaceId: string,
  invoiceId: string,
  source: 'api' | 'dashboard',
  body: IssueCreditNoteBody,
  idempotencyKey: string | undefined,
  fp: string,
): IssueCreditNoteRequest {
  return {
    workspace_id: workspaceId,
    invoice_id: invoiceId,
    source,
    idempotency_key: idempotencyKey,
    request_fingerprint: idempotencyKey ? fp : undefined,
    reason: body.reason,
    items: body.items ? itemsRequest(body.items) : [],
  };
}

/** The RecordPayment request of a body that passed RecordPaymentBody; the amount as exact decimal text. */
export function paymentRequest(
  workspaceId: string,
  invoiceId: string,
  source: 'api' | 'dashboard',
  body: RecordPaymentBody,
  idempotencyKey: string | undefined,
  fp: string,
): RecordPaymentRequest {
  return {
    workspace_id: workspaceId,
    invoice_id: invoiceId,
    source,
    idempotency_key: idempotencyKey,
    request_fingerprint: idempotencyKey ? fp : undefined,
    amount: decimalText(body.amount),
    method: body.method,
    reference: body.reference,
    paid_at: body.paid_at,
  };
}
