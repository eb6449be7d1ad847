// Original file: protos/invoiceplatform/invoice/v1/invoice.proto

import type { Item as _invoiceplatform_invoice_v1_Item, Item__Output as _invoiceplatform_invoice_v1_Item__Output } from '../../../invoiceplatform/invoice/v1/Item.ts';

export interface IssueCreditNoteRequest {
  'workspace_id'?: (string);
  'invoice_id'?: (string);
  'source'?: (string);
  'idempotency_key'?: (string);
  'request_fingerprint'?: (string);
  'reason'?: (string);
  'items'?: (_invoiceplatform_invoice_v1_Item)[];
  '_idempotency_key'?: "idempotency_key";
  '_request_fingerprint'?: "request_fingerprint";
}

export interface IssueCreditNoteRequest__Output {
  'workspace_id': (string);
  'invoice_id': (string);
  'source': (string);
  'idempotency_key'?: (string);
  'request_fingerprint'?: (string);
  'reason': (string);
  'items': (_invoiceplatform_invoice_v1_Item__Output)[];
  '_idempotency_key'?: "idempotency_key";
  '_request_fingerprint'?: "request_fingerprint";
}
