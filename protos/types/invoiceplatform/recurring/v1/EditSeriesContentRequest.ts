// Original file: protos/invoiceplatform/recurring/v1/recurring.proto

import type { Item as _invoiceplatform_invoice_v1_Item, Item__Output as _invoiceplatform_invoice_v1_Item__Output } from '../../../invoiceplatform/invoice/v1/Item.ts';

export interface EditSeriesContentRequest {
  'workspace_id'?: (string);
  'series_id'?: (string);
  'customer_name'?: (string);
  'customer_email'?: (string);
  'items'?: (_invoiceplatform_invoice_v1_Item)[];
  'currency'?: (string);
  'tax_rate'?: (string);
  'discount_total'?: (string);
  'notes'?: (string);
  'document_language'?: (string);
  '_customer_name'?: "customer_name";
  '_customer_email'?: "customer_email";
  '_currency'?: "currency";
  '_tax_rate'?: "tax_rate";
  '_discount_total'?: "discount_total";
  '_notes'?: "notes";
  '_document_language'?: "document_language";
}

export interface EditSeriesContentRequest__Output {
  'workspace_id': (string);
  'series_id': (string);
  'customer_name'?: (string);
  'customer_email'?: (string);
  'items': (_invoiceplatform_invoice_v1_Item__Output)[];
  'currency'?: (string);
  'tax_rate'?: (string);
  'discount_total'?: (string);
  'notes'?: (string);
  'document_language'?: (string);
  '_customer_name'?: "customer_name";
  '_customer_email'?: "customer_email";
  '_currency'?: "currency";
  '_tax_rate'?: "tax_rate";
  '_discount_total'?: "discount_total";
  '_notes'?: "notes";
  '_document_language'?: "document_language";
}
