// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface Template {
  'id'?: (string);
  'name'?: (string);
  'available'?: (boolean);
  'system_default'?: (boolean);
  'workspace_default'?: (boolean);
  'kind'?: (string);
  'min_plan'?: (string);
}

export interface Template__Output {
  'id': (string);
  'name': (string);
  'available': (boolean);
  'system_default': (boolean);
  'workspace_default': (boolean);
  'kind': (string);
  'min_plan': (string);
}
