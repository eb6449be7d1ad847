// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface SetCreditsRequest {
  'workspace_id'?: (string);
  'unlimited'?: (boolean);
  'credits'?: (number);
  '_credits'?: "credits";
}

export interface SetCreditsRequest__Output {
  'workspace_id': (string);
  'unlimited': (boolean);
  'credits'?: (number);
  '_credits'?: "credits";
}
