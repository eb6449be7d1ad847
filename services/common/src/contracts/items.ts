import type { Item } from '@invoice-platform/protos/invoiceplatform/invoice/v1/Item';

/**
 * The six fields of a line as GenerateInvoice takes it (invoice.v1 Item), from a decoded request
 * item or an invoice's computed line: the computed figures and proto-loader's oneof markers
 * (`_discount`, …) stay behind.
 */
export function generateItem(line: Item): Required<Pick<Item, 'description' | 'quantity' | 'price'>> & Item {
  return {
    description: line.description ?? '',
    quantity: line.quantity ?? '',
    price: line.price ?? '',
    discount: line.discount,
    unit: line.unit,
    tax_rate: line.tax_rate,
  };
}
