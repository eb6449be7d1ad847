import type { Item } from '@invoice-platform/protos/invoiceplatform/invoice/v1/Item';

/**
 * The fields of a line as GenerateInvoice takes it (invoice.v1 Item), from a decoded request
 * item or an invoice's computed line: the computed figures and proto-loader's oneof markers
 * (`_discount`, …) stay behind; an optional text set to '' reads as absent.
 */
export function generateItem(line: Item): Required<Pick<Item, 'description' | 'quantity' | 'price'>> & Item {
  return {
    description: line.description ?? '',
    quantity: line.quantity ?? '',
    price: line.price ?? '',
    discount: line.discount,
    unit: line.unit,
    tax_rate: line.tax_rate,
    unit_code: line.unit_code || undefined,
    tax_category: line.tax_category || undefined,
    tax_exemption_reason: line.tax_exemption_reason || undefined,
  };
}
