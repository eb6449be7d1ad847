// Original file: protos/invoiceplatform/invoice/v1/invoice.proto

import type { ArchiveMismatch as _invoiceplatform_invoice_v1_ArchiveMismatch, ArchiveMismatch__Output as _invoiceplatform_invoice_v1_ArchiveMismatch__Output } from '../../../invoiceplatform/invoice/v1/ArchiveMismatch.ts';

export interface VerifyArchiveResponse {
  'checked'?: (number);
  'mismatches'?: (_invoiceplatform_invoice_v1_ArchiveMismatch)[];
  'next_page_token'?: (string);
  '_next_page_token'?: "next_page_token";
}

export interface VerifyArchiveResponse__Output {
  'checked': (number);
  'mismatches': (_invoiceplatform_invoice_v1_ArchiveMismatch__Output)[];
  'next_page_token'?: (string);
  '_next_page_token'?: "next_page_token";
}
