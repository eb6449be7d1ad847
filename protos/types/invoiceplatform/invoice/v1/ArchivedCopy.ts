// Original file: protos/invoiceplatform/invoice/v1/invoice.proto

import type { Long } from '@grpc/proto-loader';

export interface ArchivedCopy {
  'file_id'?: (string);
  'sha256'?: (string);
  'size_bytes'?: (number | string | Long);
  'content_type'?: (string);
  'stored_at'?: (string);
}

export interface ArchivedCopy__Output {
  'file_id': (string);
  'sha256': (string);
  'size_bytes': (string);
  'content_type': (string);
  'stored_at': (string);
}
