// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface UpsertWorkspaceTemplateRequest {
  'workspace_id'?: (string);
  'template_id'?: (string);
  'name'?: (string);
  'content'?: (string);
  'helpers'?: (string);
  'min_plan'?: (string);
  '_template_id'?: "template_id";
  '_helpers'?: "helpers";
  '_min_plan'?: "min_plan";
}

export interface UpsertWorkspaceTemplateRequest__Output {
  'workspace_id': (string);
  'template_id'?: (string);
  'name': (string);
  'content': (string);
  'helpers'?: (string);
  'min_plan'?: (string);
  '_template_id'?: "template_id";
  '_helpers'?: "helpers";
  '_min_plan'?: "min_plan";
}
