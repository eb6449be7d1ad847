// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface ArchiveMismatch {
  'document_id'?: (string);
  'document_number'?: (string);
  'kind'?: (string);
  'file_id'?: (string);
  'expected_sha256'?: (string);
  'actual_sha256'?: (string);
}

export interface ArchiveMismatch__Output {
  'document_id': (string);
  'document_number': (string);
  'kind': (string);
  'file_id': (string);
  'expected_sha256': (string);
  'actual_sha256': (string);
}
