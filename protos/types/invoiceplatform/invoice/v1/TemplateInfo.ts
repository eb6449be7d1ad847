// Original file: protos/invoiceplatform/invoice/v1/types.proto


export interface TemplateInfo {
  'id'?: (string);
  'name'?: (string);
  'source'?: (string);
}

export interface TemplateInfo__Output {
  'id': (string);
  'name': (string);
  'source': (string);
}
