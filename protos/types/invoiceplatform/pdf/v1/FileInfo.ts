// Original file: protos/invoiceplatform/pdf/v1/pdf.proto

import type { TemplateInfo as _invoiceplatform_invoice_v1_TemplateInfo, TemplateInfo__Output as _invoiceplatform_invoice_v1_TemplateInfo__Output } from '../../../invoiceplatform/invoice/v1/TemplateInfo.ts';
import type { Long } from '@grpc/proto-loader';

export interface FileInfo {
  'file_id'?: (string);
  'workspace_id'?: (string);
  'invoice_id'?: (string);
  'content_type'?: (string);
  'size_bytes'?: (number | string | Long);
  'pages'?: (number);
  'download_name'?: (string);
  'sha256'?: (string);
  'invoice_sequence'?: (number);
  'template'?: (_invoiceplatform_invoice_v1_TemplateInfo | null);
  'document_language'?: (string);
  'status_marking'?: (string);
  'created_at'?: (string);
}

export interface FileInfo__Output {
  'file_id': (string);
  'workspace_id': (string);
  'invoice_id': (string);
  'content_type': (string);
  'size_bytes': (string);
  'pages': (number);
  'download_name': (string);
  'sha256': (string);
  'invoice_sequence': (number);
  'template': (_invoiceplatform_invoice_v1_TemplateInfo__Output | null);
  'document_language': (string);
  'status_marking': (string);
  'created_at': (string);
}
