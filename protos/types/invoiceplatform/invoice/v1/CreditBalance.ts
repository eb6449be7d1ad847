// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface CreditBalance {
  'workspace_id'?: (string);
  'unlimited'?: (boolean);
  'credits_remaining'?: (number);
  'credits_used'?: (number);
  'updated_at'?: (string);
  '_credits_remaining'?: "credits_remaining";
}

export interface CreditBalance__Output {
  'workspace_id': (string);
  'unlimited': (boolean);
  'credits_remaining'?: (number);
  'credits_used': (number);
  'updated_at': (string);
  '_credits_remaining'?: "credits_remaining";
}
