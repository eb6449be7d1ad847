// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface SetWorkspaceDefaultTemplateRequest {
  'workspace_id'?: (string);
  'template_id'?: (string);
  '_template_id'?: "template_id";
}

export interface SetWorkspaceDefaultTemplateRequest__Output {
  'workspace_id': (string);
  'template_id'?: (string);
  '_template_id'?: "template_id";
}
