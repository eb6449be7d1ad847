import type { GenerateRequest } from '@invoice-platform/common/contracts/generate';
import { Decimal } from 'decimal.js';
import type { GenerateInvoiceBody } from './schemas/generate.ts';

/** JSON number → exact decimal text for the services (money never travels as a float). */
function dec(value: number): string;
function dec(value: number | undefined): string | undefined;
function dec(value: number | undefined): string | undefined {
  return typeof value === 'number' ? new Decimal(value).toFixed() : undefined;
}

/**
 * The generate request of a body that passed GenerateInvoiceBody, from the public API (`api`) or
 * the admin API (`dashboard`): its fields are the message's by the same names, so only the numbers
 * (money as decimal text), the flag and what the gateway adds are written out here.
 */
export function generateRequest(
  workspaceId: string,
  source: 'api' | 'dashboard',
  body: GenerateInvoiceBody,
  idempotencyKey: string | undefined,
  fp: string,
): GenerateRequest {
  const { items, tax_rate, discount_total, is_recurring, ...asSent } = body;
  return {
    ...asSent,
    workspace_id: workspaceId,
    source,
    idempotency_key: idempotencyKey,
    request_fingerprint: idempotencyKey ? fp : undefined,
    items: items.map((i) => ({
      description: i.description ?? '',
      quantity: dec(i.quantity),
      price: dec(i.price),
      discount: dec(i.discount),
      unit: i.unit,
      tax_rate: dec(i.tax_rate),
    })),
    tax_rate: dec(tax_rate),
    discount_total: dec(discount_total),
    is_recurring: is_recurring === true,
  };
}
