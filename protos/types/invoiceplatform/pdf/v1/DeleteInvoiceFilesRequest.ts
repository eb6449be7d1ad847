// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface DeleteInvoiceFilesRequest {
  'workspace_id'?: (string);
  'invoice_id'?: (string);
  'keep_file_id'?: (string);
  'stored_before'?: (string);
  '_keep_file_id'?: "keep_file_id";
  '_stored_before'?: "stored_before";
}

export interface DeleteInvoiceFilesRequest__Output {
  'workspace_id': (string);
  'invoice_id': (string);
  'keep_file_id'?: (string);
  'stored_before'?: (string);
  '_keep_file_id'?: "keep_file_id";
  '_stored_before'?: "stored_before";
}
