import type { GenerateRequest } from '@invoice-platform/common/contracts/generate';
import { Decimal } from 'decimal.js';
import type { GenerateInvoiceBody } from './schemas/generate.ts';

/** JSON number → exact decimal text for the services (money never travels as a float). */
export function decimalText(value: number): string;
export function decimalText(value: number | undefined): string | undefined;
export function decimalText(value: number | undefined): string | undefined {
  return typeof value === 'number' ? new Decimal(value).toFixed() : undefined;
}

/** Items of a body that passed the generate schema (OpenAPI `Item`), as the services take them. */
export function itemsRequest(items: GenerateInvoiceBody['items']): GenerateRequest['items'] {
  return items.map((i) => ({
    description: i.description ?? '',
    quantity: decimalText(i.quantity),
    price: decimalText(i.price),
    discount: decimalText(i.discount),
    unit: i.unit,
    tax_rate: decimalText(i.tax_rate),
    unit_code: i.unit_code,
    tax_category: i.tax_category,
    tax_exemption_reason: i.tax_exemption_reason,
  }));
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
    items: itemsRequest(items),
    tax_rate: decimalText(tax_rate),
    discount_total: decimalText(discount_total),
    is_recurring: is_recurring === true,
  };
}
