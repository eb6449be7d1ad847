// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface ListTemplatesRequest {
  'workspace_id'?: (string);
  'plan'?: (string);
}

export interface ListTemplatesRequest__Output {
  'workspace_id': (string);
  'plan': (string);
}
