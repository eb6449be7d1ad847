// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface WorkspaceTemplate {
  'id'?: (string);
  'workspace_id'?: (string);
  'name'?: (string);
  'min_plan'?: (string);
  'version'?: (number);
  'workspace_default'?: (boolean);
  'created_at'?: (string);
  'updated_at'?: (string);
}

export interface WorkspaceTemplate__Output {
  'id': (string);
  'workspace_id': (string);
  'name': (string);
  'min_plan': (string);
  'version': (number);
  'workspace_default': (boolean);
  'created_at': (string);
  'updated_at': (string);
}
