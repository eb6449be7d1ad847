// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface DeleteWorkspaceTemplateResponse {
  'deleted'?: (boolean);
  'was_default'?: (boolean);
}

export interface DeleteWorkspaceTemplateResponse__Output {
  'deleted': (boolean);
  'was_default': (boolean);
}
