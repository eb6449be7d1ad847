// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface PaymentGateway {
  'id'?: (string);
  'workspace_id'?: (string);
  'provider'?: (string);
  'connected_at'?: (string);
  'mode'?: (string);
  'credential_fields'?: (string)[];
  'updated_at'?: (string);
}

export interface PaymentGateway__Output {
  'id': (string);
  'workspace_id': (string);
  'provider': (string);
  'connected_at': (string);
  'mode': (string);
  'credential_fields': (string)[];
  'updated_at': (string);
}
