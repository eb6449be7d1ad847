// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface ResolveTemplateRequest {
  'workspace_id'?: (string);
  'plan'?: (string);
  'requested_template_id'?: (string);
  '_requested_template_id'?: "requested_template_id";
}

export interface ResolveTemplateRequest__Output {
  'workspace_id': (string);
  'plan': (string);
  'requested_template_id'?: (string);
  '_requested_template_id'?: "requested_template_id";
}
