// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface AuthenticateApiKeyRequest {
  'raw_key'?: (string);
}

export interface AuthenticateApiKeyRequest__Output {
  'raw_key': (string);
}
