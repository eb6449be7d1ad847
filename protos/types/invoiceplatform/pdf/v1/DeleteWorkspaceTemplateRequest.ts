// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface DeleteWorkspaceTemplateRequest {
  'workspace_id'?: (string);
  'template_id'?: (string);
}

export interface DeleteWorkspaceTemplateRequest__Output {
  'workspace_id': (string);
  'template_id': (string);
}
