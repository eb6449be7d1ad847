// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface SetWorkspaceDefaultTemplateResponse {
  'default_template_id'?: (string);
  '_default_template_id'?: "default_template_id";
}

export interface SetWorkspaceDefaultTemplateResponse__Output {
  'default_template_id'?: (string);
  '_default_template_id'?: "default_template_id";
}
