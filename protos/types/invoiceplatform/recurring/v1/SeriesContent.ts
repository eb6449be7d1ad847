// Original file: protos/invoiceplatform/recurring/v1/recurring.proto

import type { Item as _invoiceplatform_invoice_v1_Item, Item__Output as _invoiceplatform_invoice_v1_Item__Output } from '../../../invoiceplatform/invoice/v1/Item.ts';

export interface SeriesContent {
  'customer_name'?: (string);
  'customer_email'?: (string);
  'items'?: (_invoiceplatform_invoice_v1_Item)[];
  'currency'?: (string);
  'tax_rate'?: (string);
  'discount_total'?: (string);
  'notes'?: (string);
  'document_language'?: (string);
  '_notes'?: "notes";
}

export interface SeriesContent__Output {
  'customer_name': (string);
  'customer_email': (string);
  'items': (_invoiceplatform_invoice_v1_Item__Output)[];
  'currency': (string);
  'tax_rate': (string);
  'discount_total': (string);
  'notes'?: (string);
  'document_language': (string);
  '_notes'?: "notes";
}
